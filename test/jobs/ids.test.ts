import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createShell } from '../../src/shell/index.js';
import { createTools } from '../../src/tools/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe('job ids', () => {
  it('never repeat across shells and restarts: an id from another shell answers JOB_NOT_FOUND', async () => {
    const storeDir = join(tempDir(), 'records');
    const first = createShell({ cwd: tempDir(), storeDir });
    const a = await first.run('echo from A', { background: true });
    await first.jobs.logs(a.jobId!, { waitUntilExit: true });
    await first.close();

    const second = createShell({ cwd: tempDir(), storeDir });
    try {
      const b = await second.run('echo from B', { background: true });
      expect(b.jobId).not.toBe(a.jobId);
      expect(a.jobId).toMatch(/^j[0-9]{21}$/);
      const logs = createTools(second, { include: ['sh_logs'] })[0]!;
      const answer = (await logs.handler({ job_id: a.jobId })).structuredContent;
      expect(answer).toMatchObject({
        error: { code: 'JOB_NOT_FOUND', message: expect.stringContaining('belong to the process that started them') },
      });
    } finally {
      await second.close();
    }
  });

  it('are unique within one manager over many jobs', async () => {
    const shell = createShell({ cwd: tempDir(), storeDir: join(tempDir(), 'records') });
    try {
      const ids = new Set<string>();
      for (let n = 0; n < 20; n++) {
        const { jobId } = await shell.run('true', { background: true });
        ids.add(jobId!);
        await shell.jobs.logs(jobId!, { waitUntilExit: true });
      }
      expect(ids.size).toBe(20);
    } finally {
      await shell.close();
    }
  });
});
