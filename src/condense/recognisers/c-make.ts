import type { Recogniser } from '../types.js';

/** gcc, clang, make, cmake, ninja. */
export const cMake: Recogniser = {
  name: 'gcc/make',
  command: /^(?:make|gmake|cmake|ninja|gcc|g\+\+|cc|c\+\+|clang|clang\+\+)(?:\s|$)/,
  detect: /^\S+:\d+:\d+: (?:fatal )?error: |^make(?:\[\d+\])?: /m,
  signals: [
    /^\S+:\d+(?::\d+)?: (?:fatal )?error: /,
    /^\S+:\d+: undefined reference/,
    /^collect2: error/,
    /^make(?:\[\d+\])?: \*\*\*/,
  ],
  blocks: [{ start: /^\S+:\d+:\d+: (?:fatal )?error: /, until: /^\S+:(?:\d+:\d+:| In function)|^make|^\S/, maxLines: 6 }],
  structure: [/^\S+: In function /],
  noise: [/^(?:gcc|cc|g\+\+|clang|ar|ld)\s/, /^\[\s*\d+%\] (?:Building|Linking)/],
  summary: [/^make(?:\[\d+\])?: .*not remade because of errors/, /^\[\d+\/\d+\] Linking/],
};
