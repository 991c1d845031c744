// Which lines of a failure's block are shown with it. Measured on the tune half of the outsider captures and the 56
// own fixtures (docs/condense.md): the lines that matter in a block are the message the failure goes on with and the
// frames of the program's own code; underlines, blank lines, frames inside installed libraries or the runtime, and
// the code around the line an excerpt points at are never what was asked for, and go to the gap markers.
import { placeOf } from './locations.js';
import { Role } from './roles.js';

/** Lines after the opening line shown whatever they are (but generic): the message a failure goes on with. */
const LEADING_CONTEXT = 1;
/** Frames of the program's own code shown per block (the place the failure was raised, its caller and the caller's). */
const OWN_FRAMES = 3;

/** Only `^ ~ -` marks under a line, with or without a gutter (`   |     ^^^^`). */
const UNDERLINE = /^\s*(?:\d*\s*\|)?\s*[\^~-]+(?:\s+[\^~-]+)*\s*$/;
/**
 * A stack frame: `at f (file:1:2)`, Python's `File "…", line 3`, valgrind's `==1==    by 0x…: f (a.c:8)`, a numbered
 * frame, Go's indented `\t/src/main.go:10 +0xfd`.
 */
const FRAME = /^\s*(?:==\d+==\s+)?(?:at |by 0x|File "|#\d+ |\d+: )|^\s+\/?[\w.@+-]+(?:\/[\w.@+-]+)*:\d+(?: \+0x[\da-f]+)?$/;
/** Where installed code lives: a frame there is the library's or the runtime's, not the program's. */
const INSTALLED =
  /site-packages\/|dist-packages\/|\/lib\/python\d|node_modules\/|\(?node:|[(\s]internal\/|\/rustc\/|\.cargo\/registry\/|\/usr\/(?:lib|libexec|include|share)\/|<frozen |\bat (?:java|javax|jdk|sun|kotlin|scala)\.|\bat org\.(?:junit|apache|springframework)\./;
/** An excerpt's gutter with nothing in it. */
const GUTTER = /^\s*\d*\s*\|\s*$/;
/** A line of a code excerpt (`  4 | code`, `> 4 | code`). */
const EXCERPT = /^\s*>?\s*\d+\s*\|/;
/** The excerpt line an excerpt points at: marked `>`. */
const POINTED = /^\s*>\s*\d+\s*\|/;
/** Marks under an excerpt line, maybe with their labels (`  |    ^^^ expected `i32``). */
const MARKS = /^\s*(?:\d+\s*)?\|\s*[\^~+-]/;
/** What was expected and what came: an assertion's own message, whatever its place in the block. */
const VALUES = /^\s*(?:(?:Expected|Received|Actual)\b[^:]{0,30}:|(?:expected|actual):\s)|^\s*[-+] {1,}\S/;

function isFrame(line: string): boolean {
  return FRAME.test(line);
}

/** The lines of the block opened at `start` (through `end`) shown with it, in order. */
export function shownContext(lines: readonly string[], roles: Uint8Array, start: number, end: number): number[] {
  const shown: number[] = [];
  let lead = 0;
  let own = 0;
  let inInstalledFrame = false;
  let inStack = false;
  for (let j = start + 1; j <= end; j++) {
    const line = lines[j] as string;
    const role = roles[j] as number;
    if (role === Role.noise) continue;
    if (role > Role.context) {
      shown.push(j);
      inInstalledFrame = false;
      continue;
    }
    if (line.trim() === '' || UNDERLINE.test(line) || GUTTER.test(line)) continue;
    if (VALUES.test(line)) {
      shown.push(j);
      continue;
    }
    if (MARKS.test(line)) continue;
    if (isFrame(line)) {
      inStack = true;
      inInstalledFrame = INSTALLED.test(line);
      // a frame with no place of its own (rust's `  3: core::panicking::panic_fmt`, before its `at` line) tells no code
      if (!inInstalledFrame && own < OWN_FRAMES && placeOf(line) !== undefined) {
        shown.push(j);
        own++;
      }
      continue;
    }
    // the source line under a frame belongs to it
    const deeper = /^\s{4,}/.test(line);
    if (deeper && (inInstalledFrame || (j > start + 1 && isFrame(lines[j - 1] as string)))) continue;
    inInstalledFrame = false;
    // after a stack, the report goes on (a sanitizer's `freed by thread T0 here:`, valgrind's `Address … alloc'd`):
    // that line and the own frames of the next stack are shown as the first ones were
    if (inStack) {
      inStack = false;
      own = 0;
      lead = 0;
    }
    if (EXCERPT.test(line)) {
      if (POINTED.test(line) || MARKS.test(lines[j + 1] ?? '')) shown.push(j);
      continue;
    }
    if (lead < LEADING_CONTEXT) {
      shown.push(j);
      lead++;
    }
  }
  return shown;
}
