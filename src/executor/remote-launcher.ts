import type { Readable } from 'node:stream';
import { TershError } from '../errors.js';
import { RemoteRunGroup } from './remote-group.js';
import { exitFromStatus, newNonce, readReport, refusalError, wrapperArgv, wrapperMode } from './remote-wrapper.js';
import { readTrailer } from './remote-trailer.js';
import type { LaunchRequest, LaunchedProcess, ProcessExit, TargetTransport } from './types.js';

const START_TIMEOUT_MS = 30_000;
/** How long a run's exit waits for the witness's line once the supervisor has exited (it is written before). */
const TRAILER_WAIT_MS = 1_000;
const MAX_DIAGNOSTIC_BYTES = 4096;

/** A run's exit over an executor; `lost` says why no status came back (the target died, the connection dropped). */
export type RemoteExit = ProcessExit & { lost?: string };

async function readSome(stream: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((resolve) => {
    const done = (): void => resolve(Buffer.concat(chunks).toString('utf8').trim());
    stream.on('data', (chunk: Buffer) => {
      if (size < limit) chunks.push(chunk.subarray(0, limit - size));
      size += chunk.length;
    });
    stream.once('end', done);
    stream.once('error', done);
    stream.once('close', done);
    setTimeout(done, 1_000).unref();
  });
}

/**
 * Starts a run in the target under the wrapper (supervisor + new session + report line) and hands back its
 * streams, its exit and its group over there. Rejects with err.code ENOENT/EACCES as spawn would for a missing
 * or non-executable program, and with TershError `EXECUTOR_UNAVAILABLE` when the target cannot start it at all.
 */
export async function launchRemote(
  transport: TargetTransport,
  request: LaunchRequest,
  tagVariable: string,
): Promise<LaunchedProcess> {
  const nonce = newNonce();
  const channel = await transport.open(
    wrapperArgv(request, nonce, tagVariable),
    request.detached ? {} : { watchTag: request.tag },
  );
  const { report, output } = readReport(channel.stdout, nonce);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), START_TIMEOUT_MS)));
  const first = await Promise.race([report, timedOut]);
  clearTimeout(timer);
  if (first === 'timeout' || first === undefined || 'refused' in first) channel.watch?.end();
  if (first === 'timeout' || first === undefined) {
    const said = first === 'timeout' ? 'no answer' : await readSome(channel.stderr, MAX_DIAGNOSTIC_BYTES);
    channel.close();
    const exit = first === 'timeout' ? undefined : await channel.exit;
    const why = exit?.lost ?? (said || `exit status ${exit?.code ?? 'unknown'}`);
    throw new TershError('EXECUTOR_UNAVAILABLE', `Could not start a command in ${transport.name}: ${why}`, {
      details: { executor: transport.name },
    });
  }
  if ('refused' in first) {
    channel.close();
    if (first.refused === 'nosetsid') {
      throw new TershError('EXECUTOR_UNAVAILABLE', refusalError(first.refused, request, transport.name).message, {
        details: { executor: transport.name },
      });
    }
    throw refusalError(first.refused, request, transport.name);
  }
  channel.watch?.grouped(first.pgid);
  const mode = wrapperMode(request);
  const group = new RemoteRunGroup((argv) => transport.exec(argv), first.pgid, `${tagVariable}=${request.tag}`);
  const trailer = readTrailer(channel.stderr, nonce);
  const exit: Promise<RemoteExit> = channel.exit.then(async ({ code, lost }) => {
    if (lost) return { ...exitFromStatus(code), lost };
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), TRAILER_WAIT_MS)));
    const said = await Promise.race([trailer.said, late]);
    clearTimeout(timer);
    return exitFromStatus(code, said);
  });
  let released = false;
  return {
    pid: first.pgid,
    stdout: output,
    stderr: trailer.output,
    stdin: mode === 'stdin' ? channel.stdin : null,
    exit,
    group,
    release() {
      if (released) return;
      released = true;
      // The lifeline's end: the supervisor has exited (or the run was detached), so nothing is watching it any more.
      void exit.then(() => {
        channel.watch?.end();
        channel.close();
      });
    },
  };
}
