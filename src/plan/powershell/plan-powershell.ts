import type { Plan, PlanCategory, PlanEffect, PlanSegment } from '../types.js';
import { POWERSHELL_RULES, type PsRule } from './rules.js';
import { tokenizePowerShell, type PsCommand } from './tokenize.js';

const SEVERITY: readonly PlanCategory[] = ['read-only', 'mutating', 'network', 'unknown', 'complex', 'destructive'];
const MAX_DEPTH = 8;
const PATH_PARAMETERS = ['path', 'literalpath'];

/**
 * The static safety pre-check of a PowerShell line, in the same shape as `plan()`'s for bash: per command,
 * the cmdlet's category by the rules in `POWERSHELL_RULES`, script blocks (`ForEach-Object { … }`) and
 * subexpressions planned too; the worst command decides. Nothing is run.
 */
export function planPowerShellLine(command: string): Plan {
  if (typeof command !== 'string')
    throw new TypeError(`Expected \`command\` to be a string, got \`${String(command)}\` (${typeof command})`);
  const segments = planLine(command, 0);
  const worst = segments.reduce<PlanCategory>(
    (acc, segment) => (SEVERITY.indexOf(segment.category) > SEVERITY.indexOf(acc) ? segment.category : acc),
    'read-only',
  );
  const destructive = segments.some((segment) => segment.destructive);
  const reversible = segments.every((segment) => segment.reversible === true)
    ? true
    : segments.some((segment) => segment.reversible === false)
      ? false
      : 'unknown';
  const warnings = [
    ...new Set(
      segments
        .filter((s) => s.destructive)
        .concat(segments.filter((s) => !s.destructive))
        .flatMap((segment) => segment.warnings),
    ),
  ];
  return {
    category: worst,
    destructive,
    reversible,
    effects: segments.flatMap((segment) => segment.effects),
    warnings,
    segments,
  };
}

function planLine(line: string, depth: number): PlanSegment[] {
  if (depth > MAX_DEPTH) return [trouble('ps.too-deep', depth)];
  return tokenizePowerShell(line).flatMap((command) => [
    ...(command.words.length > 0 ? [planCommand(command, depth)] : []),
    ...command.nested.flatMap((inner) => planLine(inner, depth + 1)),
  ]);
}

function planCommand(command: PsCommand, depth: number): PlanSegment {
  const [first = '', ...rest] = command.words;
  const callOperator = first === '&' || first === '.';
  const name = callOperator ? (command.words[1] ?? '') : first;
  const args = callOperator ? rest.slice(1) : rest;
  const dynamicName = name.startsWith('$') || name.startsWith('(') || name.startsWith('{');
  const rule = dynamicName ? undefined : POWERSHELL_RULES.find((candidate) => matches(candidate, name, command, callOperator));
  const base = segment(depth, {
    program: dynamicName ? null : name,
    argv: [name, ...args],
    category: dynamicName ? 'complex' : 'unknown',
  });
  if (rule) {
    base.rules.push(rule.id);
    base.category = rule.category;
    base.destructive = rule.category === 'destructive';
    base.network = rule.category === 'network';
    base.reversible =
      rule.category === 'read-only' ? true : rule.category === 'destructive' ? false : (rule.reversible ?? 'unknown');
    if (rule.warning) base.warnings.push(rule.warning);
    if (rule.effect)
      base.effects = pathsOf(command, callOperator ? 2 : 1).map((path) => ({ path, kind: rule.effect! }) satisfies PlanEffect);
  }
  for (const why of new Set(command.dynamic)) {
    base.rules.push(`ps.${why}`);
    if (!base.destructive) base.category = 'complex';
  }
  return base;
}

function matches(rule: PsRule, name: string, command: PsCommand, callOperator: boolean): boolean {
  const lower = name.toLowerCase();
  const named = rule.cmdlets.some((cmdlet) =>
    cmdlet.endsWith('-*') ? lower.startsWith(cmdlet.slice(0, -1).toLowerCase()) : lower === cmdlet.toLowerCase(),
  );
  if (!named) return false;
  const parameters = parametersOf(command, callOperator ? 2 : 1);
  return (rule.parameters ?? []).every((wanted) => parameters.some((given) => wanted.toLowerCase().startsWith(given)));
}

/** The switches given (`-Recurse`, `-rec`, `-Force:$true`), lower case, without `-`; a `:$false` one is not given. */
function parametersOf(command: PsCommand, from: number): string[] {
  const given: string[] = [];
  for (let index = from; index < command.words.length; index++) {
    const word = command.words[index]!;
    if (!command.bare[index] || !/^-[A-Za-z]/.test(word)) continue;
    const [name = '', value] = word.slice(1).split(':', 2);
    if (value !== undefined && /^\$false$/i.test(value)) continue;
    given.push(name.toLowerCase());
  }
  return given;
}

/** Positional words and the values of `-Path` / `-LiteralPath`: the paths a rule's effect is on. */
function pathsOf(command: PsCommand, from: number): string[] {
  const paths: string[] = [];
  for (let index = from; index < command.words.length; index++) {
    const word = command.words[index]!;
    if (command.bare[index] && /^-[A-Za-z]/.test(word)) {
      const name = word.slice(1).toLowerCase();
      const takesPath = name === 'lp' || (name.length >= 2 && PATH_PARAMETERS.some((parameter) => parameter.startsWith(name)));
      if (takesPath && command.words[index + 1] !== undefined) paths.push(command.words[++index]!);
      continue;
    }
    paths.push(word);
  }
  return paths;
}

/** A segment that says nothing yet but what `fields` give. */
function segment(depth: number, fields: Partial<PlanSegment>): PlanSegment {
  return {
    program: null,
    argv: [],
    rules: [],
    category: 'unknown',
    destructive: false,
    reversible: 'unknown',
    network: false,
    effects: [],
    warnings: [],
    depth,
    ...fields,
  };
}

function trouble(rule: string, depth: number): PlanSegment {
  return segment(depth, { rules: [rule], category: 'complex' });
}
