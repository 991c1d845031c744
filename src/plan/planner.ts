import { assemblePlan, type Troubles } from './assemble.js';
import type { WalkContext } from './context.js';
import { mayBeDestructive } from './fallback.js';
import { classifyTokens } from './command.js';
import { splitPlainCommand } from './fast-path.js';
import { createBashParser } from './language.js';
import { emptyFacts } from './segment.js';
import { compileRules } from './match.js';
import { normalizePlanOptions } from './options.js';
import { planRules } from './rules/index.js';
import type { Parser } from 'web-tree-sitter';
import type { NormalizedPlanOptions } from './options.js';
import { planPowerShellLine } from './powershell/plan-powershell.js';
import type { Plan, PlanOptions, Planner } from './types.js';
import { invalid } from '../validate.js';
import { walkNode, walkSource, walkSubstitutions } from './walk.js';

/**
 * Loads the bash grammar once and returns a planner whose `plan()` is synchronous.
 */
export async function createPlanner(options?: PlanOptions): Promise<{
  /** Plans a command synchronously (same result as `plan()` with the planner's options). */
  plan(command: string): Plan;
}> {
  const settings = normalizePlanOptions(options);
  if (settings.shell === 'powershell') return { plan: (command: string) => planPowerShellLine(command) };
  return buildPlanner(settings, await createBashParser());
}

function buildPlanner(settings: NormalizedPlanOptions, parser: Parser): Planner {
  const index = compileRules([...settings.rules, ...planRules], new Set(settings.rules));
  return {
    plan(command: string): Plan {
      if (typeof command !== 'string') throw invalid('command', 'a string', command);
      const troubles: Troubles = { rules: [], mayDestroy: false };
      if (command.length > settings.maxLength) {
        return assemblePlan([], { rules: ['shell.too-long'], mayDestroy: mayBeDestructive(command) });
      }
      let source = command;
      if (source.includes('\0')) {
        troubles.rules.push('shell.nul-byte');
        troubles.mayDestroy = mayBeDestructive(source);
        source = source.replaceAll('\0', '\n');
      }
      const ctx: WalkContext = {
        parser,
        index,
        maxDepth: settings.maxDepth,
        deadline: performance.now() + settings.parseTimeoutMs,
        segments: [],
        hasError: false,
        timedOut: false,
        nesting: 0,
        extraWords: new Map(),
        tooDeep: false,
        walkNode: (node, depth) => walkNode(ctx, node, depth),
        walkSource: (text, depth) => walkSource(ctx, text, depth),
        walkSubstitutions: (node, depth, facts) => walkSubstitutions(ctx, node, depth, facts),
      };
      const plain = splitPlainCommand(source);
      try {
        if (plain === null) walkSource(ctx, source, 0);
        else if (plain.length > 0) classifyTokens(ctx, plain, 0, emptyFacts(), undefined);
      } catch (error) {
        // A stack overflow on some shape the nesting cap does not foresee: an answer, never an exception.
        if (!(error instanceof RangeError)) throw error;
        ctx.tooDeep = true;
      }
      if (ctx.timedOut) troubles.rules.push('shell.parse-timeout');
      if (ctx.hasError) troubles.rules.push('shell.parse-error');
      if (ctx.tooDeep) troubles.rules.push('shell.too-deep');
      if (ctx.timedOut || ctx.hasError || ctx.tooDeep) troubles.mayDestroy ||= mayBeDestructive(source);
      return assemblePlan(ctx.segments, troubles);
    },
  };
}

/**
 * Statically checks what a shell command may do, without running it: a bash line, or a PowerShell one with
 * `shell: 'powershell'`.
 */
export async function plan(command: string, options?: PlanOptions): Promise<Plan> {
  if (typeof command !== 'string') throw invalid('command', 'a string', command);
  if (options === undefined) {
    defaultPlanner ??= createPlanner().catch((error: unknown) => {
      defaultPlanner = undefined;
      throw error;
    });
    return (await defaultPlanner).plan(command);
  }
  const settings = normalizePlanOptions(options);
  if (settings.shell === 'powershell') return planPowerShellLine(command);
  const parser = await createBashParser();
  try {
    return buildPlanner(settings, parser).plan(command);
  } finally {
    parser.delete();
  }
}

// The default planner holds only immutable rules and a parser used synchronously: safe to share.
let defaultPlanner: Promise<Planner> | undefined;
