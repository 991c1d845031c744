// How much of a stream's budget goes beyond what is always shown (failures, summaries, blocks, pinned lines): the
// shares below were tuned on the tune half of the outsider captures and the 56 own fixtures (docs/condense.md). Halving
// them moved the tune half by +0.3 points of mean reduction and lost 2 must-keep lines of the frozen half: they stay.

/** What decides a stream's fill. */
export interface FillCase {
  /** The stream's whole budget. */
  budget: number;
  /** The budget of both streams together. */
  totalBudget: number;
  /** What the stream costs shown whole. */
  tokens: number;
  /** A recogniser explained the output (it found failures or a summary). */
  explained: boolean;
  /** Failures were found, by a recogniser or by the generic signals. */
  focused: boolean;
  /** The stream's data overview: none, one that counts it, one that names every entry. */
  overview: 'none' | 'counts' | 'names';
}

/** An explained stream past this share of the whole budget is told by its failures, not shown but for its runs. */
const EXPLAINED_WHOLE_SHARE = 0.25;
/** Share of the budget for head and tail once the failures and summaries of an output with failures are in … */
const FOCUSED_FILL_SHARE = 0.1;
/** … and at most this share of what the stream itself costs: a view of failures, not of their surroundings. */
const FOCUSED_FILL_OF_STREAM = 0.1;
/** Share of the budget for the lines of a data output whose overview already counts all of it (a sample). */
const OVERVIEW_FILL_SHARE = 0.1;
/** Share for the lines of a listing whose overview names every entry: a sample showing the metadata. */
const NAMED_FILL_SHARE = 0.05;

/**
 * A stream that fits its budget (and holds no data overview) is shown but for its runs of ordinary lines; an
 * explained one past a quarter of the whole budget is told by its failures instead.
 */
export function fitsWhole(c: FillCase): boolean {
  return c.overview === 'none' && c.tokens <= c.budget && !(c.explained && c.tokens > c.totalBudget * EXPLAINED_WHOLE_SHARE);
}

/** Most tokens spent on headings, head and tail beyond what is always shown. */
export function fillLimit(c: FillCase): number {
  if (fitsWhole(c)) return Infinity;
  if (c.explained || (c.focused && c.overview === 'none'))
    return Math.min(c.budget * FOCUSED_FILL_SHARE, c.tokens * FOCUSED_FILL_OF_STREAM);
  if (c.overview === 'none') return Infinity;
  return c.budget * (c.overview === 'names' ? NAMED_FILL_SHARE : OVERVIEW_FILL_SHARE);
}
