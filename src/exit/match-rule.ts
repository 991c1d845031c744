import type { ProgramLayer } from './resolve-program.js';
import type { ExitRule } from './types.js';

// Global options taking a value, so `git -C dir diff` finds `diff` as the subcommand.
const globalValueOptions: Readonly<Record<string, readonly string[]>> = {
  git: ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--exec-path'],
};

function subcommandOf(layer: ProgramLayer): string | undefined {
  const valueOptions = globalValueOptions[layer.program] ?? [];
  for (let i = 0; i < layer.args.length; i++) {
    const arg = layer.args[i] as string;
    if (!arg.startsWith('-')) return arg;
    if (valueOptions.includes(arg)) i++;
  }
  return undefined;
}

function hasArg(args: readonly string[], names: readonly string[]): boolean {
  return args.some((arg) => names.includes(arg) || (arg.startsWith('--') && names.includes(arg.split('=')[0] as string)));
}

/** The first rule that reads `code` for this program, or undefined. */
export function findRule(layer: ProgramLayer, code: number, rules: readonly ExitRule[]): ExitRule | undefined {
  return rules.find(
    (rule) =>
      rule.codes.includes(code) &&
      rule.programs.includes(layer.program) &&
      (rule.subcommands === undefined || rule.subcommands.includes(subcommandOf(layer) ?? '')) &&
      (rule.withArgs === undefined || hasArg(layer.args, rule.withArgs)),
  );
}
