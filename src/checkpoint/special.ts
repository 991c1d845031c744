import { x } from 'tinyexec';

/**
 * Node has no mkfifo API (nor mknod), so FIFOs are recreated with the `mkfifo` program (through tinyexec,
 * like tersh's other small internal commands). Resolves false when it is unavailable.
 */
export async function makeFifo(path: string, mode: number): Promise<boolean> {
  try {
    const result = await x('mkfifo', ['-m', (mode & 0o777).toString(8), path], { timeout: 10_000, throwOnError: false });
    return result.exitCode === 0;
  } catch {
    return false;
  }
}
