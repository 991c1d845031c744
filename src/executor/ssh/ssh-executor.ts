import { launchRemote, type RemoteExit } from '../remote-launcher.js';
import { createRemoteExecutor } from '../remote-executor.js';
import type { ExecutorTarget, LaunchRequest, LaunchedProcess } from '../types.js';
import { RUN_TAG_VARIABLE } from '../../process/child-env.js';
import { normalizeSshOptions } from './ssh-options.js';
import { SshTransport } from './ssh-transport.js';
import { sweepWhenBack } from './sweep-when-back.js';

/** Variables of the SSH session itself, not of the machine: a run does not inherit them. */
const SESSION_VARIABLES = ['SSH_CLIENT', 'SSH_CONNECTION', 'SSH_TTY', 'SSH_AUTH_SOCK', 'OLDPWD', 'PWD', '_', 'SHLVL'];

function parseEnviron(raw: Buffer): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const pair of raw.toString('utf8').split('\0')) {
    const equals = pair.indexOf('=');
    if (equals > 0 && !SESSION_VARIABLES.includes(pair.slice(0, equals))) env[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  return env;
}

/** The executor and the transport under it (its connection pool: for tests and the bench); `options` as sshExecutor's. */
export function createSshExecutor(options: unknown): { executor: ExecutorTarget; transport: SshTransport } {
  const transport = new SshTransport(normalizeSshOptions(options));
  const remote = createRemoteExecutor('ssh', transport);
  let closed = false;
  let environment: Promise<NodeJS.ProcessEnv> | undefined;
  let home: Promise<string> | undefined;
  const executor: ExecutorTarget = {
    ...remote,
    async launch(request: LaunchRequest): Promise<LaunchedProcess> {
      if (closed) return remote.launch(request);
      const launched = await launchRemote(transport, request, RUN_TAG_VARIABLE);
      if (!request.detached) {
        void (launched.exit as Promise<RemoteExit>).then((exit) =>
          exit.lost ? sweepWhenBack(launched, transport, () => closed) : undefined,
        );
      }
      return launched;
    },
    /** The login environment sshd gives a session (PATH, HOME, USER, LANG…), read once; a refused host rejects with why. */
    baseEnv() {
      if (closed) return remote.baseEnv();
      environment ??= transport.execReachable(['cat', '/proc/self/environ']).then(
        (output) => parseEnviron(output.stdout),
        (error: unknown) => {
          environment = undefined;
          throw error;
        },
      );
      return environment.then((env) => ({ ...env }));
    },
    /** The login user's home, read once (a round trip less per run). */
    defaultCwd() {
      if (closed) return remote.defaultCwd();
      home ??= remote.defaultCwd().catch((error: unknown) => {
        home = undefined;
        throw error;
      });
      return home;
    },
    async close() {
      closed = true;
      await remote.close();
    },
  };
  return { executor, transport };
}
