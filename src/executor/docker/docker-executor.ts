import { TershError } from '../../errors.js';
import { optionalString, readOptionsObject, requiredString } from '../../validate.js';
import { createRemoteExecutor } from '../remote-executor.js';
import type { Executor } from '../types.js';
import { dockerTransport } from './docker-transport.js';

const DEFAULT_SOCKET = '/var/run/docker.sock';

function socketFromEnvironment(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_SOCKET;
  if (value.startsWith('unix://')) return value.slice('unix://'.length);
  throw new TershError(
    'EXECUTOR_UNSUPPORTED',
    `DOCKER_HOST=${value} is not a unix:// socket; pass \`docker.socketPath\` instead`,
    { details: { dockerHost: value } },
  );
}

/**
 * Runs every command inside a running Docker container, over the Docker Engine API (a unix socket; no `docker`
 * CLI needed). A missing or stopped container makes the first run throw TershError `EXECUTOR_UNAVAILABLE`.
 */
export function dockerExecutor(options: {
  /** The running container's name or id. */
  container: string;
  /** The user commands run as (`docker exec --user`). @defaultValue the container's */
  user?: string;
  /** The working directory when a run names none (`docker exec --workdir`). @defaultValue the container's */
  workdir?: string;
  /** The engine to talk to. @defaultValue `DOCKER_HOST` (a `unix://` address), else `/var/run/docker.sock` */
  docker?: { socketPath?: string };
}): Executor {
  const raw = readOptionsObject('options', options, ['container', 'user', 'workdir', 'docker']);
  const container = requiredString('container', raw.container, { nonEmpty: true, maxLength: 256 });
  const docker = readOptionsObject('docker', raw.docker, ['socketPath']);
  const socketPath =
    optionalString('docker.socketPath', docker.socketPath, { nonEmpty: true }) ?? socketFromEnvironment(process.env.DOCKER_HOST);
  const transport = dockerTransport({
    endpoint: { socketPath },
    container,
    user: optionalString('user', raw.user, { nonEmpty: true, maxLength: 256 }),
    workdir: optionalString('workdir', raw.workdir, { nonEmpty: true, maxLength: 4096 }),
  });
  return createRemoteExecutor('docker', transport);
}
