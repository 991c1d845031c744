/** A search as both engines take it. */
export interface GrepQuery {
  cwd: string;
  root: string;
  rootIsFile: boolean;
  pattern: string;
  ignoreCase: boolean;
  fixedStrings: boolean;
  /** minimatch/ripgrep globs on paths; `!` excludes. */
  globs: string[];
  includeIgnored: boolean;
  maxResults: number;
}

export interface GrepMatch {
  path: string;
  line: number;
  text: string;
}

export interface GrepOutcome {
  matches: GrepMatch[];
  /** Every match seen, kept or not (a lower bound when `capped`). */
  count: number;
  files: number;
  /** The engine stopped counting at its hard limit. */
  capped: boolean;
}

/** Longest line text returned; the rest is cut with a marker. */
export const MAX_LINE_CHARS = 300;
/** An engine stops reading matches past this many. */
export const HARD_MATCH_LIMIT = 100_000;

export function clipLine(text: string): string {
  const line = text.replace(/\r?\n$/, '');
  return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}… [${line.length - MAX_LINE_CHARS} more chars]` : line;
}
