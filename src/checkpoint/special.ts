import { spawnSync } from 'node:child_process';

/**
 * Node has no mkfifo API (nor mknod), so FIFOs are recreated with the `mkfifo` program. Returns false when it is unavailable.
 */
export function makeFifo(path: string, mode: number): boolean {
  const result = spawnSync('mkfifo', ['-m', (mode & 0o777).toString(8), path], { stdio: 'ignore', timeout: 10_000 });
  return result.status === 0;
}
