import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';
import { normalizeLines } from '../../src/condense/normalize.js';
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
  // Measured on the tune half of the outsider captures: folding the chatter of a small failing output into markers
  // (a tenth of its cost left for it) moved the tune half's mean reduction by nothing, and cost must-keep lines on the
  // frozen half (a dependency named on the line before the error, a call stack's place): such outputs keep every line
  // but their runs of look-alikes.
  it('show their failures and every line but their runs of look-alikes, which fold into exact markers', () => {
    const stderr = failingRun().replace(
      'loading twelve plugins in declared order',
      Array.from({ length: 8 }, (_, i) => `loading plugin ${i + 1} of 8`).join('\n'),
    );
    const result = condense({ command: 'node index.js', stdout: '', stderr, exitCode: 1 }, { recordId: 'r_small' });
    expect(result.tokensBefore).toBeLessThan(2000);
    expect(result.strategy).toBe('condensed');
    for (const kept of [
      ...CHATTER.filter((line) => !line.startsWith('loading')),
      'Error: connection refused by 127.0.0.1:5432',
      'at connect (/srv/app/lib/db.js:42:11)',
      'warning: cache directory /var/cache/app is not writable, using a temporary one',
    ])
      expect(result.stderr).toContain(kept);
    expect(result.stderr).toContain('loading plugin 1 of 8');
    expect(result.stderr).not.toContain('loading plugin 5 of 8');
    expectExactView(normalizeLines(stderr), result.stderr, result.stderrOmitted, { endsWithNewline: false });
  });

  it('stay whole under 100 tokens (measured: at 50 or 0 the tune half lost must-keep lines for 0.3 points of mean reduction; at 200 the mean fell 0.9 points)', () => {
    const stderr =
      'loading the plugins\nError: connection refused by 127.0.0.1:5432\n    at connect (/srv/app/lib/db.js:42:11)\n';
    const result = condense({ command: 'node index.js', stdout: '', stderr, exitCode: 1 }, { recordId: 'r_tiny' });
    expect(result.strategy).toBe('pass-through');
    expect(result.stderr).toBe(stderr);
  });
});
