import { unexplainedFailureNote } from './markers.js';
import { normalizeLines } from './normalize.js';
import { normalizeCondense } from './options.js';
import type { NormalizedCondense } from './options.js';
import { firstLines, readLines } from './read-lines.js';
import { makeTesters } from './classify.js';
import type { Testers } from './classify.js';
import { isBoundedByHeadOrTail } from './passthrough.js';
import { pickRecogniser } from './recognise.js';
import { markRequested, requestedNames } from './requested.js';
import { defaultRecognisers } from './recognisers/index.js';
import type { StreamLines } from './sparse-lines.js';
import { analyseStream, condenseStream, renderRead, windowFor } from './stream.js';
import { isShownWhole, isWorthAView } from './within-budget.js';
import type { AnalysedStream, StreamPlan } from './stream.js';
import { estimateTokens, estimateTokensSampled } from './tokens.js';
import type { CondenseOptions, CondenseResult, Recogniser } from './types.js';

/**
 * Condenses a run's output to a token budget without hiding what matters: normalises terminal
 * output, keeps every failure signal, folds repeats, summarises known tools, and marks every
 * elision with the line ranges left out and how to fetch them.
 */
export function condense(
  /** The decoded text of one finished run. */
  input: {
    /** The command line that produced the output; picks the recognizer and detects `| head` / `| tail` bounds. */
    command?: string;
    /** Decoded standard output, as the program printed it (ANSI and carriage returns included). */
    stdout: string;
    /** Decoded standard error. @defaultValue `''` */
    stderr?: string;
    /** The exit code, or `null` when the process was killed. A recognizer never claims a success it denies. */
    exitCode?: number | null;
  },
  options?: CondenseOptions,
): CondenseResult {
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
  const pair: StreamPair = {
    out: analyseStream(streams.stdout.read, testers.stdout, o.budgetTokens),
    err: analyseStream(streams.stderr.read, testers.stderr, o.budgetTokens),
    streams,
    recordId: o.recordId,
  };
  const requested = requestedNames(o.command);
  for (const stream of [pair.out, pair.err]) markRequested(stream.lines, stream.classified, requested, stream.window);
  const signalLines = pair.out.classified.signalCount + pair.err.classified.signalCount;
  const named = recogniser ? { recognizer: recogniser.name } : {};
  const isData = recogniser?.overview !== undefined;
  if (isShownWhole(pair.out, pair.err, o.budgetTokens, isData)) return { ...whole(pair), signalLines, ...named };
  const plan = planViews(o, recogniser, pair, signalLines);
  const stdoutView = condenses(pair.out, plan.outBudget, isData)
    ? condenseStream(pair.out, plan.for('stdout', plan.outBudget))
    : undefined;
  const stderrView = condenses(pair.err, plan.errBudget, isData)
    ? condenseStream(pair.err, plan.for('stderr', plan.errBudget))
    : undefined;
  const stdout = stdoutView?.text ?? wholeOf(pair, 'stdout');
  const stderr = stderrView?.text ?? wholeOf(pair, 'stderr');
  // Markers cost tokens too: a view no smaller than the whole stream is not worth its gaps.
  const tokensAfter = tokensOf(stdout, pair, 'stdout') + tokensOf(stderr, pair, 'stderr');
  const omittedLines = (stdoutView?.omittedLines ?? 0) + (stderrView?.omittedLines ?? 0);
  if (omittedLines === 0 || tokensAfter >= pair.out.tokens + pair.err.tokens) return { ...whole(pair), signalLines, ...named };
  return {
    ...baseResult(pair),
    stdout,
    stderr,
    stdoutOmitted: stdoutView?.omitted ?? [],
    stderrOmitted: stderrView?.omitted ?? [],
    omittedLines,
    strategy: 'condensed',
    ...named,
    signalLines,
    tokensAfter,
  };
}

/** Both streams as analysed, with their text when the caller had it whole. */
interface StreamPair {
  out: AnalysedStream;
  err: AnalysedStream;
  streams: { stdout: ReadStream; stderr: ReadStream };
  recordId: string | undefined;
}

