import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';
import { normalizeLines } from '../../src/condense/normalize.js';
import { isProblemLine } from '../../src/condense/problem-lines.js';
import { expectExactView } from '../helpers/view-check.js';

// Chatter of a run that failed: every line another shape (no run of look-alikes to fold), none saying anything went wrong.
const CHATTER = [
  'reading configuration from the environment',
  'resolved the workspace root to the current folder',
  'loading twelve plugins in declared order',
  'plugin registry answered with a cached manifest',
  'compiling templates into the render cache',
  'scheduler picked the fair queue policy',
  'opening the message bus with default credentials',
  'session store is backed by memory this time',
  'metrics exporter listens on the local socket',
  'feature flags came from the bundled defaults',
  'translation catalogue holds three languages',
  'thumbnail worker pool has four threads',
  'mail relay is disabled for development',
  'search index is rebuilt lazily on first use',
  'background sweeper runs every quarter hour',
  'static assets are served straight from disk',
  'rate limiter allows bursts of forty requests',
  'audit trail writes to the rotating journal',
];

const failingRun = (): string =>
  [
    ...CHATTER.slice(0, 9),
    'warning: cache directory /var/cache/app is not writable, using a temporary one',
    ...CHATTER.slice(9),
    '/srv/app/lib/db.js:42',
    "    throw new Error('connection refused by 127.0.0.1:5432');",
    '    ^',
    '',
    'Error: connection refused by 127.0.0.1:5432',
    '    at connect (/srv/app/lib/db.js:42:11)',
    '    at main (/srv/app/index.js:7:3)',
    '',
    'Node.js v20.20.2',
    '',
  ].join('\n');

describe('small outputs (under the budget) that failed', () => {
  it('show their failures, problem lines and places; the chatter around them folds into exact markers', () => {
    const stderr = failingRun();
    const result = condense({ command: 'node index.js', stdout: '', stderr, exitCode: 1 }, { recordId: 'r_small' });
    expect(result.tokensBefore).toBeLessThan(2000);
    expect(result.strategy).toBe('condensed');
    for (const kept of [
      'Error: connection refused by 127.0.0.1:5432',
      'at connect (/srv/app/lib/db.js:42:11)',
      'at main (/srv/app/index.js:7:3)',
      '/srv/app/lib/db.js:42',
      'warning: cache directory /var/cache/app is not writable, using a temporary one',
    ])
      expect(result.stderr).toContain(kept);
    // at most a tenth of what the output costs goes to the chatter
    const chatterShown = CHATTER.filter((line) => result.stderr.includes(line));
    expect(chatterShown.length).toBeLessThanOrEqual(3);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore * 0.65);
    expectExactView(normalizeLines(stderr), result.stderr, result.stderrOmitted, { endsWithNewline: false });
  });

  it('stay whole under 100 tokens (measured: below it a marker and its neighbours cost what they save)', () => {
    const stderr =
      'loading the plugins\nError: connection refused by 127.0.0.1:5432\n    at connect (/srv/app/lib/db.js:42:11)\n';
    const result = condense({ command: 'node index.js', stdout: '', stderr, exitCode: 1 }, { recordId: 'r_tiny' });
    expect(result.strategy).toBe('pass-through');
    expect(result.stderr).toBe(stderr);
  });

  it('know a problem line by its words or its place, whatever the tool', () => {
    for (const line of [
      "worker.rb:2:in `fetch': id 6 out of range (ArgumentError)",
      '  File "/tmp/run.py", line 11, in <module>',
      'at shop.Inventory.load(Inventory.java:7)',
      '  Could NOT find GTest (missing: GTEST_LIBRARY',
      "find: '/root': Permission denied",
      'WARNING ledger.run: rate table is 3 days old',
    ])
      expect(isProblemLine(line), line).toBe(true);
    for (const line of ['compiling templates into the render cache', 'errors.ts', 'src/error_handler/index.ts'])
      expect(isProblemLine(line), line).toBe(false);
  });
});
