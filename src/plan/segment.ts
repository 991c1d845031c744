import { isDryRun, matchRule, type RuleIndex } from './match.js';
import type { Token } from './normalize.js';
import { hasLeadingOption } from './wrappers.js';
import { destroyingProgramName, isCatchAll, isDestroyingFlag, readSubcommandPath } from './verbs.js';
import { findOverwrite } from './overwrites.js';
import { structuralRules, worst } from './structural.js';
import type { PlanCategory, PlanEffect, PlanSegment } from './types.js';

/** What the parser learnt about a command besides its argv (redirects, substitutions…). */
export interface Facts {
  rules: string[];
  effects: PlanEffect[];
  destructive: boolean;
  warnings: string[];
  /** An argument is `<(…)`: fed to a shell or `source`, it runs as code. */
  hasProcessSubstitution?: boolean;
  /** Raised by what the command runs indirectly (SQL or code fed on stdin). */
  category?: PlanCategory;
}

/** An unknown program's name or subcommand path, or a known one's catch-all refined by its words. */
function readDestroyingPath(program: string, args: readonly string[], unknown: boolean): ReturnType<typeof readSubcommandPath> {
  const named = unknown ? destroyingProgramName(program) : undefined;
  return named === undefined ? readSubcommandPath(args) : { destroys: named };
}

/** A reading program's long option that destroys (`journalctl --vacuum-time=1s`). */
function readsOnlyButDestroys(match: ReturnType<typeof matchRule>, args: readonly string[]): { destroys: string } | undefined {
  if (match?.rule.category !== 'read-only' || !isCatchAll(match.rule)) return undefined;
  const flag = args.find((arg) => arg.startsWith('--') && isDestroyingFlag(arg));
  return flag === undefined ? undefined : { destroys: flag };
}

export function emptyFacts(): Facts {
  return { rules: [], effects: [], destructive: false, warnings: [] };
}

/** Classifies one normalised command; `program` is null when the command name is dynamic. */
export function buildSegment(
  index: RuleIndex,
  argv: readonly Token[],
  facts: Facts,
  depth: number,
  hasPayload: boolean,
): PlanSegment {
  const head = argv[0];
  const program = head?.isStatic ? head.text : null;
  const texts = argv.map((t) => t.text);
  const rules: string[] = [];
  const warnings: string[] = [];
  let category: PlanSegment['category'] = 'unknown';
  let destructive = facts.destructive;
  let reversible: PlanSegment['reversible'] = 'unknown';
  let network = false;
  const effects: PlanEffect[] = [];

  if (argv.length === 0) {
    category = 'read-only';
    reversible = true;
  } else if (program === null) rules.push('exec.dynamic-command');
  // `--help` counts only where it is sure to be an option: POSIXLY_CORRECT stops getopt at the first
  // operand, and `python -c code --help` runs the code.
  else if (
    hasLeadingOption(program, texts.slice(1), '--help') ||
    (texts.length === 2 && texts[1] === '--version' && matchRule(index, texts)?.rule.category !== 'read-only')
  ) {
    rules.push('shell.help');
    category = 'read-only';
    reversible = true;
  } else {
    const match = matchRule(index, texts);
    const refinable =
      !isDryRun(texts) &&
      (!match || ((match.rule.category === 'network' || match.rule.category === 'mutating') && isCatchAll(match.rule)));
    const path = refinable
      ? readDestroyingPath(program, texts.slice(1), match === undefined)
      : readsOnlyButDestroys(match, texts.slice(1));
    const overwrite = match?.rule.category === 'destructive' ? undefined : findOverwrite(program, texts.slice(1));
    if (path !== undefined && path !== 'reads') {
      rules.push('cli.destroying-verb');
      category = 'destructive';
      destructive = true;
      reversible = false;
      network = match?.rule.network === true || match?.rule.category === 'network';
      warnings.push(`may delete or destroy resources (\`${path.destroys}\`)`);
    } else if (overwrite !== undefined) {
      rules.push(overwrite.rule);
      category = 'destructive';
      destructive = true;
      reversible = false;
      network = program === 'scp' || program === 'rsync';
      effects.push(overwrite.effect);
      warnings.push(
        overwrite.rule === 'fs.truncate-copy'
          ? 'truncates a file by copying an empty one onto it'
          : 'may overwrite a system file, device or dotfile',
      );
    } else if (path === 'reads' && !match) {
      rules.push('cli.reading-verb');
      category = 'network';
      network = true;
    } else if (match) {
      const { rule } = match;
      rules.push(rule.id);
      category = rule.category;
      network = rule.category === 'network' || rule.network === true;
      if (rule.warning) warnings.push(rule.warning);
      effects.push(...match.effects);
      if (rule.category === 'destructive') destructive = true;
      reversible =
        rule.reversible ?? (rule.category === 'destructive' ? false : rule.category === 'read-only' ? true : 'unknown');
    } else if (hasPayload) {
      rules.push('exec.shell-string');
      category = 'read-only';
      reversible = true;
    }
  }
  for (const id of facts.rules) if (!rules.includes(id)) rules.push(id);
  if (facts.category) category = worst(category, facts.category);
  for (const warning of facts.warnings) if (!warnings.includes(warning)) warnings.push(warning);
  for (const id of rules) {
    const structural = structuralRules[id];
    if (!structural) continue;
    category = worst(category, structural.category);
    if (structural.destructive) destructive = true;
    if (structural.warning && !warnings.includes(structural.warning)) warnings.push(structural.warning);
    if (structural.category === 'complex' && reversible === true) reversible = 'unknown';
  }
  if (facts.rules.includes('shell.redirect-write')) reversible = false;
  effects.push(...facts.effects);
  return { program, argv: texts, rules, category, destructive, reversible, network, effects, warnings, depth };
}
