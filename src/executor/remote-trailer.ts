import { Transform, type Readable } from 'node:stream';
import type { WrapperStatus } from './remote-wrapper.js';

/** `<nonce> exit 130`, `<nonce> signal 2 INT`, `<nonce> unknown`: the longest is the nonce and 27 bytes. */
const TRAILER_EXTRA_BYTES = 27;

function parseTrailer(line: string): WrapperStatus | 'unknown' | undefined {
  if (line === 'unknown') return 'unknown';
  const match = /^(exit|signal) (\d{1,3})(?: ([A-Z0-9+-]{1,12}))?$/.exec(line);
  if (!match) return undefined;
  const number = Number(match[2]);
  if (match[1] === 'exit') return { exit: number };
  return match[3] ? { signal: number, name: match[3] } : { signal: number };
}

function nonEmpty(data: Buffer): Buffer | undefined {
  return data.length > 0 ? data : undefined;
}

/** How many bytes at the end of `data` could begin `marker` (held back until the next chunk says). */
function partialMarkerAt(data: Buffer, marker: Buffer): number {
  for (let length = Math.min(marker.length - 1, data.length); length > 0; length -= 1) {
    if (data.subarray(data.length - length).equals(marker.subarray(0, length))) return length;
  }
  return 0;
}

/**
 * Takes the witness's line (see WRAPPER_SCRIPT) out of a wrapped run's stderr, wherever it falls (processes the
 * command left behind may write after it, and the command's last line may lack its newline): resolves with what
 * it said (undefined when the stream ended without it, or it said `unknown`) and passes every other byte through.
 */
export function readTrailer(stderr: Readable, nonce: string): { said: Promise<WrapperStatus | undefined>; output: Readable } {
  const marker = Buffer.from(`${nonce} `, 'latin1');
  let settle: (said: WrapperStatus | undefined) => void = () => undefined;
  const said = new Promise<WrapperStatus | undefined>((resolve) => (settle = resolve));
  let carry: Buffer = Buffer.alloc(0);
  let found = false;
  const output = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (found) return callback(null, chunk);
      const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      carry = Buffer.alloc(0);
      for (let from = 0; ;) {
        const at = data.indexOf(marker, from);
        if (at === -1) {
          const held = partialMarkerAt(data, marker);
          carry = Buffer.from(data.subarray(data.length - held));
          return callback(null, nonEmpty(data.subarray(0, data.length - held)));
        }
        const end = data.indexOf(10, at + marker.length);
        if (end === -1 && data.length - at < marker.length + TRAILER_EXTRA_BYTES) {
          carry = Buffer.from(data.subarray(at));
          return callback(null, nonEmpty(data.subarray(0, at)));
        }
        const word = end === -1 ? undefined : parseTrailer(data.subarray(at + marker.length, end).toString('latin1'));
        if (word === undefined) {
          from = at + 1;
          continue;
        }
        found = true;
        settle(word === 'unknown' ? undefined : word);
        return callback(null, nonEmpty(Buffer.concat([data.subarray(0, at), data.subarray(end + 1)])));
      }
    },
    flush(callback) {
      settle(undefined);
      callback(null, nonEmpty(carry));
    },
  });
  stderr.once('error', (error) => output.destroy(error));
  output.once('close', () => settle(undefined));
  stderr.pipe(output);
  return { said, output };
}
