import { splitLines } from '../split-lines.js';
import type { JobLine, JobLogs, JobLogsOptions } from './types.js';

/**
 * A job's output as lines, from its start, as they come: each read waits in the library for new output
 * (no polling interval to pick); an unterminated last line comes when the job is finished, then the iteration ends.
 * Lines of one stream keep their order; the two streams interleave by read, not by the instant they were written.
 */
export async function* jobLines(
  logs: (options: JobLogsOptions) => Promise<JobLogs>,
  waitMs: number,
): AsyncGenerator<JobLine, void, undefined> {
  const partial = { stdout: '', stderr: '' };
  const offsets = { stdoutOffset: 0, stderrOffset: 0 };
  for (;;) {
    const page = await logs({ ...offsets, waitMs });
    offsets.stdoutOffset = page.nextStdoutOffset;
    offsets.stderrOffset = page.nextStderrOffset;
    const finished = page.status !== 'running' && page.more !== true;
    for (const stream of ['stdout', 'stderr'] as const) {
      const split = splitLines(partial[stream], page[stream], finished);
      partial[stream] = split.partial;
      for (const line of split.lines) yield { stream, line };
    }
    if (finished || page.expired) return;
  }
}
