// Regression for issue 20 item 5 (its last open part): `expect.stdoutMatches` over a stored stdout was one
// synchronous RE2 scan of up to 64 MiB, a ~3-6 s stall of the host's event loop.
import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findInChunks } from '../../src/expect/stdout-findings.js';
import { normalizeExpectations } from '../../src/expect/expectations.js';
import { createRecordStore, run } from '../../src/index.js';
import { watchEventLoopStalls } from '../helpers/event-loop.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const LINE = 'lorem ipsum dolor sit amet 12345 consectetur';
const LINES = 1_468_000;
// 63 MiB of lines (under run()'s 64 MiB whole-stream limit), then the one the pattern is after, with a pattern RE2
// cannot skip ahead on (~10 MB/s: one scan of the whole is ~6 s).
const command = `yes '${LINE}' | head -n ${LINES}; echo 'build finished in 42 s'`;

/** The event loop's longest stall while `work` runs (wall time capped by the CPU time used: load is not a stall). */
async function maxLoopDelay<T>(work: () => Promise<T>): Promise<{ value: T; maxDelayMs: number }> {
  const stop = watchEventLoopStalls();
  try {
    const value = await work();
    return { value, maxDelayMs: stop() };
  } finally {
    stop();
  }
}

const matchesAtTheEnd = '^\\w+ finished in \\d+ s$';
const matchesNowhere = '^\\w+ finished in \\d+ min$';

describe('expect.stdoutMatches over a 63 MiB stdout', () => {
  // The loop is probed around the match alone: the rest of run() (capture, the condensed view) is not this test's subject.
  it('scans a stored stdout in pieces, never holding the event loop 200 ms, and finds the match at its end', async () => {
    const file = join(tempDir(), 'stdout');
    // Written by the shell: a 63 MiB string built here would be garbage the probe then measures the collection of.
    execFileSync('sh', ['-c', `(${command}) > '${file}'`]);
    const chunks = () => createReadStream(file, { encoding: 'utf8', highWaterMark: 1024 * 1024 });
    const found = await maxLoopDelay(() =>
      findInChunks(chunks(), normalizeExpectations({ stdoutMatches: matchesAtTheEnd, stdoutContains: 'in 42 s' })),
    );
    expect(found.value).toEqual({ missing: [], matched: true, lines: LINES + 1 });
    expect(found.maxDelayMs).toBeLessThan(200);
    const missed = await maxLoopDelay(() => findInChunks(chunks(), normalizeExpectations({ stdoutMatches: matchesNowhere })));
    expect(missed.value).toEqual({ missing: [], matched: false, lines: LINES + 1 });
    expect(missed.maxDelayMs).toBeLessThan(200);
  }, 120_000);

  it('checks the whole stored stdout in run(), with the true line count when nothing matches', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const found = await run(command, {
      store,
      expect: { stdoutMatches: matchesAtTheEnd, stdoutContains: 'finished in 42' },
      timeoutMs: 120_000,
    });
    expect(found.stdoutTruncatedBytes).toBeGreaterThan(60 * 1024 * 1024);
    expect(found.assertOk).toBe(true);
    const missed = await run(command, { store, expect: { stdoutMatches: matchesNowhere }, timeoutMs: 120_000 });
    expect(missed.assertionsFailed).toEqual([`expected stdout to match /${matchesNowhere}/m; it did not (${LINES + 1} lines)`]);
  }, 180_000);

  it('sees a match that spans the cut between two pieces', async () => {
    // The first piece ends after `begin\n` (its last newline before 64 Ki characters); `end` starts the second.
    const text = `${'x'.repeat(64 * 1024 - 10)}\nbegin\nend${'y'.repeat(2000)}\n`;
    expect(text.lastIndexOf('\n', 64 * 1024)).toBe(text.indexOf('begin\n') + 5);
    async function* pieces(): AsyncGenerator<string> {
      for (let at = 0; at < text.length; at += 4096) yield text.slice(at, at + 4096);
    }
    const found = await findInChunks(
      pieces(),
      normalizeExpectations({ stdoutMatches: '^begin\\nend', stdoutContains: ['begin\nend'] }),
    );
    expect(found).toEqual({ missing: [], matched: true, lines: 3 });
  });
});