const analysedOf = (pair: StreamPair, name: 'stdout' | 'stderr'): AnalysedStream => (name === 'stdout' ? pair.out : pair.err);

/** What a stream cost before condensing: its priced lines when normalising left it as it was, else its raw text (escape codes, carriage returns). */
function rawTokens(pair: StreamPair, name: 'stdout' | 'stderr'): number {
  const raw = pair.streams[name].raw;
  return raw === undefined || isAsShown(raw) ? analysedOf(pair, name).tokens : estimateTokensSampled(raw);
}

/** What a view costs: the raw count when it is the raw text unchanged. */
function tokensOf(view: string, pair: StreamPair, name: 'stdout' | 'stderr'): number {
  return view === pair.streams[name].raw ? rawTokens(pair, name) : estimateTokens(view);
}

function baseResult(pair: StreamPair): Omit<CondenseResult, 'stdout' | 'stderr' | 'strategy' | 'tokensAfter'> {
  return {
    stdoutLines: pair.out.map.total,
    stderrLines: pair.err.map.total,
    stdoutOmitted: [],
    stderrOmitted: [],
    omittedLines: 0,
    signalLines: 0,
    tokensBefore: rawTokens(pair, 'stdout') + rawTokens(pair, 'stderr'),
  };
}

/** A stream shown whole. A sparse read's unread runs stay gap markers (never for a huge stream in practice: its view is smaller). */
function wholeOf(pair: StreamPair, name: 'stdout' | 'stderr'): string {
  const stream = analysedOf(pair, name);
  if (stream.map.unread === undefined) return join(stream.lines, pair.streams[name].raw ?? '');
  return renderRead(stream, { recordId: pair.recordId, stream: name }).text;
}

/** Both streams shown whole. */
function whole(pair: StreamPair): CondenseResult {
  const stdout = wholeOf(pair, 'stdout');
  const stderr = wholeOf(pair, 'stderr');
  const tokensAfter = tokensOf(stdout, pair, 'stdout') + tokensOf(stderr, pair, 'stderr');
  return { ...baseResult(pair), stdout, stderr, strategy: 'pass-through', tokensAfter };
}

/** How the budget is shared, whether the recogniser explained the output, and the plan each stream is condensed by. */
function planViews(o: NormalizedCondense, recogniser: Recogniser | undefined, pair: StreamPair, signalLines: number) {
  const { out, err } = pair;
  const failed = o.exitCode === null || (o.exitCode !== undefined && o.exitCode !== 0);
  const keepTail = failed && signalLines === 0;
  const [outBudget, errBudget] = splitBudget(o.budgetTokens, out.tokens, err.tokens);
  const noteOn = out.lines.length > 0 ? 'stdout' : 'stderr';
  const notes = keepTail ? [unexplainedFailureNote(o.exitCode ?? null)] : [];
  const found = signalLines + out.classified.summaryCount + err.classified.summaryCount;
  const explained = recogniser !== undefined && recogniser.overview === undefined && found > 0 && !keepTail;
  // failures found by the generic signals alone: no recogniser explained the output, but its lines around them are context
  const focused = explained || (recogniser?.overview === undefined && signalLines > 0 && !keepTail);
  const streamPlan = (stream: 'stdout' | 'stderr', budget: number): StreamPlan => ({
    explained,
    focused,
    budget,
    totalBudget: o.budgetTokens,
    recogniser,
    keepTail,
    context: { recordId: o.recordId, stream },
    notes: stream === noteOn ? notes : [],
  });
  return { outBudget, errBudget, explained, for: streamPlan };
}

/** A stream past its share is condensed; within it, only when it is worth a view (see isWorthAView). */
function condenses(stream: AnalysedStream, budget: number, isData: boolean): boolean {
  return stream.lines.length > 0 && (stream.tokens > budget || isWorthAView(stream, isData));
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
