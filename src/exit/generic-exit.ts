import { describeSignal, signalName } from './signals.js';
import type { ExitClassification } from './classify-exit.js';

const quoted = `['‘"]?([^'’":\\n]+?)['’"]?`;
// What bash, dash, env, timeout, nohup, nice, stdbuf, xargs and sudo print when a command is missing.
const notFoundPatterns: readonly RegExp[] = [
  /(?:^|\n)(?:[^\n]*?: )?(?:line \d+: )?([^\n:]+): command not found/,
  /(?:^|\n)[^\n]*?: \d+: ([^\n:]+): not found/,
  new RegExp(`(?:^|\\n)\\w+: (?:failed to run command )?${quoted}: No such file or directory`),
  /(?:^|\n)(?:[^\n]*?: )?(?:line \d+: )?([^\n:]+): No such file or directory/,
];
const cannotExecutePattern =
  /(?:^|\n)(?:[^\n]*?: )?(?:line \d+: )?([^\n:]+): (Permission denied|Is a directory|cannot execute[^\n]*)/;

// The complaint is near one end; clipping keeps the scan cheap on megabytes of stderr.
function clip(stderr: string): string {
  return stderr.length > 8192 ? `${stderr.slice(0, 4096)}\n${stderr.slice(-4096)}` : stderr;
}

/** The missing command's name from a shell's or wrapper's complaint on stderr. */
export function missingCommandName(stderr: string): string | undefined {
  const text = clip(stderr);
  for (const pattern of notFoundPatterns) {
    const name = pattern.exec(text)?.[1]?.trim();
    if (name) return name;
  }
  return undefined;
}

/** Readings that hold for any program: 126, 127, 128 + N. */
export function genericReading(code: number, program: string | undefined, stderr: string | undefined): ExitClassification {
  if (code === 0) return { status: 'ok' };
  if (code === 127) {
    const name = (stderr === undefined ? undefined : missingCommandName(stderr)) ?? program;
    return { status: 'error', message: name === undefined ? 'Command not found' : `Command not found: ${name}` };
  }
  if (code === 126) {
    const match = stderr === undefined ? null : cannotExecutePattern.exec(clip(stderr));
    if (match) return { status: 'error', message: `Cannot execute ${(match[1] as string).trim()}: ${match[2] as string}` };
    return { status: 'error', message: program === undefined ? 'Cannot execute the command' : `Cannot execute ${program}` };
  }
  const name = code > 128 ? signalName(code - 128) : undefined;
  if (name !== undefined) return { status: 'signal', message: `${describeSignal(name)} (exit ${code})` };
  return { status: 'error' };
}
