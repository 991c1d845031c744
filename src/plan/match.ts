import { linearRegExp } from '../linear-regexp.js';
import type { PlanEffect, PlanRule } from './types.js';
import { dryRunPrograms, hasLeadingOption, programValueOptions } from './wrappers.js';

interface CompiledRule {
  rule: PlanRule;
  subcommand: string[][] | undefined;
  argPattern: RegExp | undefined;
  textPattern: RegExp | undefined;
  valueOptions: ReadonlySet<string>;
}

/** Rules grouped by program, in matching order. */
export type RuleIndex = ReadonlyMap<string, readonly CompiledRule[]>;

/** `callerRules` (the caller's own, maybe model-written) get their patterns compiled to run on RE2, in linear time. */
export function compileRules(rules: readonly PlanRule[], callerRules: ReadonlySet<PlanRule> = new Set()): RuleIndex {
  const index = new Map<string, CompiledRule[]>();
  const optionSets = new Map<string, ReadonlySet<string>>();
  const optionSet = (options: string[]): ReadonlySet<string> => {
    const key = options.join('\n');
    let set = optionSets.get(key);
    if (!set) optionSets.set(key, (set = new Set(options)));
    return set;
  };
  for (const rule of rules) {
    const programs = typeof rule.program === 'string' ? [rule.program] : rule.program;
    const pattern = (field: string, source: string | undefined, flags: string): RegExp | undefined =>
      source === undefined ? undefined : callerRules.has(rule) ? linearRegExp(field, source, flags) : new RegExp(source, flags);
    for (const program of programs) {
      const compiled: CompiledRule = {
        rule,
        subcommand: rule.subcommand?.map((alternatives) => alternatives.split('|')),
        argPattern: pattern('argPattern', rule.argPattern, ''),
        textPattern: pattern('textPattern', rule.textPattern, 'i'),
        valueOptions: optionSet([
          ...(rule.valueOptions ?? []),
          ...(Object.hasOwn(programValueOptions, program) ? (programValueOptions[program] as readonly string[]) : []),
        ]),
      };
      const list = index.get(program);
      if (list) list.push(compiled);
      else index.set(program, [compiled]);
    }
  }
  return index;
}

export interface Scanned {
  flags: string[];
  operands: string[];
}

export function scan(args: readonly string[], valueOptions: ReadonlySet<string>): Scanned {
  const flags: string[] = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const token = args[i] as string;
    if (token === '--') {
      for (let j = i + 1; j < args.length; j++) operands.push(args[j] as string);
      break;
    }
    if (token.length > 1 && token[0] === '-') {
      if (valueOptions.has(token)) {
        flags.push(token);
        i++;
      } else flags.push(token[1] === '-' ? token : clusterUpToValue(token, valueOptions));
    } else operands.push(token);
  }
  return { flags, operands };
}

/** A short cluster cut after an option that takes a value: in `-ofoo`, `foo` is `-o`'s value, not flags. */
function clusterUpToValue(token: string, valueOptions: ReadonlySet<string>): string {
  if (valueOptions.size === 0) return token;
  for (let j = 1; j < token.length - 1; j++) if (valueOptions.has(`-${token[j]}`)) return token.slice(0, j + 1);
  return token;
}

/** `-f` matches `-f` and clusters such as `-rf`; `--force` matches `--force` and `--force=…`. */
export function hasFlag(flags: readonly string[], wanted: string): boolean {
  const isShort = wanted.length === 2 && wanted[0] === '-';
  for (const flag of flags) {
    if (flag === wanted) return true;
    if (isShort) {
      if (flag[1] === '-') continue;
      if (/^-[A-Za-z0-9]+$/.test(flag) && flag.includes(wanted[1] as string)) return true;
      if (flag.startsWith(wanted) && !/[A-Za-z0-9]/.test(flag[2] as string)) return true;
    } else if (flag.startsWith(wanted) && flag[wanted.length] === '=') return true;
  }
  return false;
}

export interface RuleMatch {
  rule: PlanRule;
  effects: PlanEffect[];
}

function effectsOf(rule: PlanRule, args: readonly string[], operands: readonly string[]): PlanEffect[] {
  const spec = rule.effects;
  if (!spec) return [];
  const { prefix } = spec;
  let paths: readonly string[];
  if (prefix !== undefined) paths = args.filter((a) => a.startsWith(prefix)).map((a) => a.slice(prefix.length));
  else {
    const rest = operands.slice(spec.skip ?? 0);
    paths = spec.operands === 'all' ? rest : spec.operands === 'last' ? rest.slice(-1) : rest.slice(0, -1);
  }
  return paths.filter((p) => p.length > 0 && p !== '{}' && !p.includes('$')).map((path) => ({ path, kind: spec.kind }));
}

/** `--dry-run` given to a program that honours it, where it is sure to be read as an option. */
export function isDryRun(argv: readonly string[]): boolean {
  const program = argv[0] as string;
  return dryRunPrograms.has(program) && hasLeadingOption(program, argv.slice(1), '--dry-run');
}

/** The first rule of the program that fires on `argv`, honouring `--help` and `--dry-run`. */
export function matchRule(index: RuleIndex, argv: readonly string[]): RuleMatch | undefined {
  const rules = index.get(argv[0] as string);
  if (!rules) return undefined;
  const args = argv.slice(1);
  let lastOptions: ReadonlySet<string> | undefined;
  let scanned: Scanned | undefined;
  const honoursDryRun = isDryRun(argv);
  for (const compiled of rules) {
    // Rules of one program mostly share their option table: rescan only when it changes.
    if (!scanned || compiled.valueOptions !== lastOptions) {
      scanned = scan(args, compiled.valueOptions);
      lastOptions = compiled.valueOptions;
    }
    const { rule } = compiled;
    if (honoursDryRun && (rule.category === 'destructive' || rule.category === 'mutating')) continue;
    if (!conditionsHold(compiled, args, scanned)) continue;
    return { rule, effects: effectsOf(rule, args, scanned.operands.slice(compiled.subcommand?.length ?? 0)) };
  }
  return undefined;
}

function conditionsHold(compiled: CompiledRule, args: readonly string[], scanned: Scanned): boolean {
  const { rule, subcommand } = compiled;
  if (subcommand) {
    for (let i = 0; i < subcommand.length; i++) {
      const word = scanned.operands[i];
      if (word === undefined || !(subcommand[i] as string[]).includes(word)) return false;
    }
  }
  if (rule.operands) {
    const count = scanned.operands.length - (subcommand?.length ?? 0);
    if (rule.operands === 'none' ? count > 0 : count === 0) return false;
  }
  if (rule.flags && !rule.flags.every((group) => group.some((flag) => hasFlag(scanned.flags, flag)))) return false;
  if (rule.unlessFlags?.some((flag) => hasFlag(scanned.flags, flag))) return false;
  if (compiled.argPattern && !args.some((arg) => (compiled.argPattern as RegExp).test(arg))) return false;
  if (compiled.textPattern && !compiled.textPattern.test(args.join(' '))) return false;
  return true;
}
