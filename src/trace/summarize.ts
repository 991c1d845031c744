import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createLineReader } from './line.js';
import { createAccumulator, type CreationCandidate } from './summary.js';
import type { SummarizeTraceOptions, TraceSummary } from './types.js';
import { optionalInteger, optionalStringArray, readOptionsObject, requiredString } from '../validate.js';

/**
 * Reads an strace output file line by line (never whole) into a {@link TraceSummary}.
 */
export async function summarizeTrace(traceFile: string, options: SummarizeTraceOptions): Promise<TraceSummary> {
  const read = readOptionsObject('options', options, ['cwd', 'maxListed', 'launchers']);
  const accumulator = createAccumulator({
    cwd: requiredString('cwd', read.cwd, { nonEmpty: true }),
    maxListed: optionalInteger('maxListed', read.maxListed) ?? 100,
    launchers: optionalStringArray('launchers', read.launchers) ?? [],
  });
  const startedMs = (await stat(traceFile)).birthtimeMs;
  const nextEvent = createLineReader();
  const lines = createInterface({ input: createReadStream(traceFile, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    const event = nextEvent(line);
    if (event !== undefined) accumulator.add(event);
  }
  return accumulator.finish(await bornDuringTrace(accumulator.candidates(), startedMs));
}

// The trace file is made more than a clock tick before the command starts (strace.ts), so anything born after it
// was created by the run, and anything born with it or before was not. Where the file system keeps no birth time
// (birthtimeMs 0) nothing is claimed.
async function bornDuringTrace(candidates: CreationCandidate[], startedMs: number): Promise<string[]> {
  if (startedMs <= 0) return [];
  const born = await Promise.all(
    candidates.map(async (candidate) => {
      const info = await stat(candidate.current).catch(() => undefined);
      return info !== undefined && info.birthtimeMs > startedMs ? candidate.listed : undefined;
    }),
  );
  return born.filter((path): path is string => path !== undefined);
}
