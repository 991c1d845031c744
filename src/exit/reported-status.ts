import type { CommandShape, ShapeOperator, ShapeSegment } from './command-shape.js';

/** A pipeline of the command, with whether `pipefail` was on when it ran. */
export interface ShapePipeline {
  readonly segments: readonly ShapeSegment[];
  readonly pipefail: boolean;
  readonly negated: boolean;
}

/** A list item: pipelines joined by `&&` / `||`, ended by `;`, `&`, a newline or the end. */
export interface ShapeList {
  readonly pipelines: readonly ShapePipeline[];
  /** `andOr[i]` joins `pipelines[i]` and `pipelines[i + 1]`. */
  readonly andOr: readonly ('&&' | '||')[];
  /** The list ends with `&`: it ran in the background. */
  readonly background: boolean;
}

/** `set -o pipefail` → true, `set +o pipefail` → false, anything else → undefined. */
export function pipefailChange(words: readonly string[]): boolean | undefined {
  if (words[0] !== 'set') return undefined;
  for (let i = 1; i < words.length - 1; i++) {
    const word = words[i] as string;
    if (/^[-+][a-zA-Z]*o$/.test(word) && words[i + 1] === 'pipefail') return word.startsWith('-');
  }
  return undefined;
}

/** Groups a shape's segments into lists of pipelines, following `set -o pipefail` as it is switched. */
export function splitLists(shape: CommandShape, pipefail = false): ShapeList[] {
  const lists: ShapeList[] = [];
  let pipelines: ShapePipeline[] = [];
  let andOr: ('&&' | '||')[] = [];
  let current: ShapeSegment[] = [];
  let state = pipefail;
  let pipelineState = state;
  shape.segments.forEach((segment, index) => {
    if (current.length === 0) pipelineState = state;
    current.push(segment);
    state = pipefailChange(segment.words) ?? state;
    const operator: ShapeOperator | undefined = shape.operators[index] ?? shape.trailing;
    if (operator === '|' || operator === '|&') return;
    pipelines.push({ segments: current, pipefail: pipelineState, negated: current[0]?.negated ?? false });
    current = [];
    if (operator === '&&' || operator === '||') {
      andOr.push(operator);
      return;
    }
    lists.push({ pipelines, andOr, background: operator === '&' });
    pipelines = [];
    andOr = [];
  });
  return lists;
}

/**
 * The pipelines of the last list that may have set the reported status: for a failure, the last one and
 * those before it joined by `&&` (in `a && b`, a failing `a` is what the shell reports).
 */
export function reportingPipelines(lists: readonly ShapeList[], failed: boolean): ShapePipeline[] {
  const last = lists[lists.length - 1];
  if (last === undefined || last.background) return [];
  const chosen: ShapePipeline[] = [];
  for (let i = last.pipelines.length - 1; i >= 0; i--) {
    chosen.unshift(last.pipelines[i] as ShapePipeline);
    if (last.andOr[i - 1] !== (failed ? '&&' : '||')) break;
  }
  return chosen;
}
