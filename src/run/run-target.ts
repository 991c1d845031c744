import { posix } from 'node:path';
import { TershError } from '../errors.js';
import type { ExecutorTarget } from '../executor/types.js';
import { invalid } from '../validate.js';
import { directArgv } from './direct-argv.js';
import type { ResolvedCommand } from './resolve-command.js';
import type { NormalizedRunOptions } from './run-options.js';

/** True for an object that implements the executor seam (from `dockerExecutor()`, `localExecutor()`…). */
export function isExecutor(value: unknown): value is ExecutorTarget {
  const candidate = value as Partial<ExecutorTarget> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.kind === 'string' &&
    typeof candidate.launch === 'function' &&
    typeof candidate.exec === 'function'
  );
}

/**
 * Settles, in the target, what run() would settle on the host: the working directory (the target's own when none
 * is given), and refuses what cannot be done there rather than do it on the host by mistake.
 */
export async function bindToTarget(opts: NormalizedRunOptions, executor: ExecutorTarget): Promise<void> {
  if (opts.trace)
    throw new TershError(
      'EXECUTOR_UNSUPPORTED',
      `\`trace\` is not available over an executor (${executor.name}): strace would run on the host`,
    );
  if (opts.expect?.changed !== undefined) {
    throw new TershError(
      'EXECUTOR_UNSUPPORTED',
      `\`expect.changed\` is not available over an executor (${executor.name}): it reads git on the host; check \`git status\` in the target instead`,
    );
  }
  const given = opts.cwd;
  opts.cwd = posix.resolve(await executor.defaultCwd(), given || '.');
  if (!(await executor.isDirectory(opts.cwd)))
    throw invalid('cwd', `an existing directory in ${executor.name}`, given || opts.cwd);
}

/** The arguments that confine a command with bubblewrap in the target: writes only to `cwd` and a private /tmp, no network. */
export function targetBubblewrap(
  bwrap: string,
  cwd: string,
  command: { file: string; args: string[] },
): { file: string; args: string[] } {
  const args = [
    '--die-with-parent',
    '--new-session',
    '--unshare-all',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    '--bind',
    cwd,
    cwd,
    '--chdir',
    cwd,
    '--',
    command.file,
    ...command.args,
  ];
  return { file: bwrap, args };
}

/** `sandbox: true` over an executor: bubblewrap there when it is installed, else a refusal (never unconfined). */
export async function sandboxInTarget(
  executor: ExecutorTarget,
  opts: NormalizedRunOptions,
  env: NodeJS.ProcessEnv,
  command: ResolvedCommand,
): Promise<ResolvedCommand> {
  const bwrap = await executor.findProgram('bwrap', env);
  if (!bwrap) {
    throw new TershError(
      'SANDBOX_UNAVAILABLE',
      `No sandbox in ${executor.name}: bubblewrap (bwrap) is not installed there, so the command was not run. A container is its own boundary: run without \`sandbox\`, or install bubblewrap in it.`,
      { details: { executor: executor.name } },
    );
  }
  return { ...targetBubblewrap(bwrap, opts.cwd, command), shellKind: command.shellKind };
}

/**
 * The command as the target runs it: direct argv when its syntax needs no shell (a missing program is then
 * retried through the shell, see run-attempt, for the familiar exit 127), else bash there, else sh.
 */
export async function resolveInTarget(
  command: string,
  opts: NormalizedRunOptions,
  env: NodeJS.ProcessEnv,
  executor: ExecutorTarget,
): Promise<ResolvedCommand> {
  if (opts.shell !== true && typeof opts.shell !== 'string') {
    const argv = directArgv(command);
    if (argv) return { file: argv[0]!, args: argv.slice(1), shellKind: 'direct' };
    if (opts.shell === false)
      throw new TypeError(`Expected \`command\` to need no shell (option \`shell: false\`), got \`${command}\``);
  }
  return shellInTarget(command, opts, env, executor);
}

export async function shellInTarget(
  command: string,
  opts: NormalizedRunOptions,
  env: NodeJS.ProcessEnv,
  executor: ExecutorTarget,
): Promise<ResolvedCommand> {
  const preferred = typeof opts.shell === 'string' ? opts.shell : undefined;
  if (preferred === 'powershell' || preferred === 'cmd')
    throw new TershError('SHELL_UNAVAILABLE', `The ${preferred} shell is not available in ${executor.name}`);
  const bash = preferred === 'sh' ? undefined : await executor.findProgram('bash', env);
  if (bash) return { file: bash, args: [...(opts.pipefail ? ['-o', 'pipefail'] : []), '-c', command], shellKind: 'bash' };
  if (preferred === 'bash')
    throw new TershError('SHELL_UNAVAILABLE', `bash was asked for but is not installed in ${executor.name}`);
  const sh = (await executor.findProgram('sh', env)) ?? '/bin/sh';
  return { file: sh, args: ['-c', command], shellKind: 'sh' };
}
