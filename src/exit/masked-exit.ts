import { parseCommandShape } from './command-shape.js';
import { shortText } from './short-text.js';
import type { CommandShape } from './command-shape.js';
import { infalliblePrograms, loudPrograms } from './loud-programs.js';
import { alwaysSucceeding, harmlessWriters, maskingReaders } from './masking-programs.js';
import { splitLists } from './reported-status.js';
import type { ShapePipeline } from './reported-status.js';
import { resolveProgram } from './resolve-program.js';
import { exitWrappers } from './wrappers.js';
import { optionalBoolean, readOptionsObject, requiredString } from '../validate.js';

/** A command whose shape hides the status of the part that matters. */
export type MaskedExit = NonNullable<ReturnType<typeof detectMaskedExit>>;

/** The shape that hides a status: `cmd | tail`, `cmd; echo done`, `cmd || true`, `cmd &`. */
export type MaskedExitKind = MaskedExit['kind'];

const reportsStatus = /\$\?|PIPESTATUS/;

function programOf(pipeline: ShapePipeline | undefined, index = -1): string | undefined {
  const segment = pipeline?.segments.at(index);
  if (segment === undefined || segment.grouped) return undefined;
  return resolveProgram(segment.words, exitWrappers).at(-1)?.program;
}

function textOf(pipeline: ShapePipeline): string {
  return pipeline.segments.map((segment) => segment.text).join(' | ');
}

/**
 * Finds a masked exit in an already parsed shape. Given the run's `stderr`, a hidden part made only of programs
 * that always complain on stderr when they fail is not flagged when stderr is empty: nothing could have been hidden.
 */
export function maskedExitOfShape(shape: CommandShape, pipefail = false, stderr?: string): MaskedExit | undefined {
  const masked = findMaskedExit(shape, pipefail);
  if (masked === undefined || stderr !== '' || masked.kind === 'background') return masked;
  return masked.programs.every(
    (program) => program !== undefined && (loudPrograms.has(program) || infalliblePrograms.has(program)),
  )
    ? undefined
    : masked;
}

type Found = MaskedExit & { programs: (string | undefined)[] };

function findMaskedExit(shape: CommandShape, pipefail: boolean): Found | undefined {
  if (shape.compound) return undefined;
  const lists = splitLists(shape, pipefail);
  const last = lists.at(-1);
  if (last === undefined) return undefined;
  const final = last.pipelines.at(-1) as ShapePipeline;
  if (last.background) {
    const hidden = shortText(textOf(final));
    return {
      kind: 'background',
      hidden,
      programs: [],
      hint: `\`${hidden} &\` only says it started: run it as a background job to see its status.`,
    };
  }
  const finalProgram = programOf(final);
  const before = last.pipelines.at(-2);
  const finalReports = finalProgram !== undefined && alwaysSucceeding.has(finalProgram) && !reportsStatus.test(textOf(final));
  if (finalReports && before !== undefined && last.andOr.at(-1) === '||') {
    const hidden = shortText(textOf(before));
    return {
      kind: 'or-true',
      hidden,
      programs: [programOf(before)],
      hint: `\`|| ${shortText(textOf(final))}\` hides any failure of \`${hidden}\`: drop it to see the status.`,
    };
  }
  const previous = lists.at(-2);
  const previousProgram = programOf(previous?.pipelines.at(-1));
  if (
    finalReports &&
    last.pipelines.length === 1 &&
    previous !== undefined &&
    !previous.background &&
    !harmlessWriters.has(previousProgram ?? '')
  ) {
    const hidden = shortText(textOf(previous.pipelines.at(-1) as ShapePipeline));
    return {
      kind: 'sequence',
      hidden,
      programs: [previousProgram],
      hint: `\`; ${finalProgram}\` hides any failure of \`${hidden}\`: join them with \`&&\`.`,
    };
  }
  return maskingPipe(lists.flatMap((list) => list.pipelines).reverse(), shape);
}

function maskingPipe(pipelines: readonly ShapePipeline[], shape: CommandShape): Found | undefined {
  if (shape.segments.some((segment) => reportsStatus.test(segment.text))) return undefined;
  for (const pipeline of pipelines) {
    if (pipeline.pipefail || pipeline.segments.length < 2) continue;
    const reader = programOf(pipeline);
    if (reader === undefined || !maskingReaders.has(reader)) continue;
    const writers = pipeline.segments.slice(0, -1);
    if (writers.every((_, i) => harmlessWriters.has(programOf(pipeline, i) ?? ''))) continue;
    const hidden = shortText(writers.map((segment) => segment.text).join(' | '));
    return {
      kind: 'pipe',
      hidden,
      programs: writers.map((_, i) => programOf(pipeline, i)),
      hint: `\`| ${reader}\` hides any failure of \`${hidden}\`: pass \`pipefail: true\`.`,
    };
  }
  return undefined;
}

/** Flags a command whose shape hides a failure, with a hint on how to see the real status. */
export function detectMaskedExit(
  command: string,
  options?: {
    /** The command runs with `set -o pipefail`, so a pipeline reports its failing segment. @defaultValue false */
    pipefail?: boolean;
  },
):
  | {
      /** Which shape hides the status. */
      kind: 'pipe' | 'sequence' | 'or-true' | 'background';
      /** The part whose status is hidden. */
      hidden: string;
      /** One sentence: what hides the status and how to see it. */
      hint: string;
    }
  | undefined {
  requiredString('command', command);
  const read = readOptionsObject('options', options, ['pipefail']);
  const found = findMaskedExit(parseCommandShape(command), optionalBoolean('pipefail', read.pipefail) ?? false);
  if (found === undefined) return undefined;
  const { programs: _programs, ...masked } = found;
  return masked;
}

/** Options of {@link detectMaskedExit}. */
export type DetectMaskedExitOptions = NonNullable<Parameters<typeof detectMaskedExit>[1]>;
