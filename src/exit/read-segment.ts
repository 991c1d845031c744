import { parseCommandShape } from './command-shape.js';
import { shortText } from './short-text.js';
import type { ShapeSegment } from './command-shape.js';
import { genericReading } from './generic-exit.js';
import { earlyClosingReaders, infalliblePrograms, loudPrograms } from './loud-programs.js';
import { findRule } from './match-rule.js';
import { reportingPipelines, splitLists } from './reported-status.js';
import type { ShapePipeline } from './reported-status.js';
import { resolveProgram } from './resolve-program.js';
import { shellPrograms } from './wrapper-catalogue.js';
import type { ProgramLayer } from './resolve-program.js';
import type { ExitClassification } from './classify-exit.js';
import type { ExitRule } from './types.js';
import type { ExitWrapper } from './wrappers.js';

/** What one command that may have set the status would mean by it. */
export interface Reading {
  readonly program: string | undefined;
  readonly classification: ExitClassification;
}

export interface ReadContext {
  readonly code: number;
  readonly stderr: string | undefined;
  readonly rules: readonly ExitRule[];
  readonly wrappers: readonly ExitWrapper[];
}

function layersOf(segment: ShapeSegment, wrappers: readonly ExitWrapper[]): ProgramLayer[] {
  if (!segment.grouped) return resolveProgram(segment.words, wrappers);
  return segment.words[0]?.startsWith('((') ? [{ program: '((', args: [] }] : [];
}

/** The script of `bash -c '…'`, `sh -ec '…'`. */
function shellScript(layer: ProgramLayer): string | undefined {
  if (!shellPrograms.has(layer.program)) return undefined;
  const flag = layer.args.findIndex((arg) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(arg));
  return flag === -1 ? undefined : layer.args[flag + 1];
}

function readSegment(
  segment: ShapeSegment,
  later: readonly ShapeSegment[],
  negated: boolean,
  context: ReadContext,
  depth: number,
): Reading[] {
  const layers = layersOf(segment, context.wrappers);
  const program = layers.at(-1)?.program ?? shortText(segment.text);
  if (negated) return [{ program, classification: genericReading(context.code, program, context.stderr) }];
  if (context.code === 141) {
    const reader = later
      .map((s) => layersOf(s, context.wrappers).at(-1)?.program)
      .find((p) => p !== undefined && earlyClosingReaders.has(p));
    if (reader !== undefined)
      return [
        { program, classification: { status: 'ok', message: `Stopped by SIGPIPE after \`${reader}\` closed the pipe (benign)` } },
      ];
  }
  let innermost = program;
  for (const layer of layers) {
    innermost = layer.program;
    const rule = findRule(layer, context.code, context.rules);
    if (rule) return [{ program: layer.program, classification: { status: rule.status, message: rule.message } }];
    const script = shellScript(layer);
    if (script !== undefined && depth < 3) return readCommand(script, false, context, depth + 1);
    if (layer.wrapper?.passesStatus === false) break;
  }
  return [{ program: innermost, classification: genericReading(context.code, innermost, context.stderr) }];
}

function mayHaveFailed(segment: ShapeSegment, context: ReadContext): boolean {
  const program = layersOf(segment, context.wrappers).at(-1)?.program;
  if (program === undefined) return true;
  if (infalliblePrograms.has(program)) return false;
  return !(context.stderr === '' && context.code < 126 && loudPrograms.has(program));
}

/** Readings of every command that may have set the exit `context.code` of `command`. */
export function readCommand(command: string, pipefail: boolean, context: ReadContext, depth = 0): Reading[] {
  const shape = parseCommandShape(command);
  if (shape.compound) return [{ program: undefined, classification: genericReading(context.code, undefined, context.stderr) }];
  const pipelines = reportingPipelines(splitLists(shape, pipefail), context.code !== 0);
  const candidates: { segment: ShapeSegment; later: ShapeSegment[]; pipeline: ShapePipeline }[] = [];
  for (const pipeline of pipelines) {
    const from = pipeline.pipefail && !pipeline.negated ? 0 : pipeline.segments.length - 1;
    pipeline.segments.forEach((segment, index) => {
      if (index >= from) candidates.push({ segment, later: pipeline.segments.slice(index + 1), pipeline });
    });
  }
  // A pipeline's last command writes to tersh's capture or a file, so only earlier ones meet a closed pipe.
  const plausible = candidates.filter((c) => mayHaveFailed(c.segment, context) && (context.code !== 141 || c.later.length > 0));
  const chosen = plausible.length > 0 ? plausible : candidates.slice(-1);
  if (chosen.length === 0)
    return [{ program: undefined, classification: genericReading(context.code, undefined, context.stderr) }];
  return chosen.flatMap((c) => readSegment(c.segment, c.later, c.pipeline.negated, context, depth));
}
