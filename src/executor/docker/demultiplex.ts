import { PassThrough, type Readable } from 'node:stream';

const HEADER_BYTES = 8;
const STDOUT = 1;
const STDERR = 2;

/**
 * Splits the Engine API's multiplexed exec stream (frames of an 8-byte header: stream type, three zero bytes,
 * a big-endian payload length) into stdout and stderr, with backpressure: the source pauses while either
 * consumer is behind.
 */
export function demultiplex(source: Readable): { stdout: PassThrough; stderr: PassThrough } {
  const stdout = new PassThrough({ highWaterMark: 256 * 1024 });
  const stderr = new PassThrough({ highWaterMark: 256 * 1024 });
  let pending: Buffer = Buffer.alloc(0);
  let waiting = 0;
  const resume = (): void => {
    waiting -= 1;
    if (waiting === 0) source.resume();
  };
  const emit = (target: PassThrough, payload: Buffer): void => {
    if (!target.write(payload)) {
      waiting += 1;
      source.pause();
      target.once('drain', resume);
    }
  };
  source.on('data', (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let offset = 0;
    while (pending.length - offset >= HEADER_BYTES) {
      const size = pending.readUInt32BE(offset + 4);
      if (pending.length - offset - HEADER_BYTES < size) break;
      const payload = pending.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + size);
      const kind = pending[offset];
      if (kind === STDOUT) emit(stdout, payload);
      else if (kind === STDERR) emit(stderr, payload);
      offset += HEADER_BYTES + size;
    }
    pending = offset === 0 ? pending : Buffer.from(pending.subarray(offset));
  });
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    stdout.end();
    stderr.end();
  };
  source.once('end', finish);
  source.once('close', finish);
  source.once('error', finish);
  return { stdout, stderr };
}
