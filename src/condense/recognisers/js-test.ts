import type { Recogniser } from '../types.js';

/** vitest and jest: passing files and tests become counts, failing ones keep name, assertion and code frame. */
export const jsTest: Recogniser = {
  name: 'vitest/jest',
  command: /^(?:vitest|jest)(?:\s|$)/,
  detect: /^\s*(?:RUN\s+v\d|Test Files\s|Tests:\s+\d|PASS\s+\S|FAIL\s+\S)/m,
  signals: [/^\s*(?:FAIL|✕|×|●)\s/, /^\s*❯ \S+:\d+:\d+/, /^\s*>\s+\d+ \|/],
  blocks: [
    { start: /^\s*FAIL\s+\S.* > /, until: /^⎯{5,}/, maxLines: 40 },
    { start: /^\s*● .* › /, until: /^\s*(?:●|PASS|FAIL)\s/, maxLines: 40 },
  ],
  structure: [/^\s*❯ \S+\.\w+ \(\d+ tests?/],
  noise: [/^\s*[✓√✔]\s/, /^\s*PASS\s/, /^\s*RUNS\s/, /^\s*Determining test suites/],
  summary: [/^\s*(?:Test Files|Tests|Test Suites|Snapshots|Time|Duration|Start at)\s+/, /^Ran all test suites/],
};
