// A command whose output is already bounded by `| head` or `| tail` comes back untouched:
// the caller chose the cut.

const BOUNDED = /\|\s*(?:head|tail)(?:\s+(?:-n\s*|--lines[= ]|-c\s*|--bytes[= ]|-)?(\d+)?[kKmM]?)?\s*$/;
const MAX_BOUNDED_LINES = 1000;
const MAX_BOUNDED_BYTES = 100_000;

export function isBoundedByHeadOrTail(command: string): boolean {
  const match = BOUNDED.exec(command.trim());
  if (match === null) return false;
  const count = match[1] === undefined ? 10 : Number(match[1]);
  const bytes = /-c|--bytes/.test(match[0]);
  return count <= (bytes ? MAX_BOUNDED_BYTES : MAX_BOUNDED_LINES);
}
