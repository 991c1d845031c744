import type { createPlanner } from './planner.js';

/**
 * The static safety pre-check of one command line. Nothing is ever run to produce it.
 */
export interface Plan {
  /** The worst segment decides: destructive, then complex, unknown, network, mutating, read-only. */
  category: 'read-only' | 'mutating' | 'network' | 'unknown' | 'complex' | 'destructive';
  /** True whenever some segment may destroy data, even when `category` is `complex`. */
  destructive: boolean;
  /** `false` when some effect cannot be undone; `true` only when every segment is read-only or known to be undoable. */
  reversible: boolean | 'unknown';
  /** Paths the command may create, modify or delete, where statically known. */
  effects: {
    /** The path as written in the command. */
    path: string;
    /** What the segment may do to it. */
    kind: 'create' | 'modify' | 'delete';
  }[];
  /** Short sentences, the most serious first ("may force-remove files"). Empty for a harmless command. */
  warnings: string[];
  /** One per simple command, plus one with `program: null` and an empty argv per trouble (`shell.parse-error`…). */
  segments: {
    /** The resolved program (basename, wrappers such as `sudo` or `env` peeled), or `null` when only known at run time. */
    program: string | null;
    /** The normalised argv: static words unquoted, dynamic words kept as written (`$HOME`). `argv[0]` is `program`. */
    argv: string[];
    /** The ids of the rules that fired, including structural ones such as `shell.redirect` or `exec.pipe-to-shell`. */
    rules: string[];
    /** This segment's category. */
    category: Plan['category'];
    /** True when this segment may destroy data. */
    destructive: boolean;
    /** Whether its effects can be undone; `unknown` when no rule says. */
    reversible: boolean | 'unknown';
    /** True when the segment reaches the network. */
    network: boolean;
    /** Paths it may create, modify or delete, where statically known. */
    effects: Plan['effects'];
    /** Short sentences from the rules that fired. */
    warnings: string[];
    /** How deep inside `sh -c`, `eval`, heredocs or substitutions the segment was found; 0 at top level. */
    depth: number;
  }[];
}

/**
 * What a command may do, from least to most worrying (`read-only` is the only safe one).
 * `complex`: undecidable statically (substitutions, redirects, globs, dynamic command names, parse errors).
 * `unknown`: a program no rule knows.
 */
export type PlanCategory = Plan['category'];

/**
 * One rule of the catalogue: plain data, matched against a segment's normalised argv.
 * Every condition given must hold for the rule to fire. Rules are tried in order (caller rules first,
 * then the built-in families) and the first that fires decides the segment, so put exceptions before
 * the general case.
 */
export interface PlanRule {
  /** Stable id, `family.name` (`git.reset-hard`). */
  id: string;
  /** Program name(s) after normalisation. */
  program: string | readonly string[];
  /** Leading operands that must follow the program; each entry may list alternatives with `|` (`['stash', 'drop|clear']`). */
  subcommand?: readonly string[];
  /** Every group must be present, any flag of a group will do. Short flags also match inside clusters (`-f` in `-rf`); long flags match `--flag` and `--flag=value`. */
  flags?: readonly (readonly string[])[];
  /** The rule does not fire when any of these flags is present (same matching as `flags`). */
  unlessFlags?: readonly string[];
  /** A regular expression source tested against each argument after the program. */
  argPattern?: string;
  /** A regular expression source tested, case-insensitively, against all arguments joined by spaces. */
  textPattern?: string;
  /** Require no operand, or at least one, after the subcommand. */
  operands?: 'none' | 'some';
  /** The category of a matching command. */
  category: 'read-only' | 'mutating' | 'network' | 'destructive';
  /** A short sentence ("may force-remove files"). */
  warning?: string;
  /** Whether the effect can be undone. @defaultValue `false` for destructive rules, unknown otherwise */
  reversible?: boolean;
  /** Which operands are the paths it touches. */
  effects?: {
    /** What the command does to those operands. */
    kind: 'create' | 'modify' | 'delete';
    /** `all` operands, only the `last`, or `all-but-last` (the sources of `mv`). */
    operands: 'all' | 'last' | 'all-but-last';
    /** Leading operands to skip (the mode of `chmod 644 file`). @defaultValue 0 */
    skip?: number;
    /** Take the path from an argument with this prefix instead of the operands (`of=` for `dd`). */
    prefix?: string;
  };
  /** The command also reaches the network, whatever its category (`git push --force`). @defaultValue false */
  network?: boolean;
  /** Options of the program that take a separate value, so the value is not taken for an operand. */
  valueOptions?: readonly string[];
}

/**
 * Options of {@link plan} and {@link createPlanner}.
 */
export interface PlanOptions {
  /** Extra rules, matched alongside the built-in catalogue. @defaultValue [] */
  rules?: readonly PlanRule[];
  /** How many levels of `sh -c`, `eval`, heredocs and piped scripts are re-parsed. @defaultValue 3 */
  maxDepth?: number;
  /** Parse time budget; a parse that takes longer yields a `complex` plan. @defaultValue 50 */
  parseTimeoutMs?: number;
  /** Longer input is not parsed and yields a `complex` plan. @defaultValue 10000 */
  maxLength?: number;
  /**
   * The language of the line: `powershell` plans it with a PowerShell tokenizer and cmdlet table, synchronously (the
   * other options are for bash). @defaultValue 'bash'
   */
  shell?: 'bash' | 'powershell';
}

/**
 * Which operands of a matching command are the paths it touches.
 */
export type PlanRuleEffects = NonNullable<PlanRule['effects']>;

/** A path a segment may create, modify or delete, where it is statically known. */
export type PlanEffect = Plan['effects'][number];

/** One simple command of the input, after normalisation (wrappers peeled, quotes removed). */
export type PlanSegment = Plan['segments'][number];

/** A loaded parser: `plan()` is synchronous, for hot loops. */
export type Planner = Awaited<ReturnType<typeof createPlanner>>;
