import type { Recogniser } from '../types.js';

/** pytest and unittest. */
export const pythonTest: Recogniser = {
  name: 'pytest/unittest',
  command: /^(?:pytest|py\.test|python\d?(?:\.\d+)? -m (?:pytest|unittest)|tox|nox)(?:\s|$)/,
  detect: /^=+ test session starts =+$|^Ran \d+ tests? in /m,
  signals: [
    /^E\s{2,}\S/,
    /^(?:FAIL|ERROR): test/,
    /^\S+\.py:\d+: \w+/,
    / \.\.\. (?:FAIL|ERROR)$/,
    / (?:FAILED|ERROR)(?:\s+\[\s*\d+%\])?$/,
  ],
  blocks: [
    { start: /^_{3,} .* _{3,}$/, until: /^(?:_{3,} |={3,} )/, maxLines: 40 },
    { start: /^(?:FAIL|ERROR): test/, until: /^(?:={10,}|-{10,})$/, maxLines: 30 },
  ],
  noise: [/ \.\.\. ok$/, / PASSED(?:\s+\[\s*\d+%\])?$/, /^\S+\.py \.+(?:\s+\[\s*\d+%\])?$/],
  summary: [/^=+ .* in [\d.]+s.* =+$/, /^=+ short test summary info =+$/, /^FAILED \S+::/],
};
