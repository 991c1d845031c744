import type { RecordStore } from '../store/index.js';
import type { Job } from './job.js';
import type { NormalizedLogsOptions } from './options.js';
import type { JobLogs } from './types.js';

/** Waits as asked (woken by output or a change of phase), then reads a page of each stream past the offsets. */
export async function readJobLogs(job: Job, store: RecordStore, opts: NormalizedLogsOptions): Promise<JobLogs> {
  const phase = job.phase;
  const ready = opts.waitUntilExit
    ? () => !job.isLive
    : // A finished job has nothing more to wait for (a caller holding a stale `running` would otherwise wait it all out).
      () => !job.isLive || job.phase !== phase || job.bytes.stdout > opts.stdoutOffset || job.bytes.stderr > opts.stderrOffset;
  await job.waitUntil(ready, opts.waitMs);

  // The state is taken before reading, so a finished job's pages hold everything up to its end.
  const status = job.status;
  const result = job.finalResult;
  const orphans = [...job.orphans];
  const bytes = job.bytes;
  const read = { maxBytes: opts.maxBytes };
  const [stdout, stderr] = await Promise.all([
    store.read(job.recordId, 'stdout', { ...read, offset: opts.stdoutOffset }),
    store.read(job.recordId, 'stderr', { ...read, offset: opts.stderrOffset }),
  ]);
  const logs: JobLogs = {
    jobId: job.id,
    recordId: job.recordId,
    status,
    stdout: stdout.expired ? '' : stdout.data,
    stderr: stderr.expired ? '' : stderr.data,
    nextStdoutOffset: stdout.expired ? opts.stdoutOffset : stdout.nextOffset,
    nextStderrOffset: stderr.expired ? opts.stderrOffset : stderr.nextOffset,
    ms: job.ms,
  };
  if (result) {
    logs.exit = result.exit;
    logs.result = result;
  }
  if (logs.nextStdoutOffset < bytes.stdout || logs.nextStderrOffset < bytes.stderr) {
    if (!stdout.expired && !stderr.expired) logs.more = true;
  }
  if (orphans.length > 0 && status === 'running') logs.orphans = orphans;
  if (stdout.expired || stderr.expired) logs.expired = true;
  return logs;
}
