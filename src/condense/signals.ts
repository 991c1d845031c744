import type { Guarded } from './patterns.js';
import type { BlockRule } from './types.js';

/** An npm / pnpm / yarn error line, not the usage help npm prints after some errors (blank, indented or `[--option]` lines). */
const PACKAGE_MANAGER_ERROR = /^\s*(?:npm|pnpm|yarn) (?:ERR!|error) (?=\S)(?!\[-)/;

/** A valgrind error or leak record: the lines it reports a problem on, behind its `==PID== ` prefix. */
const MEMCHECK_ERROR =
  /^==\d+== (?:Invalid (?:read|write|free)|Conditional jump|Use of uninitialised|Syscall param|Mismatched free|Source and destination overlap|Process terminating|[\d,]+ (?:\([\d,]+ direct, [\d,]+ indirect\) )?bytes in [\d,]+ blocks are (?:definitely|possibly) lost)/;
const MEMCHECK_RECORD_END = /^==\d+== ?$/;

/** The C library's words for a failed call, ending a line (what `find`, `ls`, `cp`, `tar` and most tools print after the path). */
const ERRNO_WORDS =
  /(?:No such file or directory|Permission denied|Not a directory|Is a directory|Operation not permitted|Read-only file system|No space left on device|Too many levels of symbolic links|Input\/output error|Directory not empty|File exists|Device or resource busy|Disk quota exceeded)\)?$/;
/** The words led by `: ` (after the path) or ` (`, the guard's literals first so most lines cost one cheap scan. */
const ERRNO_MESSAGE = { guard: ERRNO_WORDS, pattern: new RegExp(`(?:: | \\()${ERRNO_WORDS.source}`) };

// Generic failure signals, scanned on every line of every output whatever the recogniser.
export const failureSignals: readonly (RegExp | Guarded)[] = [
  // a file:line(:col) and the word error / warning / fatal anywhere on the line (gcc, tsc, eslint, go, javac, python);
  // the word first, so a line without it costs one cheap scan
  { guard: /\b(?:error|warning|fatal|Error|ERROR)\b/, pattern: /[\w./\\-][:(]\d+(?:[:,]\d+)?\)?[: ]/ },
  /^\s*(?:[Ee]rror|ERROR|[Ff]atal|FATAL|[Ww]arning|WARNING)(?:\[[\w-]+\])?:/,
  // a linter's finding: `file:line:col: CODE message` (flake8, ruff, pylint) or a note carrying its rule (`… [SC2086]`);
  // the column written `\d*[0-9]` so the whole-stream scan searches for `<digit>: `, not every `: ` of a build log
  /^[^\s:]+:\d+:\d*[0-9]: (?:[A-Z]{1,3}\d{3,4}\b|(?:note|info|style|convention|refactor): .*\[[\w-]+\]$)/,
  // a finding told by its code and severity (`SC2086 (warning):`, `DL3008 error:`)
  { guard: /\b(?:error|warning|info|style|note)\)?:/, pattern: /\b[A-Z]{1,4}\d{3,5}:? \(?(?:error|warning|info|style|note)\)?:/ },
  // a runtime warning that names its place the Perl way (`… at /usr/sbin/needrestart line 79.`)
  // the digit written `[0-9]` so the whole-stream scan searches for `line 0`…`line 9`, not every `line ` of prose
  { guard: /\bline [0-9]/, pattern: / at \S+ line \d+\.?$/ },
  // a step that could not be done, or was put off or refused (`Failed to …`, `debconf: delaying …`, `invoke-rc.d: … denied …`)
  /^\s*(?:Failed|Unable) to\b|^\s*Could not\b/,
  { guard: /\b(?:denied|skipping|delaying)\b/, pattern: /^[\w.-]+: (?:delaying\b|.*\b(?:denied|skipping)\b)/ },
  /^\s*(?:FAIL|FAILED|ERROR|ERR!|PANIC)\b/,
  PACKAGE_MANAGER_ERROR,
  /(?:^|\s)[✗✖×✕❌]\s/,
  /^\s*not ok \d+/,
  /\bpanicked at\b/,
  /^Traceback \(most recent call last\):/,
  /^\s*(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Fault)(?::|$)/,
  /^\s*(?:Uncaught|Unhandled)\b/,
  /\b(?:Segmentation fault|core dumped|Aborted|Bus error|Killed|stack overflow|out of memory|OOMKilled)\b/,
  /^\s*CONFLICT\b/,
  /^\s*! \[(?:rejected|remote rejected)\]/,
  /^E: /,
  /^make(?:\[\d+\])?: \*\*\*/,
  /\b[Aa]ssertion(?:Error\b| failed\b)/,
  /^\s*[-+] (?:Expected|Received)\b/,
  /\bcode (?:[45]\d\d)\b|" [45]\d\d \S+$/,
  /\b(?:CRITICAL|FATAL|SEVERE)\b|\blevel=(?:error|fatal)\b|\s(?:ERROR|WARN(?:ING)?)\s/,
  // memory checkers: valgrind's errors and lost blocks behind its `==PID== ` prefix, a sanitizer's report and runtime errors
  MEMCHECK_ERROR,
  // (a sanitizer's `file.c:3:44: runtime error: …` is the first signal's: a place and the word error)
  /^==\d+==ERROR: \w+Sanitizer\b/,
  // a program's own error told by the system's message for it (`find: '/x': Permission denied`, `ls: cannot access …`)
  ERRNO_MESSAGE,
  // a Go panic and the goroutine it stopped
  /^panic: /,
  // a failed test's heading (jest's `● suite › test`, go test's `--- FAIL: TestX`)
  /^\s*● \S.* › \S/,
  /^\s*--- FAIL: /,
];

