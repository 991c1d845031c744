import type { condense } from './condense.js';

/** What {@link condense} reads: the decoded text of one finished run. */
export type CondenseInput = Parameters<typeof condense>[0];

/**
 * A cut in an excerpt: the input's line `markerLine` stands for lines left out, and the input's next line is the
 * stored stream's line `resumesAtLine`.
 */
export type StreamCut = NonNullable<NonNullable<CondenseOptions['cuts']>['stdout']>;

/** A 1-based inclusive range of line numbers in a stream, as the stored record numbers them. */
export type LineRange = CondenseResult['stdoutOmitted'][number];

/**
 * How the condenser behaves.
 */
export interface CondenseOptions {
  /**
   * Token budget for both streams together, estimated as a GPT-4o-class tokenizer would count them (within about 10%).
   * A clean output within it passes through (normalised only); one holding failures, or mostly noise and repeats, is
   * condensed (its runs of ordinary lines folded). Failure signals are kept even past it: distinct failures (another
   * place or message) may grow a view up to 2.5× the budget, their markers' place lists on top.
   * @defaultValue 2000
   */
  budgetTokens?: number;
  /**
   * `'smart'` condenses to the budget; `'lossless'` only normalises (ANSI, carriage-return frames, CRLF).
   * @defaultValue `'smart'`
   */
  mode?: 'smart' | 'lossless';
  /** Record id of the stored full output; when given, every marker names it with the `detail` call that fetches what was left out. */
  recordId?: string;
  /** Extra recognizers, tried before the built-in ones. @defaultValue `[]` */
  recognizers?: readonly Recognizer[];
  /**
   * When a stream is an excerpt of the stored one (its head and tail around one cut marker line), where the cut is:
   * the marker line stands for the stored lines it replaced, and markers number lines as the stored stream does.
   * (run() reads a stream past its inline cap from the record instead.)
   * @defaultValue no cut
   */
  cuts?: {
    /**
     * A cut in the stdout excerpt: the input's line `markerLine` stands for lines left out, and the input's next line is
     * the stored stream's line `resumesAtLine`.
     */
    stdout?: {
      /** Line number, in the input, of the marker line that stands for the lines left out. */
      markerLine: number;
      /** Line number, in the stored stream, of the input line after the marker. */
      resumesAtLine: number;
    };
    /** A cut in the stderr excerpt, as for `stdout`. */
    stderr?: NonNullable<CondenseOptions['cuts']>['stdout'];
  };
}

/**
 * The condensed views and an account of what was left out.
 */
export interface CondenseResult {
  /** Condensed view of stdout: every elision is marked with what was left out and how to fetch it. */
  stdout: string;
  /** Condensed view of stderr, marked likewise. */
  stderr: string;
  /** Lines of both streams not shown verbatim (folded, elided or collapsed progress). */
  omittedLines: number;
  /** Line ranges of stdout left out (1-based, inclusive, numbered as the stored stream's `\n`-separated lines). */
  stdoutOmitted: {
    /** First line of the range (1-based, as the stored record numbers them). */
    from: number;
    /** Last line of the range (inclusive). */
    to: number;
  }[];
  /** Line ranges of stderr left out. */
  stderrOmitted: CondenseResult['stdoutOmitted'];
  /** True line counts of the streams. */
  stdoutLines: number;
  /** True line count of stderr. */
  stderrLines: number;
  /** What was done: `'lossless'` (asked), `'pass-through'` (small or bounded by head/tail) or `'condensed'`. */
  strategy: 'lossless' | 'pass-through' | 'condensed';
  /** Name of the recognizer used, when one matched. */
  recognizer?: string;
  /** Failure-signal lines found in both streams (all kept, or folded with a count when of the same shape). */
  signalLines: number;
  /** Estimated tokens of the raw input and of the returned views. */
  tokensBefore: number;
  /** Estimated tokens of the returned views. */
  tokensAfter: number;
}

/**
 * A recognizer: plain data describing one tool family's output. Pass your own in
 * {@link CondenseOptions.recognizers}; they are tried before the built-in ones.
 */
export interface Recognizer {
  /** Reported in {@link CondenseResult.recognizer}. */
  name: string;
  /** Tested against the command line. */
  command?: RegExp;
  /** Tested against the first 4 KB of the normalised output when no command matched. */
  detect?: RegExp;
  /** Tool-specific failure signals, kept in addition to the generic ones. */
  signals?: readonly RegExp[];
  /** Blocks kept whole around a failure (assertion diffs, code frames, tracebacks). */
  blocks?: readonly {
    /** The line that opens the block (it is kept as a failure signal). */
    start: RegExp;
    /** Where the block ends. */
    until: 'blank' | 'indented' | 'dedent' | RegExp;
    /** Most lines kept after the start line. @defaultValue 20 */
    maxLines?: number;
  }[];
  /** Final summary lines (test counts, "Found 3 errors"), always kept. */
  summary?: readonly RegExp[];
  /** Headings (file names, suites, diff headers), kept when the budget allows, before other lines. */
  structure?: readonly RegExp[];
  /** Noise (passing tests, "Compiling …", progress), left out first. */
  noise?: readonly RegExp[];
  /** An overview placed first for data outputs, so a cut is never silent. */
  overview?: 'commits' | 'diff' | 'listing' | 'matches' | 'log';
}

/** Built-in overviews for data outputs. */
export type OverviewKind = NonNullable<Recognizer['overview']>;

/** Old spelling of {@link Recognizer}. @deprecated use Recognizer */
export type Recogniser = Recognizer;

/**
 * How far the context of a block-starting line reaches:
 * `'blank'` up to the next blank line; `'indented'` while lines are indented;
 * `'dedent'` while indented, plus the first unindented line (a Python traceback's exception line);
 * a RegExp: up to the next line matching it.
 */
export type BlockEnd = BlockRule['until'];

/** A block kept whole around a failure: a start line and where the block ends. */
export type BlockRule = NonNullable<Recognizer['blocks']>[number];
