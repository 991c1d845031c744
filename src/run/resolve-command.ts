import { isAbsolute } from 'node:path';
import { directArgv } from './direct-argv.js';
import { findInPath, systemProbe } from '../process/find-in-path.js';
import { resolveShell, type ShellKind } from './shell-resolve.js';

export interface ResolvedCommand {
  file: string;
  args: string[];
  shellKind: ShellKind;
  /** `file` was found executable by this lookup (so starting it needs no second one). */
  found?: boolean;
}

function programExists(program: string, env: NodeJS.ProcessEnv): boolean {
  const probe = { ...systemProbe(), env };
  if (program.includes('/') || isAbsolute(program)) return probe.isExecutable(program);
  return findInPath(program, probe) !== undefined;
}

/**
 * Direct argv when the command needs no shell and its program exists (so a missing program still
 * gets the shell's familiar "command not found" and exit 127); else the resolved shell.
 */
export function resolveCommand(
  command: string,
  options: {
    shell: boolean | 'bash' | 'sh' | 'powershell' | 'cmd' | undefined;
    pipefail: boolean;
    env: NodeJS.ProcessEnv;
    /**
     * false: a command that needs no shell goes direct without looking its program up (`found: false`); the caller
     * starts it and, when that fails with ENOENT or EACCES, starts it through the shell instead (`missingProgram`).
     * @defaultValue true
     */
    lookup?: boolean;
  },
): ResolvedCommand {
  if (options.shell !== true && typeof options.shell !== 'string') {
    const argv = directArgv(command);
    if (argv && options.shell !== false && options.lookup === false)
      return { file: argv[0]!, args: argv.slice(1), shellKind: 'direct', found: false };
    if (argv && (options.shell === false || programExists(argv[0]!, options.env))) {
      return { file: argv[0]!, args: argv.slice(1), shellKind: 'direct', found: options.shell !== false };
    }
    if (options.shell === false) {
      throw new TypeError(`Expected \`command\` to need no shell (option \`shell: false\`), got \`${command}\``);
    }
  }
  const shell = resolveShell(
    { ...systemProbe(), env: options.env },
    typeof options.shell === 'string' ? options.shell : undefined,
  );
  const args = shell.argsFor(command);
  if (options.pipefail && shell.kind === 'bash') args.unshift('-o', 'pipefail');
  return { file: shell.file, args, shellKind: shell.kind, found: shell.kind === 'bash' || shell.kind === 'sh' };
}

/** A start that failed this way means no such program to run (or none executable): the shell then says so (127, 126). */
export function missingProgram(error: unknown): boolean {
  const { code } = error as NodeJS.ErrnoException;
  return code === 'ENOENT' || code === 'EACCES';
}
