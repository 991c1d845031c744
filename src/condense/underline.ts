// An underline's length (shellcheck's `^----^`, gcc's `~~~~^`, a ruler of `=`) marks a span of the line above it: it
// says where, not what. Failure lines that differ in it alone tell one message, and fold as look-alikes.

/** A run of two or more of one punctuation character. */
export const UNDERLINE_RUN = /([^\w\s])\1+/g;

/** The line with every run of one punctuation character cut to two of it (`^------^` → `^--^`). */
export function shortUnderlines(line: string): string {
  return line.replace(UNDERLINE_RUN, '$1$1');
}

/** Whether the line holds such a run (most do not: their shape is the one priced already). */
export function hasUnderline(line: string): boolean {
  UNDERLINE_RUN.lastIndex = 0;
  return UNDERLINE_RUN.test(line);
}
