import { candidateFinder } from './line-candidates.js';
import type { CandidateFinder } from './line-candidates.js';
import { combine, combineLoosely } from './patterns.js';
import type { LineTester } from './patterns.js';
import { placeHeadings } from './place-headings.js';
import { Role } from './roles.js';
import { failureBlocks, failureSignals, summaryLines } from './signals.js';
import type { BlockRule, Recogniser } from './types.js';

export interface Classified {
  roles: Uint8Array;
  /** For a signal line that opens a block: the index of the block's last line. */
  blockEnds: Map<number, number>;
  signalCount: number;
  summaryCount: number;
  /** A failure line → the heading that names its place (see place-headings.ts). */
  headingOf: Map<number, number>;
}

export interface Testers {
  signal: LineTester;
  summary: LineTester;
  structure: LineTester;
  noise: LineTester;
  /** Every summary, failure signal or block start, and a few more lines: most lines are none, and cost this one test. */
  notable: LineTester;
  /** The lines of a big text the `notable` test may take (see line-candidates.ts); undefined when it cannot tell. */
  notableCandidates: CandidateFinder | undefined;
  /** Failure signals and block starts (a line opening a block is a signal). */
  signalOrBlock: LineTester;
  blockStart: LineTester;
  blocks: readonly BlockRule[];
}

const SCAN_CHARS = 2000;

