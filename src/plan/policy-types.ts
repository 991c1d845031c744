import type { Plan } from './types.js';

/**
 * Options of {@link createPolicy}. Each entry is one of:
 * - a prefix of a normalised argv, `'rm -rf'`, `'git push --force'`: the program, then words that must
 *   open the operands in order, then flags present anywhere in any order (`-rf` also matches `-fr` and `-r -f`;
 *   aliases such as `-R` or `--recursive` are not equated: use a rule id for that);
 * - `rule:<id>` for a plan rule (`rule:git.push-force`), or a whole family with a trailing dot (`rule:fs.`);
 * - `category:<category>` (`category:destructive`).
 */
export interface PolicyOptions {
  /** When non-empty, an allow list: in `enforce` mode every segment must match an entry, or the command is blocked. @defaultValue [] */
  allow?: readonly string[];
  /** Commands refused whatever `allow` says (the most restrictive match wins). @defaultValue [] */
  deny?: readonly string[];
  /** `enforce` blocks, `warn` only reports what would be blocked, `off` allows everything. @defaultValue 'enforce' */
  mode?: 'enforce' | 'warn' | 'off';
}

/** An allow/deny policy over plans, from {@link createPolicy}; `run()` and shells apply it before spawning. */
export interface Policy {
  /** `enforce`, `warn` or `off`, as created. */
  readonly mode: 'enforce' | 'warn' | 'off';
  /** The decision for a plan. */
  check(plan: Plan): {
    /** `allow`, `warn` (run, with a warning) or `block` (refuse to run). */
    action: 'allow' | 'warn' | 'block';
    /** The entry that decided (`rm -rf`, `rule:git.push-force`), absent when nothing matched. */
    rule?: string;
    /** One sentence for the user or the model. */
    reason?: string;
  };
}

/** What a policy says of one plan. */
export type PolicyDecision = ReturnType<Policy['check']>;
