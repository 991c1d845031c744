import type { Readable, Writable } from 'node:stream';
import { TershError } from '../../errors.js';
import { RUN_TAG_VARIABLE } from '../../process/child-env.js';
import { launchRemote, type RemoteExit } from '../remote-launcher.js';
import type { Executor, LaunchRequest, LaunchedProcess, TargetExecOptions, TargetOutput } from '../types.js';
import { normalizeSshOptions, type SshExecutorOptions } from './ssh-options.js';
import { SshTransport } from './ssh-transport.js';
import { sweepWhenBack } from './sweep-when-back.js';

// Probes run with `sh -c` in the target; arguments after the script name, never spliced into it.
const FIND_PROGRAM = 'IFS=:; for d in $1; do [ -n "$d" ] || d=.; if [ -f "$d/$2" ] && [ -x "$d/$2" ]; then printf %s "$d/$2"; exit 0; fi; done; exit 1';
const PATHS_EXIST = 'cd "$1" 2>/dev/null || exit 2; shift; for p; do if [ -e "$p" ] || [ -L "$p" ]; then echo 1; else echo 0; fi; done';
const IS_EXECUTABLE = '[ -f "$1" ] && [ -x "$1" ]';

/** Environment variables of the SSH session itself, not of the machine: a run does not inherit them. */
const SESSION_VARIABLES = ['SSH_CLIENT', 'SSH_CONNECTION', 'SSH_TTY', 'SSH_AUTH_SOCK', 'OLDPWD', 'PWD', '_', 'SHLVL'];

function parseEnv(output: Buffer): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const entry of output.toString('utf8').split('\0')) {
    const equals = entry.indexOf('=');
    if (equals > 0 && !SESSION_VARIABLES.includes(entry.slice(0, equals))) env[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return env;
}

class SshExecutor implements Executor {
  readonly kind = 'ssh';
  readonly name: string;
  private readonly transport: SshTransport;
  private closed = false;
  private env: Promise<NodeJS.ProcessEnv> | undefined;
  private home: Promise<string> | undefined;

  constructor(options: SshExecutorOptions) {
    this.transport = new SshTransport(normalizeSshOptions(options));
    this.name = this.transport.name;
  }

  private open(): void {
    if (this.closed) throw new TershError('EXECUTOR_CLOSED', `The executor ${this.name} was closed`, { details: { executor: this.name } });
  }

  async launch(request: LaunchRequest): Promise<LaunchedProcess> {
    this.open();
    const launched = await launchRemote(this.transport, request, RUN_TAG_VARIABLE);
    if (!request.detached) {
      void (launched.exit as Promise<RemoteExit>).then((exit) => (exit.lost ? sweepWhenBack(launched, this.transport, () => this.closed) : undefined));
    }
    return launched;
  }

  async exec(argv: readonly string[], options?: TargetExecOptions): Promise<TargetOutput> {
    this.open();
    return this.transport.exec(argv, options);
  }

  /** The login environment sshd gives a session (PATH, HOME, USER, LANG…), read once. */
  baseEnv(): Promise<NodeJS.ProcessEnv> {
    this.open();
    this.env ??= this.required(['env', '-0'], 'read its environment').then((output) => parseEnv(output.stdout));
    return this.env.then((env) => ({ ...env }));
  }

  defaultCwd(): Promise<string> {
    this.open();
    this.home ??= this.required(['pwd'], 'read its home directory').then((output) => output.stdout.toString('utf8').trim());
    return this.home;
  }

  async findProgram(name: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
    if (name.includes('/')) return (await this.exec(['sh', '-c', IS_EXECUTABLE, 'tersh-probe', name])).code === 0 ? name : undefined;
    const found = await this.exec(['sh', '-c', FIND_PROGRAM, 'tersh-probe', env.PATH ?? '', name]);
    return found.code === 0 && found.stdout.length > 0 ? found.stdout.toString('utf8') : undefined;
  }

  async isDirectory(path: string): Promise<boolean> {
    return (await this.exec(['test', '-d', path])).code === 0;
  }

  async pathsExist(paths: readonly string[], cwd: string): Promise<boolean[]> {
    if (paths.length === 0) return [];
    const answer = await this.exec(['sh', '-c', PATHS_EXIST, 'tersh-probe', cwd, ...paths]);
    const lines = answer.stdout.toString('utf8').split('\n');
    return paths.map((_, index) => lines[index] === '1');
  }

  async readTar(dir: string): Promise<Readable> {
    this.open();
    const channel = await this.transport.open(['tar', '-C', dir, '-cf', '-', '.']);
    channel.stdin.end();
    return channel.stdout;
  }

  async writeTar(dir: string): Promise<{ input: Writable; done: Promise<TargetOutput> }> {
    this.open();
    const channel = await this.transport.open(['tar', '-C', dir, '-xf', '-']);
    const stderr: Buffer[] = [];
    channel.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    channel.stdout.resume();
    const done = channel.exit.then(({ code, lost }) => ({ code, stdout: Buffer.alloc(0), stderr: lost ?? Buffer.concat(stderr).toString('utf8') }));
    return { input: channel.stdin, done };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.transport.close();
  }

  /** Connections open now: for tests and the bench. */
  get connections(): number {
    return this.transport.pool.openConnections.length;
  }

  private async required(argv: readonly string[], what: string): Promise<TargetOutput> {
    const output = await this.transport.execReachable(argv);
    if (output.code !== 0) {
      throw new TershError('EXECUTOR_UNAVAILABLE', `Could not ${what} on ${this.name}: ${output.stderr.trim() || `exit status ${output.code}`}`, {
        details: { executor: this.name },
      });
    }
    return output;
  }
}

/**
 * Runs commands on a host over SSH (the `ssh2` client): host keys verified against known_hosts, connections pooled
 * per executor (channels multiplexed on one connection), reconnected on loss. Pass it to `createShell({ executor })`
 * or `run(command, { executor })`; `close()` ends its connections.
 * @public
 */
export function sshExecutor(options: SshExecutorOptions): Executor {
  return new SshExecutor(options);
}
