/** What this file uses of the WebAssembly global (the project's `lib` setting does not declare it). */
interface WasmMemoryApi {
  Memory: new (descriptor: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
}

const WASM_PAGE_BYTES = 64 * 1024;

/**
 * A buffer of at least `bytes` whose first byte is on a page boundary, as O_DIRECT asks of memory (Node's own
 * buffers come from malloc, aligned to 16 bytes). WebAssembly memory is mapped whole pages from a page boundary.
 * Undefined where no such memory can be had.
 */
export function pageAlignedBuffer(bytes: number): Buffer | undefined {
  const pages = Math.ceil(bytes / WASM_PAGE_BYTES);
  try {
    const { Memory } = (globalThis as unknown as { WebAssembly: WasmMemoryApi }).WebAssembly;
    return Buffer.from(new Memory({ initial: pages, maximum: pages }).buffer);
  } catch {
    return undefined;
  }
}
