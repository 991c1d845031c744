import { describe, expect, it } from 'vitest';
import { run } from '../../src/run/index.js';
import { useJobs } from './helpers.js';

const fixture = useJobs();
const TOTAL = 500 * 1024 * 1024;

describe('a job printing 500 MB', () => {
  it('stays within memory bounds while its logs are polled and after it ends', { timeout: 300_000 }, async () => {
    const { store, jobs } = fixture();
    const warmUp = await run('seq 1 100000', { store, jobs, background: true });
    await jobs.logs(warmUp.jobId!, { waitUntilExit: true });
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    try {
      const { jobId } = await run(`yes 'a fairly ordinary line of build output, repeated' | head -c ${TOTAL}`, {
        store,
        jobs,
        background: true,
      });
      let offset = 0;
      let status = 'running';
      while (status === 'running') {
        const logs = await jobs.logs(jobId!, { stdoutOffset: offset, waitMs: 500 });
        offset = logs.nextStdoutOffset;
        status = logs.status;
      }
      const end = await jobs.logs(jobId!, { stdoutOffset: offset });
      expect(end.result?.ok).toBe(true);
      expect(jobs.get(jobId!).stdoutBytes).toBe(TOTAL);
      expect((await store.meta(end.recordId)).stdoutBytes).toBe(TOTAL);
    } finally {
      clearInterval(sampler);
    }
    const grewMb = (peak - baseline) / 1024 / 1024;
    console.log(`500 MB job: RSS grew by ${grewMb.toFixed(1)} MB at peak`);
    // Holding the output would add 500 MB; what is measured is the heap's own slack (about 40–100 MB here).
    expect(grewMb).toBeLessThan(160);
  });
});
