// What `stdoutContains` and `stdoutMatches` found. A whole stdout held as one string is checked at once; a stored
// one (up to 64 MiB in run()) is scanned in line-aligned pieces that yield to the event loop between them, so a
// linear but slow RE2 scan (~20 MB/s for a pattern with no literal to skip ahead on) never stalls the host.
import type { NormalizedExpectations } from './expectations.js';

export interface StdoutFindings {
  /** The `stdoutContains` strings that were not found. */
  missing: string[];
  /** Whether `stdoutMatches` matched (true when there is none). */
  matched: boolean;
  /** Lines of stdout, for the failure sentences; undefined when a scan stopped early because every check held. */
  lines: number | undefined;
}

type StdoutChecks = Pick<NormalizedExpectations, 'stdoutContains' | 'stdoutMatches'>;

/** Characters scanned in one go: about 6 ms of the slowest RE2 scan (~10 MB/s), so a loaded machine still leaves margin, well under a frame of the host's loop. */
const PIECE_CHARS = 64 * 1024;
/** Text of the previous piece scanned again, so a match across a cut up to this long is still seen. */
const OVERLAP_CHARS = 16 * 1024;

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

export function countLines(text: string): number {
  return countNewlines(text) + (text.length > 0 && !text.endsWith('\n') ? 1 : 0);
}

export function findInText(text: string, checks: StdoutChecks): StdoutFindings {
  return {
    missing: (checks.stdoutContains ?? []).filter((needle) => !text.includes(needle)),
    matched: checks.stdoutMatches === undefined || checks.stdoutMatches.test(text),
    lines: countLines(text),
  };
}

/** Where the overlap kept from `text` starts: at a line start, so `^` (flag `m`) means what it means in the whole text. */
function overlapStart(text: string, overlap: number): number {
  if (text.length <= overlap) return 0;
  const newline = text.indexOf('\n', text.length - overlap);
  return newline === -1 ? text.length - overlap : newline + 1;
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Scans decoded stdout, given chunk by chunk, in pieces cut after a newline (a line longer than a piece is cut
 * inside), each with the last 16 Ki characters of the one before (or the longest `stdoutContains` string, if longer).
 * Between two pieces the event loop runs. Stops reading once every check has held.
 */
export async function findInChunks(chunks: AsyncIterable<string>, checks: StdoutChecks): Promise<StdoutFindings> {
  const missing = new Set(checks.stdoutContains ?? []);
  let matched = checks.stdoutMatches === undefined;
  const overlap = Math.max(OVERLAP_CHARS, ...[...missing].map((needle) => needle.length));
  let lines = 0;
  let carried = '';
  let pending = '';
  let endsWithNewline = true;
  const scan = async (piece: string): Promise<boolean> => {
    const text = carried + piece;
    for (const needle of missing) if (text.includes(needle)) missing.delete(needle);
    if (!matched) matched = checks.stdoutMatches!.test(text);
    carried = text.slice(overlapStart(text, overlap));
    lines += countNewlines(piece);
    await nextTurn();
    return matched && missing.size === 0;
  };
  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    endsWithNewline = chunk.endsWith('\n');
    pending += chunk;
    while (pending.length >= PIECE_CHARS) {
      const newline = pending.lastIndexOf('\n', PIECE_CHARS);
      const cut = newline === -1 ? PIECE_CHARS : newline + 1;
      if (await scan(pending.slice(0, cut))) return { missing: [], matched: true, lines: undefined };
      pending = pending.slice(cut);
    }
  }
  if (pending !== '') await scan(pending);
  if (!endsWithNewline) lines += 1;
  return { missing: [...missing], matched, lines };
}
