import type { Recogniser } from '../types.js';

/** node --test, TAP and spec reporters. */
export const nodeTest: Recogniser = {
  name: 'node --test',
  command: /^node\s+(?:.*\s)?--test\b|^(?:tap|tape)\s/,
  detect: /^TAP version \d+|^[ℹ#] tests \d+/m,
  signals: [/^\s*not ok \d+/, /^\s*✖ /, /^\s*(?:error|failureType|code|expected|actual|operator):\s/],
  blocks: [
    { start: /^\s*not ok \d+ - /, until: /^\s*\.\.\.$/, maxLines: 40 },
    // a failed test's details end at a blank line; a failed suite's line is followed by the next test or suite, not by details
    { start: /^\s*✖ .*\(\d[\d.]*ms\)$/, until: /^\s*$|^\s*[✔✖▶﹣] /, maxLines: 30 },
  ],
  noise: [
    /^\s*ok \d+ - /,
    /^\s*✔ /,
    /^\s*duration_ms: /,
    /^\s*type: '(?:test|suite)'$/,
    /^\s*---$/,
    /^\s*\.\.\.$/,
    /^\s*1\.\.\d+$/,
  ],
  summary: [/^[ℹ#] (?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /],
};
