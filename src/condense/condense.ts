import { unexplainedFailureNote } from './markers.js';
import { normalizeLines } from './normalize.js';
import { normalizeCondense, storedLineMapper } from './options.js';
import type { NormalizedCondense } from './options.js';
import { firstLines, readLines } from './read-lines.js';
import type { StreamLines } from './read-lines.js';
import { makeTesters } from './classify.js';
import type { Testers } from './classify.js';
import { isBoundedByHeadOrTail } from './passthrough.js';
import { pickRecogniser } from './recognise.js';
import { defaultRecognisers } from './recognisers/index.js';
import { analyseStream, condenseStream, windowFor } from './stream.js';
import { estimateTokens, estimateTokensSampled } from './tokens.js';
import type { CondenseInput, CondenseOptions, CondenseResult } from './types.js';

/**
 * Condenses a run's output to a token budget without hiding what matters: normalises terminal
 * output, keeps every failure signal, folds repeats, summarises known tools, and marks every
 * elision with the line ranges left out and how to fetch them.
 * @public
 */
export function condense(input: CondenseInput, options?: CondenseOptions): CondenseResult {
  const o = normalizeCondense(input, options);
  if (o.mode === 'lossless' || isBoundedByHeadOrTail(o.command)) return unchanged(o);
  const recogniser = pickRecogniser(o.command, `${firstLines(o.stdout, 60).join('\n')}\n${firstLines(o.stderr, 60).join('\n')}`, [...o.recognisers, ...defaultRecognisers]);
  const window = windowFor(o.budgetTokens);
  // The stdout of a data output (a listing, matches, a diff, a history) is data: a file named errors.ts is no failure.
  const stdoutIsData = recogniser?.overview !== undefined && recogniser.overview !== 'log';
  const outTesters = makeTesters(recogniser, !stdoutIsData);
  const errTesters = makeTesters(recogniser);
  const read = (text: string, testers: Testers): StreamLines => readLines(text, window, testers, recogniser?.overview !== undefined);
  const { lines: outLines, sparse: outSparse, joined: outJoined } = read(o.stdout, outTesters);
  const { lines: errLines, sparse: errSparse, joined: errJoined } = read(o.stderr, errTesters);
  const out = analyseStream(outLines, outTesters, o.budgetTokens, outJoined);
  const err = analyseStream(errLines, errTesters, o.budgetTokens, errJoined);
  // A stream that normalising leaves as it was costs what its lines were priced at; one with escape codes or carriage returns is counted raw.
  const rawOut = isAsShown(o.stdout) ? out.tokens : estimateTokensSampled(o.stdout);
  const rawErr = isAsShown(o.stderr) ? err.tokens : estimateTokensSampled(o.stderr);
  const tokensBefore = rawOut + rawErr;
  const tokensOf = (view: string, raw: string, rawTokens: number): number => (view === raw ? rawTokens : estimateTokens(view));
  const base = { stdoutLines: outLines.length, stderrLines: errLines.length, stdoutOmitted: [], stderrOmitted: [], omittedLines: 0, signalLines: 0, tokensBefore };
  // A sparse read left lines out: the whole stream is read again (never for a huge one in practice: its view is smaller).
  const wholeOut = (): string => join(outSparse ? normalizeLines(o.stdout) : outLines, o.stdout);
  const wholeErr = (): string => join(errSparse ? normalizeLines(o.stderr) : errLines, o.stderr);
  const whole = (strategy: CondenseResult['strategy']): CondenseResult => {
    const stdout = wholeOut();
    const stderr = wholeErr();
    return { ...base, stdout, stderr, strategy, tokensAfter: tokensOf(stdout, o.stdout, rawOut) + tokensOf(stderr, o.stderr, rawErr) };
  };
  const signalLines = out.classified.signalCount + err.classified.signalCount;
  if (out.tokens + err.tokens <= o.budgetTokens * PASS_THROUGH_SHARE) {
    return { ...whole('pass-through'), signalLines, ...(recogniser ? { recogniser: recogniser.name } : {}) };
  }

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
    context: { recordId: o.recordId, stream, ...(o.cuts[stream] ? { storedLine: storedLineMapper(o.cuts[stream]) } : {}) },
    notes: stream === noteOn ? notes : [],
  });
  // A stream within its share is shown whole, unless the recogniser explained the output: then its noise goes too.
  const condenses = (stream: typeof out, budget: number): boolean => stream.lines.length > 0 && (stream.tokens > budget || explained);
  const stdoutView = condenses(out, outBudget) ? condenseStream(out, plan('stdout', outBudget)) : undefined;
  const stderrView = condenses(err, errBudget) ? condenseStream(err, plan('stderr', errBudget)) : undefined;
  const stdout = stdoutView?.text ?? wholeOut();
  const stderr = stderrView?.text ?? wholeErr();
  // Markers cost tokens too: a view no smaller than the whole stream is not worth its gaps.
  const tokensAfter = tokensOf(stdout, o.stdout, rawOut) + tokensOf(stderr, o.stderr, rawErr);
  if (tokensAfter >= out.tokens + err.tokens) return { ...whole('pass-through'), signalLines, ...(recogniser ? { recogniser: recogniser.name } : {}) };
  return {
    ...base,
    stdout,
    stderr,
    stdoutOmitted: stdoutView?.omitted ?? [],
    stderrOmitted: stderrView?.omitted ?? [],
    omittedLines: (stdoutView?.omittedLines ?? 0) + (stderrView?.omittedLines ?? 0),
    strategy: 'condensed',
    ...(recogniser ? { recogniser: recogniser.name } : {}),
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
  return { stdoutLines: outLines.length, stderrLines: errLines.length, stdoutOmitted: [], stderrOmitted: [], omittedLines: 0, signalLines: 0, tokensBefore, tokensAfter, stdout, stderr, strategy };
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
