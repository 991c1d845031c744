import type { Readable, Writable } from 'node:stream';
import { TershError } from '../errors.js';
import { RUN_TAG_VARIABLE } from '../process/child-env.js';
import { launchRemote } from './remote-launcher.js';
import { FIND_PROGRAM_SCRIPT, PATHS_EXIST_SCRIPT } from './probe-scripts.js';
import type {
  ExecutorTarget,
  LaunchRequest,
  LaunchedProcess,
  TargetExecOptions,
  TargetOutput,
  TargetTransport,
} from './types.js';

function parseEnviron(raw: Buffer): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const pair of raw.toString('utf8').split('\0')) {
    const equals = pair.indexOf('=');
    if (equals > 0) env[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  return env;
}

function lines(output: TargetOutput): string[] {
  return output.stdout
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '');
}

/**
 * An executor over a transport (docker exec, an SSH channel): runs go under the wrapper, and every question
 * run() asks about the target (its environment, PATH, directories, files) is a small command run there.
 */
export function createRemoteExecutor(kind: string, transport: TargetTransport): ExecutorTarget {
  let closed = false;
  let environment: Promise<NodeJS.ProcessEnv> | undefined;
  let workingDirectory: Promise<string> | undefined;
  // Each question costs an exec in the target (100-500 ms): the answers that do not change in practice are kept.
  // A directory removed since is still caught by the wrapper (nocwd), a shell removed since by its start error.
  const knownDirectories = new Set<string>();
  const shells = new Map<string, Promise<string | undefined>>();
  const open = (): void => {
    if (closed)
      throw new TershError('EXECUTOR_CLOSED', `The executor ${transport.name} is closed`, {
        details: { executor: transport.name },
      });
  };
  const exec = async (argv: readonly string[], options?: TargetExecOptions): Promise<TargetOutput> => {
    open();
    return transport.exec(argv, options);
  };
  const reached = (output: TargetOutput, what: string): TargetOutput => {
    if (output.code === null) {
      throw new TershError(
        'EXECUTOR_UNAVAILABLE',
        `Could not reach ${transport.name} (${what}): ${output.stderr || 'no answer'}`,
        { details: { executor: transport.name } },
      );
    }
    return output;
  };
  return {
    kind,
    name: transport.name,
    async launch(request: LaunchRequest): Promise<LaunchedProcess> {
      open();
      return launchRemote(transport, request, RUN_TAG_VARIABLE);
    },
    exec,
    baseEnv() {
      environment ??= exec(['cat', '/proc/self/environ']).then((output) =>
        parseEnviron(reached(output, 'reading its environment').stdout),
      );
      return environment.then((env) => ({ ...env }));
    },
    defaultCwd() {
      workingDirectory ??= exec(['sh', '-c', 'pwd']).then(
        (output) => lines(reached(output, 'reading its working directory'))[0] ?? '/',
      );
      workingDirectory.catch(() => (workingDirectory = undefined));
      return workingDirectory;
    },
    findProgram(name, env) {
      const lookup = (): Promise<string | undefined> =>
        exec(['sh', '-c', FIND_PROGRAM_SCRIPT, 'tersh-find', name, env.PATH ?? '']).then(
          (output) => lines(reached(output, 'looking up a program'))[0],
        );
      if (name !== 'bash' && name !== 'sh') return lookup();
      const key = `${name}\0${env.PATH ?? ''}`;
      const found = shells.get(key) ?? lookup();
      shells.set(key, found);
      found.catch(() => shells.delete(key));
      return found;
    },
    async isDirectory(path) {
      if (knownDirectories.has(path)) return true;
      const isDirectory = reached(await exec(['test', '-d', path]), 'checking a directory').code === 0;
      if (isDirectory) knownDirectories.add(path);
      return isDirectory;
    },
    async pathsExist(paths, cwd) {
      if (paths.length === 0) return [];
      const output = reached(await exec(['sh', '-c', PATHS_EXIST_SCRIPT, 'tersh-exist', cwd, ...paths]), 'checking files');
      const found = lines(output);
      return paths.map((_, index) => found[index] === '1');
    },
    async readTar(dir: string): Promise<Readable> {
      open();
      const channel = await transport.open(['tar', '-C', dir, '-cf', '-', '.']);
      channel.stdin.end();
      channel.stderr.resume();
      return channel.stdout;
    },
    async writeTar(dir: string): Promise<{ input: Writable; done: Promise<TargetOutput> }> {
      open();
      const channel = await transport.open(['tar', '-C', dir, '-xf', '-']);
      const stderr: Buffer[] = [];
      channel.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
      channel.stdout.resume();
      const done = channel.exit.then(({ code }) => ({
        code,
        stdout: Buffer.alloc(0),
        stderr: Buffer.concat(stderr).toString('utf8'),
      }));
      return { input: channel.stdin, done };
    },
    async close() {
      if (closed) return;
      closed = true;
      await transport.close();
    },
  };
}