/** The part of a line the patterns are tried on: a line longer than 2 000 characters is scanned on its first 2 000. */
export function scannedPart(line: string): string {
  return line.length > SCAN_CHARS ? line.slice(0, SCAN_CHARS) : line;
}
const SPINNER = /^\s*[⠁-⣿◐◓◑◒|/\\-]?\s*$/;
const BAR_OR_RATE = /^\s*\d{1,3}(?:\.\d+)?%\s*\[?[=#>\s.-]*\]?|[█▓▒░━╸=#]{10,}.*\d+(?:\.\d+)?%|\b\d+(?:\.\d+)?\s*[kKMG]i?B\/s\b/;

/** A spinner frame (at most one character), or a progress bar or transfer rate (never without `%` or `B/s`). */
const spinnerOrBar: LineTester = {
  test: (line) =>
    line.trim().length <= 1 ? SPINNER.test(line) : (line.includes('%') || line.includes('B/s')) && BAR_OR_RATE.test(line),
};

// A stack frame inside Node.js itself (`at Test.run (node:internal/test_runner/test:796:25)`): never the line
// that matters, so a block keeps the frames of the program and leaves these to its gap markers.
const RUNTIME_FRAME = /^\s+at (?:async )?(?:\S+ (?:\[as \S+\] )?\()?(?:node:|internal\/)[^)]*\)?$/;

// Compiled testers per recogniser: a cache of immutable things, built once per recogniser object (and per use of the generic signals).
const compiled = [new WeakMap<Recogniser, Testers>(), new WeakMap<Recogniser, Testers>()] as const;
const unrecognised: (Testers | undefined)[] = [undefined, undefined];

/**
 * The recogniser's testers, with the generic failure signals and blocks unless `genericSignals` is false (the
 * stdout of a data output: a listing, matches, a diff or a history, where `error` is a name, not a failure).
 */
export function makeTesters(recogniser: Recogniser | undefined, genericSignals = true): Testers {
  const slot = genericSignals ? 0 : 1;
  if (recogniser === undefined) return (unrecognised[slot] ??= compile(undefined, genericSignals));
  let testers = compiled[slot].get(recogniser);
  if (testers === undefined) {
    testers = compile(recogniser, genericSignals);
    compiled[slot].set(recogniser, testers);
  }
  return testers;
}

function compile(recogniser: Recogniser | undefined, genericSignals: boolean): Testers {
  const blocks = [...(recogniser?.blocks ?? []), ...(genericSignals ? failureBlocks : [])];
  const summary = [...(recogniser?.summary ?? []), ...summaryLines];
  const signals = [...(recogniser?.signals ?? []), ...(genericSignals ? failureSignals : [])];
  const notable = [...summary, ...signals, ...blocks.map((b) => b.start)];
  return {
    notable: combineLoosely(notable),
    notableCandidates: candidateFinder(notable.map((item) => (item instanceof RegExp ? item : item.guard))),
    signal: combine(signals),
    signalOrBlock: combine([...signals, ...blocks.map((b) => b.start)]),
    summary: combine(summary),
    structure: combine(recogniser?.structure ?? []),
    noise: anyOf(combine(recogniser?.noise ?? []), spinnerOrBar),
    blockStart: combine(blocks.map((b) => b.start)),
    blocks,
  };
}

/**
 * Gives each line a role. Failure signals, summaries and blocks are looked for on every line;
 * headings and noise only within `window` lines of either end (the middle of a huge output is
 * never shown line by line, only its failures are). A block never runs into an `unread` entry (see line-map.ts).
 */
export function classify(lines: readonly string[], testers: Testers, window = Infinity, unread?: Uint8Array): Classified {
  const roles = new Uint8Array(lines.length).fill(Role.normal);
  const blockEnds = new Map<number, number>();
  let signalCount = 0;
  let summaryCount = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = scannedPart(lines[i] as string);
    if (line.length === 0) continue;
    const inWindow = i < window || i >= lines.length - window;
    let mayOpenBlock = true;
    const notable = testers.notable.test(line);
    if (notable && testers.summary.test(line)) roles[i] = Role.summary;
    else if (notable && testers.signalOrBlock.test(line)) roles[i] = testers.signal.test(line) ? Role.signal : Role.normal;
    else if (!inWindow) continue;
    else {
      mayOpenBlock = false;
      if (testers.structure.test(line)) roles[i] = Role.structure;
      else if (testers.noise.test(line)) roles[i] = Role.noise;
    }
    if (mayOpenBlock && testers.blockStart.test(line)) {
      const rule = testers.blocks.find((b) => b.start.test(line));
      if (rule !== undefined) {
        const end = blockEnd(lines, i, rule, unread);
        if (end > i) blockEnds.set(i, end);
        if ((roles[i] as number) < Role.signal) roles[i] = Role.signal;
      }
    }
    if (roles[i] === Role.signal) signalCount++;
    else if (roles[i] === Role.summary) summaryCount++;
  }
  for (const [start, end] of blockEnds) {
    for (let i = start + 1; i <= end; i++) {
      if ((roles[i] as number) >= Role.context) continue;
      roles[i] = RUNTIME_FRAME.test(lines[i] as string) ? Role.noise : Role.context;
    }
  }
  return { roles, blockEnds, signalCount, summaryCount, headingOf: placeHeadings(lines, roles, signalCount) };
}

function anyOf(...testers: LineTester[]): LineTester {
  return { test: (line) => testers.some((tester) => tester.test(line)) };
}

function isIndented(line: string): boolean {
  return line.startsWith(' ') || line.startsWith('\t');
}

/** A block ends where its rule says, or before the next line its own rule would open (the next warning of the same kind). */
function blockEnd(lines: readonly string[], start: number, rule: BlockRule, unread: Uint8Array | undefined): number {
  const { until, start: opener } = rule;
  const maxLines = rule.maxLines ?? 20;
  const limit = Math.min(lines.length - 1, start + maxLines);
  let i = start + 1;
  for (; i <= limit; i++) {
    const line = lines[i] as string;
    if (unread?.[i] === 1 || opener.test(line)) return i - 1;
    if (until === 'blank') {
      if (line.trim() === '') return i - 1;
    } else if (until === 'indented') {
      if (!isIndented(line)) return i - 1;
    } else if (until === 'dedent') {
      if (!isIndented(line)) return i;
    } else if (until.test(line)) {
      return i - 1;
    }
  }
  return i - 1;
}
