import type { Recogniser } from '../types.js';

export const go: Recogniser = {
  name: 'go',
  command: /^go\s+(?:build|test|vet|run|install)\b/,
  detect: /^(?:--- FAIL|=== RUN|ok\s+\S+\s+[\d.]+s|FAIL\s+\S+)/m,
  signals: [/^\s*--- FAIL: /, /^FAIL\b/, /^panic: /, /^\s*\S+_test\.go:\d+: /],
  blocks: [
    { start: /^panic: /, until: 'blank', maxLines: 30 },
    { start: /^\s*--- FAIL: /, until: /^\s*(?:---|===|FAIL|ok)\s/, maxLines: 30 },
  ],
  noise: [/^\s*=== (?:RUN|PAUSE|CONT)\s/, /^\s*--- PASS: /, /^PASS$/],
  summary: [/^(?:ok|FAIL)\s+\S+\s+[\d.]+s/, /^FAIL$/],
};
