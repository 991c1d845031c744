import { unexplainedFailureNote } from './markers.js';
import { normalizeLines } from './normalize.js';
import { normalizeCondense } from './options.js';
import type { NormalizedCondense } from './options.js';
import { firstLines, readLines } from './read-lines.js';
import { makeTesters } from './classify.js';
import type { Testers } from './classify.js';
import { isBoundedByHeadOrTail } from './passthrough.js';
import { pickRecogniser } from './recognise.js';
import { defaultRecognisers } from './recognisers/index.js';
import type { StreamLines } from './sparse-lines.js';
import { analyseStream, condenseStream, renderRead, windowFor } from './stream.js';
import type { AnalysedStream } from './stream.js';
import { estimateTokens, estimateTokensSampled } from './tokens.js';
import type { CondenseInput, CondenseOptions, CondenseResult, Recogniser } from './types.js';

/**
 * Condenses a run's output to a token budget without hiding what matters: normalises terminal
 * output, keeps every failure signal, folds repeats, summarises known tools, and marks every
 * elision with the line ranges left out and how to fetch them.
 */
export function condense(input: CondenseInput, options?: CondenseOptions): CondenseResult {
  const o = normalizeCondense(input, options);
  if (o.mode === 'lossless' || isBoundedByHeadOrTail(o.command)) return unchanged(o);
  const recogniser = recogniserFor(o.command, firstLines(o.stdout, 60), firstLines(o.stderr, 60), o.recognisers);
  const testers = testersFor(recogniser);
  const window = windowFor(o.budgetTokens);
  const read = (stream: 'stdout' | 'stderr'): StreamLines =>
    readLines(o[stream], window, testers[stream], recogniser?.overview !== undefined, o.cuts[stream]);
  return condenseRead(o, recogniser, {
    stdout: { read: read('stdout'), raw: o.stdout },
    stderr: { read: read('stderr'), raw: o.stderr },
  });
}

/** The recogniser for a command and the first lines of its streams, the caller's own tried first. */
export function recogniserFor(
  command: string,
  stdoutStart: readonly string[],
  stderrStart: readonly string[],
  own: readonly Recogniser[] = [],
): Recogniser | undefined {
  return pickRecogniser(command, `${stdoutStart.join('\n')}\n${stderrStart.join('\n')}`, [...own, ...defaultRecognisers]);
}

/** What each stream is scanned for. The stdout of a data output (a listing, matches, a diff, a history) is data: a file named errors.ts is no failure. */
export function testersFor(recogniser: Recogniser | undefined): { stdout: Testers; stderr: Testers } {
  const stdoutIsData = recogniser?.overview !== undefined && recogniser.overview !== 'log';
  return { stdout: makeTesters(recogniser, !stdoutIsData), stderr: makeTesters(recogniser) };
}

/** One stream as read, and its text when the caller had it whole (a stream scanned from its record has none). */
export interface ReadStream {
  read: StreamLines;
  raw?: string;
}

