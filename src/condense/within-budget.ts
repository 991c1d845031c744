// Whether an output within the budget is shown whole or condensed. A clean short output is shown whole (a 20-line
// `ls` is not worth a marker); one holding recognised failures, or made mostly of noise and repeats, is condensed:
// its failures, their blocks and summaries shown, the ordinary lines around them folded into exact markers.
import { Role } from './roles.js';
import type { AnalysedStream } from './stream.js';

/** Below this many tokens an output is shown whole: a marker and the lines kept around it would cost about as much. */
const SMALL_OUTPUT_TOKENS = 100;
/** Share of a stream's tokens in noise and repeated lines past which it is condensed though it fits. */
const MOSTLY_NOISE_SHARE = 0.5;
/** A shape seen this many times is a run of repeats (the first is kept, the rest fold). */
const REPEATS = 3;

/** Both streams are shown whole: the output is small, or it fits and neither stream is worth a view. */
export function isShownWhole(out: AnalysedStream, err: AnalysedStream, budget: number, isData: boolean): boolean {
  const tokens = out.tokens + err.tokens;
  if (tokens <= SMALL_OUTPUT_TOKENS) return true;
  return tokens <= budget && !isWorthAView(out, isData) && !isWorthAView(err, isData);
}

/**
 * A stream that fits is still condensed when it holds failures or is mostly noise and repeats (not a data output's:
 * a listing's paths are all of one shape, and they are what was asked for).
 */
export function isWorthAView(stream: AnalysedStream, isData: boolean): boolean {
  if (stream.tokens <= SMALL_OUTPUT_TOKENS) return false;
  return stream.classified.signalCount > 0 || (!isData && foldableShare(stream) >= MOSTLY_NOISE_SHARE);
}

/** Share of the priced tokens in noise lines and in the second and later lines of a repeated shape. */
function foldableShare(stream: AnalysedStream): number {
  const { lines, classified, costs, shapes } = stream;
  const byShape = new Map<number, { count: number; first: number; tokens: number }>();
  let total = 0;
  let foldable = 0;
  for (let i = 0; i < lines.length; i++) {
    const cost = costs[i] as number;
    if (cost === 0) continue;
    total += cost;
    if (classified.roles[i] === Role.noise) {
      foldable += cost;
      continue;
    }
    const shape = shapes[i] as number;
    if (Number.isNaN(shape) || (lines[i] as string).trim() === '') continue;
    const seen = byShape.get(shape);
    if (seen === undefined) byShape.set(shape, { count: 1, first: cost, tokens: cost });
    else {
      seen.count++;
      seen.tokens += cost;
    }
  }
  for (const seen of byShape.values()) if (seen.count >= REPEATS) foldable += seen.tokens - seen.first;
  return total === 0 ? 0 : foldable / total;
}
