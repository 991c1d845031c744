import type { Recogniser } from '../types.js';

/** cargo build / check / clippy / test. */
export const cargo: Recogniser = {
  name: 'cargo',
  command: /^cargo\s+(?:\+\S+\s+)?(?:build|b|check|c|clippy|test|t|run|r|nextest|bench)\b/,
  detect: /^\s+(?:Compiling|Checking|Finished|Running) |^error\[E\d+\]/m,
  signals: [/^error(?:\[E\d+\])?: /, /^test \S+ \.\.\. FAILED$/, /^\S+ --- FAILED$/, /^failures:$/],
  blocks: [
    { start: /^(?:error|warning)(?:\[[\w:-]+\])?: /, until: 'blank', maxLines: 24 },
    { start: /^---- \S+ stdout ----$/, until: 'blank', maxLines: 30 },
  ],
  structure: [/^\s+Running \S+/, /^\s+Doc-tests \S+/, /^failures:$/],
  noise: [
    /^\s+(?:Compiling|Checking|Fresh|Downloaded|Downloading|Updating|Locking|Adding|Blocking) /,
    /^test \S+ \.\.\. ok$/,
    /^running \d+ tests?$/,
  ],
  summary: [
    /^test result: /,
    /^\s+Finished /,
    /could not compile/,
    /^error: \d+ targets? failed/,
    /^warning: `\S+` \(\w+\) generated \d+ warnings?/,
  ],
};
