import type { Recogniser } from '../types.js';

export const eslint: Recogniser = {
  name: 'eslint',
  command: /^(?:eslint|oxlint|biome (?:lint|check))(?:\s|$)/,
  detect: /^\s+\d+:\d+\s+(?:error|warning)\s{2}/m,
  signals: [/^\s+\d+:\d+\s+error\s/],
  structure: [/^(?:\/|[A-Za-z]:\\|\.{0,2}\/?[\w@.-]+\/)\S*\.\w+$/],
  summary: [/^\s*[✖✗] \d+ problems?/, /^\s*\d+ errors? and \d+ warnings? potentially fixable/],
};
