import { classify } from './classify.js';
import type { Testers } from './classify.js';
import type { Classified } from './classify.js';
import { coarseFailureFolds, findFolds } from './fold.js';
import { lineMap } from './line-map.js';
import type { LineMap } from './line-map.js';
import { distinctFailures } from './distinct.js';
import { placeReader } from './locations.js';
import type { MarkerContext } from './markers.js';
import { dataView } from './overview/data-view.js';
import { render } from './render.js';
import { ordinaryRuns } from './runs.js';
import { FAILURE_OVERFLOW } from './failure-room.js';
import { fillLimit, fitsWhole } from './shares.js';
import type { FillCase } from './shares.js';
import type { Rendered } from './render.js';
import { selectLines } from './select.js';
import { estimateTokens } from './tokens.js';
import { priceLines } from './price.js';
import type { StreamLines } from './sparse-lines.js';
import type { Recogniser } from './types.js';

export const MAX_LINE_CHARS = 400;
const MIN_WINDOW_LINES = 1000;
const BLOCK_LINES_WHEN_TIGHT = 3;
/** A view with whole blocks costing more than this share of its budget shows each block by its first lines (room for more failures). */
const BLOCKS_SHRINK_PAST_SHARE = 0.75;
/** Failures are grouped by kind only in outputs holding at most this many (beyond it, their shapes fold them). */
const MAX_COARSE_SIGNALS = 5000;

/** Lines from either end within which every line is looked at: no more than the budget's worth can be shown from an end. */
export function windowFor(budget: number): number {
  return Math.max(MIN_WINDOW_LINES, budget);
}

export interface AnalysedStream {
  lines: readonly string[];
  classified: Classified;
  costs: Float64Array;
  /** Each priced line's shape (see shapeOf), NaN where not taken. */
  shapes: Float64Array;
  tokens: number;
  window: number;
  /** Where each entry is in the stored stream. */
  map: LineMap;
  /** Unread entries that hold a notable line (see StreamLines.lossy). */
  lossy?: ReadonlySet<number>;
}

/**
 * Classifies, folds and prices the lines. A line costs at least one token, so with a budget of B
 * tokens no more than B lines from either end can be shown: beyond that window only failures,
 * summaries and their blocks are looked at, and the total is extrapolated.
 */
export function analyseStream(read: StreamLines, testers: Testers, budget: number): AnalysedStream {
  const { lines, joined } = read;
  const window = windowFor(budget);
  const map = lineMap(lines.length, read.unread);
  const classified = classify(lines, testers, window, map.unread);
  const { costs, shapes, tokens } = priceLines(lines, classified.roles, window, MAX_LINE_CHARS, map, joined);
  return { lines, classified, costs, shapes, tokens, window, map, ...(read.lossy ? { lossy: read.lossy } : {}) };
}

export interface StreamPlan {
  budget: number;
  /** The budget of both streams together. */
  totalBudget: number;
  context: MarkerContext;
  recogniser: Recogniser | undefined;
  keepTail: boolean;
  notes: readonly string[];
  /** The recogniser explained the output (failures or a summary found): show little beyond them. */
  explained: boolean;
  /** Failures were found (by a recogniser or the generic signals): the lines around them get a small share. */
  focused: boolean;
}

/** A view under this share of its budget while failures stay hidden is chosen again with the rest. */
const SLACK_SHARE = 0.85;
const MAX_LINES_CHOSEN_AGAIN = 20_000;

