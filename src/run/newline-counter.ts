import { countNewlines } from './count-newlines.js';
import { loadSimdNewlines, SIMD_PIECE_BYTES, type SimdNewlines } from './newline-wasm.js';

/** A stream this long is worth the SIMD counter (its first load in a process takes a few ms, off the event loop). */
const SIMD_AFTER_BYTES = 1024 * 1024;
/** Shorter chunks go to `indexOf` or the 32-bit loop: the copy into wasm memory would cost more than it saves. */
const SIMD_MIN_CHUNK_BYTES = 256;

/** Counts the newlines of one stream, chunk by chunk: in JavaScript at first, with WebAssembly SIMD once the stream is long. */
export class NewlineCounter {
  private seenBytes = 0;
  private dense = false;
  private simd: SimdNewlines | undefined;
  /** Settles once the SIMD counter is in use or known unavailable (started when the stream passes 1 MiB). */
  ready: Promise<void> | undefined;

  /** Which method counts now. */
  get method(): 'js' | 'simd' {
    return this.simd ? 'simd' : 'js';
  }

  count(chunk: Uint8Array): number {
    this.seenBytes += chunk.length;
    if (this.simd && chunk.length >= SIMD_MIN_CHUNK_BYTES) return countBySimd(this.simd, chunk);
    if (!this.ready && this.seenBytes > SIMD_AFTER_BYTES)
      this.ready = loadSimdNewlines().then(
        (simd) => void (this.simd = simd),
        () => undefined, // no SIMD here: JavaScript counts on
      );
    const { count, dense } = countNewlines(chunk, this.dense);
    this.dense = dense;
    return count;
  }
}

function countBySimd(simd: SimdNewlines, chunk: Uint8Array): number {
  let count = 0;
  for (let from = 0; from < chunk.length; from += SIMD_PIECE_BYTES) {
    const piece = chunk.subarray(from, Math.min(chunk.length, from + SIMD_PIECE_BYTES));
    const whole = piece.length & ~15;
    simd.memory.set(piece.subarray(0, whole));
    count += simd.count(whole);
    for (let at = whole; at < piece.length; at += 1) if (piece[at] === 10) count += 1;
  }
  return count;
}
