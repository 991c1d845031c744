// The WebAssembly SIMD newline counter (src/condense/wasm/newline-count.wat): 16 bytes a step, 0.2 s per GiB with the
// copy into its memory, where `indexOf` takes 0.6 s for 80-byte lines and the 32-bit loop 0.7 s for 2-byte lines.
import { NEWLINE_COUNT_WASM } from '../condense/wasm/newline-count-bytes.js';

const MODULE_BYTES = new Uint8Array(Buffer.from(NEWLINE_COUNT_WASM, 'base64'));

/** Bytes the counter's memory holds: longer chunks are counted a piece at a time. */
export const SIMD_PIECE_BYTES = 64 * 1024;

/** Counts the newlines of `bytes[0, end)` copied into `memory`, `end` a multiple of 16. */
export interface SimdNewlines {
  memory: Uint8Array;
  count: (end: number) => number;
}

/** What this file uses of the WebAssembly global (the project's `lib` setting does not declare it). */
interface WasmApi {
  instantiate(
    bytes: Uint8Array,
  ): Promise<{ instance: { exports: { memory: { buffer: ArrayBuffer }; count: (end: number) => number } } }>;
}

/** Compiles the counter off the event loop; rejects where WebAssembly SIMD is not there. */
export async function loadSimdNewlines(): Promise<SimdNewlines> {
  const { instance } = await (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly.instantiate(MODULE_BYTES);
  const { memory, count } = instance.exports;
  return { memory: new Uint8Array(memory.buffer), count };
}
