import type { ProcessHandle } from './process-handle.js';
import type { RunProgress } from './run-options.js';

/**
 * Calls `onProgress` every `intervalMs` until the process ends or the returned stop is called
 * (a run promoted to a job stops reporting: its call has returned). A throwing callback is the
 * caller's bug, not the run's: it is ignored so the run still ends and reports.
 */
export function reportProgress(
  handle: ProcessHandle,
  onProgress: ((progress: RunProgress) => void) | undefined,
  intervalMs: number,
): () => void {
  if (!onProgress) return () => undefined;
  const timer = setInterval(() => {
    const progress: RunProgress = Object.freeze({
      elapsedMs: Math.round(performance.now() - handle.startedAt),
      stdoutLines: handle.stdout.linesSoFar,
      stderrLines: handle.stderr.linesSoFar,
    });
    try {
      onProgress(progress);
    } catch {
      // ignored, see above
    }
  }, intervalMs);
  const stop = (): void => clearInterval(timer);
  void handle.done.then(stop, stop);
  return stop;
}
