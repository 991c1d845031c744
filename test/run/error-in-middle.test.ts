import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { errorInMiddleCommand, errorInMiddleLines, shownAt } from '../fixtures/run/error-middle.js';
import { expectExactView } from '../helpers/view-check.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const host = join(import.meta.dirname, '../fixtures/run/error-middle-host.ts');

describe('a failure in the middle of a stream past the inline cap', () => {
  it('reaches the view of the exact command the issue gives', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const result = await run(
      `for i in $(seq 1 80000); do if [ $i = 40000 ]; then echo 'src/mid.c:12:5: error: expected semicolon'; else echo "gcc -O2 -Wall -c src/module_$i.c -o build/module_$i.o"; fi; done; exit 2`,
      { store },
    );
    expect(result.exit).toBe(2);
    expect(result.stdout).toContain('src/mid.c:12:5: error');
    expect(shownAt(result.stdout ?? '', 'src/mid.c:12:5: error: expected semicolon')).toBe(40000);
  }, 60_000);

  it.each([
    ['build', '300 KB', 5_000],
    ['test', '300 KB', 5_000],
    ['build', '5 MB', 85_000],
    ['test', '5 MB', 85_000],
  ] as const)(
    'keeps a %s failure of a %s stream, at the line number detail() fetches it from',
    async (kind, _size, lines) => {
      const store = createRecordStore({ dir: join(tempDir(), 'records') });
      const { command, failure } = errorInMiddleCommand(kind, lines);
      const result = await run(command, { store });
      expect(result.stdoutTruncatedBytes).toBeGreaterThan(0);
      expect(result.stdoutLines).toBe(lines);
      const at = shownAt(result.stdout ?? '', failure);
      expect(at, (result.stdout ?? '').slice(0, 2000)).toBe(Math.floor(lines / 2));
      expect(await store.detail(result.id, { fromLine: at!, toLine: at! })).toBe(`${at}: ${failure}`);
      // every other line is shown at its number or inside one gap marker, and fold counts are exact
      expectExactView(errorInMiddleLines(kind, lines), result.stdout ?? '', undefined, { endsWithNewline: false });
    },
    60_000,
  );

  it('keeps it at 100 MB too, while the host grows by less than 64 MB', () => {
    const out = execFileSync('npx', ['tsx', host, join(tempDir(), 'records'), 'build', '1700000'], {
      encoding: 'utf8',
      timeout: 240_000,
    });
    const report = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(report.exit).toBe(2);
    expect(report.stdoutLines).toBe(1_700_000);
    expect(report.at, report.view).toBe(850_000);
    expect(report.fetched).toBe(`850000: ${report.failure}`);
    expect(report.growthMb).toBeLessThan(64);
  }, 240_000);
});
