import type { Recogniser } from '../types.js';

/** Directory listings: ls, find, tree, fd, du. The overview counts entries per directory. */
export const listing: Recogniser = {
  name: 'listing',
  command: /^(?:ls|find|tree|fd|fdfind|du|git ls-files|exa|eza)(?:\s|$)/,
  detect: /^total \d+\n[d-][rwx-]{9}/m,
  summary: [/^\d+ director(?:y|ies), \d+ files?$/, /^total \d+$/],
  overview: 'listing',
};

/** grep / ripgrep / git grep matches. The overview counts matches per file. */
export const matches: Recogniser = {
  name: 'matches',
  command: /^(?:rg|grep|egrep|fgrep|ag|ack|git grep)(?:\s|$)/,
  overview: 'matches',
};