/** {@link condense} over streams already read (by {@link readLines}, or scanned from a record by run()). */
export function condenseRead(
  o: NormalizedCondense,
  recogniser: Recogniser | undefined,
  streams: { stdout: ReadStream; stderr: ReadStream },
): CondenseResult {
  const testers = testersFor(recogniser);
  const out = analyseStream(streams.stdout.read, testers.stdout, o.budgetTokens);
  const err = analyseStream(streams.stderr.read, testers.stderr, o.budgetTokens);
  // A stream that normalising leaves as it was costs what its lines were priced at; one with escape codes or carriage returns is counted raw.
  const rawTokens = (stream: AnalysedStream, raw: string | undefined): number =>
    raw === undefined || isAsShown(raw) ? stream.tokens : estimateTokensSampled(raw);
  const rawOut = rawTokens(out, streams.stdout.raw);
  const rawErr = rawTokens(err, streams.stderr.raw);
  const tokensBefore = rawOut + rawErr;
  const tokensOf = (view: string, raw: string | undefined, rawCount: number): number =>
    view === raw ? rawCount : estimateTokens(view);
  const base = {
    stdoutLines: out.map.total,
    stderrLines: err.map.total,
    stdoutOmitted: [],
    stderrOmitted: [],
    omittedLines: 0,
    signalLines: 0,
    tokensBefore,
  };
  const context = (stream: 'stdout' | 'stderr') => ({ recordId: o.recordId, stream });
  // A sparse read's unread runs stay gap markers even in a view meant to be whole (never for a huge stream in practice: its view is smaller).
  const wholeOf = (stream: AnalysedStream, name: 'stdout' | 'stderr'): string =>
    stream.map.unread === undefined ? join(stream.lines, streams[name].raw ?? '') : renderRead(stream, context(name)).text;
  const whole = (strategy: CondenseResult['strategy']): CondenseResult => {
    const stdout = wholeOf(out, 'stdout');
    const stderr = wholeOf(err, 'stderr');
    return {
      ...base,
      stdout,
      stderr,
      strategy,
      tokensAfter: tokensOf(stdout, streams.stdout.raw, rawOut) + tokensOf(stderr, streams.stderr.raw, rawErr),
    };
  };
  const signalLines = out.classified.signalCount + err.classified.signalCount;
  const named = recogniser ? { recognizer: recogniser.name, recogniser: recogniser.name } : {};
  if (out.tokens + err.tokens <= o.budgetTokens * PASS_THROUGH_SHARE) return { ...whole('pass-through'), signalLines, ...named };

  const failed = o.exitCode === null || (o.exitCode !== undefined && o.exitCode !== 0);
  const keepTail = failed && signalLines === 0;
  const [outBudget, errBudget] = splitBudget(o.budgetTokens, out.tokens, err.tokens);
  const noteOn = out.lines.length > 0 ? 'stdout' : 'stderr';
  const notes = keepTail ? [unexplainedFailureNote(o.exitCode ?? null)] : [];
  const found = signalLines + out.classified.summaryCount + err.classified.summaryCount;
  const explained = recogniser !== undefined && recogniser.overview === undefined && found > 0 && !keepTail;
  const plan = (stream: 'stdout' | 'stderr', budget: number) => ({
    explained,
    budget,
    recogniser,
    keepTail,
    context: context(stream),
    notes: stream === noteOn ? notes : [],
  });
  // A stream within its share is shown whole, unless the recogniser explained the output: then its noise goes too.
  const condenses = (stream: AnalysedStream, budget: number): boolean =>
    stream.lines.length > 0 && (stream.tokens > budget || explained);
  const stdoutView = condenses(out, outBudget) ? condenseStream(out, plan('stdout', outBudget)) : undefined;
  const stderrView = condenses(err, errBudget) ? condenseStream(err, plan('stderr', errBudget)) : undefined;
  const stdout = stdoutView?.text ?? wholeOf(out, 'stdout');
  const stderr = stderrView?.text ?? wholeOf(err, 'stderr');
  // Markers cost tokens too: a view no smaller than the whole stream is not worth its gaps.
  const tokensAfter = tokensOf(stdout, streams.stdout.raw, rawOut) + tokensOf(stderr, streams.stderr.raw, rawErr);
  if (tokensAfter >= out.tokens + err.tokens) return { ...whole('pass-through'), signalLines, ...named };
  return {
    ...base,
    stdout,
    stderr,
    stdoutOmitted: stdoutView?.omitted ?? [],
    stderrOmitted: stderrView?.omitted ?? [],
    omittedLines: (stdoutView?.omittedLines ?? 0) + (stderrView?.omittedLines ?? 0),
    strategy: 'condensed',
    ...named,
    signalLines,
    tokensAfter,
  };
}

/** `mode: 'lossless'` and outputs bounded by `| head` / `| tail`: normalised, nothing left out. */
function unchanged(o: NormalizedCondense): CondenseResult {
  const outLines = normalizeLines(o.stdout);
  const errLines = normalizeLines(o.stderr);
  const stdout = join(outLines, o.stdout);
  const stderr = join(errLines, o.stderr);
  const tokensBefore = estimateTokensSampled(o.stdout) + estimateTokensSampled(o.stderr);
  const tokensAfter = stdout === o.stdout && stderr === o.stderr ? tokensBefore : estimateTokens(stdout) + estimateTokens(stderr);
  const strategy = o.mode === 'lossless' ? 'lossless' : 'pass-through';
  return {
    stdoutLines: outLines.length,
    stderrLines: errLines.length,
    stdoutOmitted: [],
    stderrOmitted: [],
    omittedLines: 0,
    signalLines: 0,
    tokensBefore,
    tokensAfter,
    stdout,
    stderr,
    strategy,
  };
}

function join(lines: readonly string[], raw: string): string {
  if (lines.length === 0) return '';
  return lines.join('\n') + (raw.endsWith('\n') ? '\n' : '');
}

/** A small stream keeps what it needs; the rest of the budget goes to the other, else shares follow sizes. */
function splitBudget(budget: number, outTokens: number, errTokens: number): [number, number] {
  const small = budget * 0.3;
  if (errTokens <= small) return [budget - errTokens, errTokens];
  if (outTokens <= small) return [outTokens, budget - outTokens];
  const outShare = Math.round((budget * outTokens) / (outTokens + errTokens));
  return [outShare, budget - outShare];
}

function isAsShown(raw: string): boolean {
  return !raw.includes('\x1b') && !raw.includes('\r');
}

/** Outputs within this share of the budget are small: they pass through untouched. */
const PASS_THROUGH_SHARE = 0.25;
