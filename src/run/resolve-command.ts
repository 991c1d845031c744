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
  options: { shell: boolean | 'bash' | 'sh' | 'powershell' | 'cmd' | undefined; pipefail: boolean; env: NodeJS.ProcessEnv },
): ResolvedCommand {
  if (options.shell !== true && typeof options.shell !== 'string') {
    const argv = directArgv(command);
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