// Final summaries of test runners and builds: always kept.
export const summaryLines: readonly RegExp[] = [
  /^\s*Tests?:?\s+.*\b(?:passed|failed)\b/,
  /^\s*Test (?:Files|Suites):?\s/,
  /^test result: /,
  /^# (?:tests|pass|fail|cancelled|skipped|todo|suites) \d+/,
  /^(?:ℹ|#) (?:tests|pass|fail) \d+/,
  /^Found \d+ errors?\b/,
  /^\s*[✖✗] \d+ problems?\b/,
  /^=+ .*\b(?:passed|failed|errors?|no tests ran)\b.* =+$/,
  /^Ran \d+ tests? in /,
  /^(?:OK|FAILED)(?: \(.*\))?$/,
  /\bcould not compile\b|^error: \d+ targets? failed/,
  /^(?:added|removed|changed|up to date)\b.* (?:packages?|in \d)/,
  /^\d+ upgraded, \d+ newly installed/,
  /^(?:Successfully installed|Successfully built)\b/,
  /^\s*Finished\b.*\btarget/,
  /^\s*(?:BUILD (?:SUCCESS|FAILURE)|Build (?:succeeded|failed))/,
  /^(?:ok|FAIL|---)\s+\S+\s+[\d.]+s$/,
  /^exit status \d+$/,
  /^make(?:\[\d+\])?: .*not remade because of errors/,
  /^==\d+== (?:ERROR|LEAK|HEAP) SUMMARY:/,
  /^SUMMARY: \w+Sanitizer: /,
  // scores and totals of linters and compilers, anchored: a pattern tried at every position costs every line
  /^Your code has been rated at -?[\d.]+\/10\b/,
  /^\s*\d+ problems? \(\d+ errors?, \d+ warnings?\)/,
  /^\d+ (?:errors?|warnings?)(?: and \d+ (?:errors?|warnings?))? generated\b/,
  /^Found \d+ (?:errors?|warnings?|problems?|issues?) in \d+ files?\b/,
  /^\d+ files? inspected, (?:no|\d+) offenses? detected\b/,
];

// Context that belongs to a failure and is kept with it.
export const failureBlocks: readonly BlockRule[] = [
  { start: /^Traceback \(most recent call last\):/, until: 'dedent', maxLines: 40 },
  { start: /^\s*(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception)(?::|$)/, until: 'indented', maxLines: 12 },
  { start: /^error(?:\[\w+\])?: /, until: 'blank', maxLines: 24 },
  { start: /\bpanicked at\b/, until: 'blank', maxLines: 8 },
  { start: /^\s*[-+] Expected\b/, until: 'blank', maxLines: 30 },
  { start: /^\s*! \[(?:rejected|remote rejected)\]/, until: /^(?!\s*(?:!|error:|hint:))/, maxLines: 8 },
  // a memory checker's record with the frames that place it (`at 0x…: count (leak.c:7)`), a sanitizer's report to its summary
  { start: MEMCHECK_ERROR, until: MEMCHECK_RECORD_END, maxLines: 16 },
  { start: /^==\d+== LEAK SUMMARY:/, until: MEMCHECK_RECORD_END, maxLines: 8 },
  { start: /^==\d+==ERROR: \w+Sanitizer\b/, until: /^SUMMARY: /, maxLines: 40 },
  { start: /^goroutine \d+ \[running\]:/, until: 'blank', maxLines: 12 },
];
