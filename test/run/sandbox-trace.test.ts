import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const store = () => createRecordStore({ dir: join(tempDir(), 'records') });

describe('run() with sandbox and trace', () => {
  it('confines writes to the cwd and says sandboxed', async () => {
    const cwd = tempDir();
    const outside = tempDir();
    const result = await run(`touch inside.txt; touch ${outside}/escaped.txt`, { store: store(), cwd, sandbox: true });
    expect(result.sandboxed).toBe(true);
    expect(result.ok).toBe(false);
    expect(existsSync(join(cwd, 'inside.txt'))).toBe(true);
    expect(existsSync(join(outside, 'escaped.txt'))).toBe(false);
  });

  it('summarises the trace and keeps it in the record', async () => {
    const cwd = tempDir();
    const records = store();
    const result = await run('echo data > made.txt && mv made.txt moved.txt && rm moved.txt', {
      store: records,
      cwd,
      trace: true,
    });
    expect(result.exit).toBe(0);
    expect(result.traceUnavailable).toBeUndefined();
    expect(result.traceSummary?.filesWritten.items).toContain(join(cwd, 'made.txt'));
    expect(result.traceSummary?.filesRenamed.items).toContain(`${join(cwd, 'made.txt')} → ${join(cwd, 'moved.txt')}`);
    expect(result.traceSummary?.filesDeleted.items).toContain(join(cwd, 'moved.txt'));
    expect(await records.detail(result.id, { selector: 'trace', match: 'rename' })).toMatch(/moved\.txt/);
  });

  it('rejects malformed sandbox options with a TypeError naming the field', async () => {
    await expect(run('true', { store: store(), sandbox: { network: 'no' } as never })).rejects.toThrow(/sandbox\.network/);
    await expect(run('true', { store: store(), trace: 'yes' as never })).rejects.toThrow(/`trace`/);
  });
});
