// An over-long line is cut to its head, the words saying what went wrong, and its end.

/** Words that say what went wrong; the part of a cut line around the first one past the head is kept. */
const FAILURE_WORDS =
  /\b(?:error|\w*Error|ERROR|fatal|FATAL|failed|FAILED|failure|panicked|exception|\w*Exception|undefined reference|cannot|No such file|not found|denied|refused|Traceback)\b/g;
const HEAD_SHARE = 0.6;
const TAIL_SHARE = 0.25;
/** With a failure word past the head: shares of head, of the window from a little before the word, and of the end. */
const SPLIT_HEAD_SHARE = 0.25;
const WINDOW_SHARE = 0.45;
const SPLIT_TAIL_SHARE = 0.2;
const BEFORE_WORD_SHARE = 0.1;

const omitted = (chars: number): string => `[… ${chars} chars omitted …]`;

/** Replaces the middle of an over-long line; the words of a failure past its head stay, with what follows them. */
export function capLine(line: string, maxChars: number): string {
  if (line.length <= maxChars) return line;
  const headChars = Math.floor(maxChars * HEAD_SHARE);
  const tailChars = Math.floor(maxChars * TAIL_SHARE);
  const tailStart = line.length - tailChars;
  const word = failureWordAfter(line, headChars - 20, tailStart);
  if (word === undefined) return `${line.slice(0, headChars)}${omitted(tailStart - headChars)}${line.slice(tailStart)}`;
  const head = Math.floor(maxChars * SPLIT_HEAD_SHARE);
  const tail = line.length - Math.floor(maxChars * SPLIT_TAIL_SHARE);
  const from = Math.max(head, word - Math.floor(maxChars * BEFORE_WORD_SHARE));
  const to = Math.min(tail, from + Math.floor(maxChars * WINDOW_SHARE));
  const parts = [line.slice(0, head)];
  if (from > head) parts.push(omitted(from - head));
  parts.push(line.slice(from, to));
  if (tail > to) parts.push(omitted(tail - to));
  parts.push(line.slice(tail));
  return parts.join('');
}

/** Where the first failure word between `from` and `to` starts, if any (the line is scanned once, up to `to`). */
function failureWordAfter(line: string, from: number, to: number): number | undefined {
  const pattern = new RegExp(FAILURE_WORDS.source, 'g');
  pattern.lastIndex = Math.max(0, from);
  const match = pattern.exec(line);
  return match === null || match.index >= to ? undefined : match.index;
}