export function condenseStream(stream: AnalysedStream, plan: StreamPlan): Rendered {
  const { lines, classified, costs, map } = stream;
  let folds = findFolds(lines, classified.roles, stream.window, 3, stream.shapes, { unread: map.unread, lossy: stream.lossy });
  // An overview counts over the whole stream: not said of one read in part.
  // What a data output's shape says (see overview/data-view.ts); an output a recogniser explained is told by its failures.
  const view =
    map.unread === undefined && !plan.explained ? dataView(lines, plan.recogniser?.overview) : { header: [], pinned: [] };
  const overview = view.header;
  const header = [...plan.notes, ...overview];
  const headerCost = estimateTokens(header.join('\n'));
  const markerCost = plan.context.recordId === undefined ? 14 : 30;
  const fill: FillCase = {
    budget: plan.budget,
    totalBudget: plan.totalBudget,
    tokens: stream.tokens,
    explained: plan.explained,
    focused: plan.focused,
    overview: overview.length === 0 ? 'none' : view.complete === true ? 'names' : 'counts',
  };
  const fits = fitsWhole(fill);
  const places = placeReader(lines, classified.headingOf);
  let distinct = distinctFailures(lines, classified.roles, folds, classified.blockEnds, places);
  // the view's lines grow past the budget for distinct failures alone, up to a ceiling (their markers' place lists,
  // at most MAX_LISTED_CHARS each, come on top)
  const ceilingTokens = plan.budget * FAILURE_OVERFLOW;
  const failureCeiling = Math.max(0, ceilingTokens - headerCost);
  /** A view, and what it may cost: its budget and what its distinct failures took past it, up to the ceiling. */
  const attempt = (blockEnds: Map<number, number>, budget: number): Rendered & { target: number } => {
    const { kept, mustShowCost } = selectLines({
      lines,
      roles: classified.roles,
      blockEnds,
      folds,
      distinct,
      places,
      costs,
      budget: fits ? Infinity : Math.max(0, budget - headerCost),
      failureCeiling,
      markerCost,
      keepTail: plan.keepTail,
      fillLimit: fillLimit(fill),
      explained: plan.explained && !fits,
      hidden: fits ? ordinaryRuns(lines, classified.roles, stream.shapes) : undefined,
      unread: map.unread,
      pinned: view.pinned,
      headingOf: classified.headingOf,
    });
    const rendered = render({
      lines,
      roles: classified.roles,
      kept,
      folds,
      blockEnds,
      places,
      distinct,
      context: plan.context,
      maxLineChars: MAX_LINE_CHARS,
      header,
      annotateOrdinaryFolds: overview.length === 0,
      map,
    });
    return { ...rendered, target: Math.max(plan.budget, Math.min(ceilingTokens, mustShowCost + headerCost)) };
  };
  let blockEnds = classified.blockEnds;
  let result = attempt(blockEnds, plan.budget);
  if (fits) return result;
  let tokens = estimateTokens(result.text);
  if (blockEnds.size > 0 && tokens > plan.budget * BLOCKS_SHRINK_PAST_SHARE) {
    blockEnds = new Map([...blockEnds].map(([start, end]) => [start, Math.min(end, start + BLOCK_LINES_WHEN_TIGHT)]));
    result = attempt(blockEnds, plan.budget);
    tokens = estimateTokens(result.text);
  }
  if (tokens > ceilingTokens && classified.signalCount <= MAX_COARSE_SIGNALS) {
    folds = coarseFailureFolds(lines, classified.roles, folds, places);
    distinct = distinctFailures(lines, classified.roles, folds, classified.blockEnds, places);
    result = attempt(blockEnds, plan.budget);
    tokens = estimateTokens(result.text);
  }
  let budget = plan.budget;
  // Gaps cost less than reserved when hidden failures sit between shown ones: give the slack to them and choose
  // again (once, and only where choosing again is cheap: a huge log's view is never short of its budget for long).
  if (tokens < plan.budget * SLACK_SHARE && distinct.failures.length > 0 && lines.length <= MAX_LINES_CHOSEN_AGAIN) {
    const grown = attempt(blockEnds, budget + plan.budget - tokens);
    const grownTokens = estimateTokens(grown.text);
    if (grownTokens <= plan.budget && grownTokens > tokens) {
      budget += plan.budget - tokens;
      result = grown;
      tokens = grownTokens;
    }
  }
  // Markers cost more than reserved when the kept lines are scattered: give the overshoot back and choose again.
  for (let round = 0; round < 3 && tokens > result.target; round++) {
    budget -= tokens - result.target;
    const retry = attempt(blockEnds, budget);
    const retryTokens = estimateTokens(retry.text);
    if (retryTokens >= tokens) break;
    result = retry;
    tokens = retryTokens;
  }
  return result;
}

/** Every line read, unread runs as gap markers: the whole stream as far as it was read. */
export function renderRead(stream: AnalysedStream, context: MarkerContext): Rendered {
  const { lines, classified, map } = stream;
  const kept = new Uint8Array(lines.length).fill(1);
  if (map.unread !== undefined) for (let i = 0; i < lines.length; i++) if (map.unread[i] === 1) kept[i] = 0;
  const places = placeReader(lines, classified.headingOf);
  const distinct = distinctFailures(lines, classified.roles, [], classified.blockEnds, places);
  return render({
    lines,
    roles: classified.roles,
    kept,
    folds: [],
    blockEnds: classified.blockEnds,
    places,
    distinct,
    context,
    maxLineChars: Infinity,
    header: [],
    annotateOrdinaryFolds: false,
    map,
  });
}
