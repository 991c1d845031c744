import type { Node } from 'web-tree-sitter';
import type { WalkContext } from './context.js';
import { applyFileRedirect } from './redirects.js';
import { buildSegment, emptyFacts, type Facts } from './segment.js';
import { walkCommand, type Output } from './command.js';
import { readWord, type Word } from './words.js';

/** Parses `text` and walks it one level deeper. */
export function walkSource(ctx: WalkContext, text: string, depth: number): void {
  const tree = ctx.parser.parse(text, null, { progressCallback: () => performance.now() > ctx.deadline });
  if (!tree) {
    ctx.parser.reset();
    ctx.timedOut = true;
    return;
  }
  try {
    if (tree.rootNode.hasError) ctx.hasError = true;
    walkNode(ctx, tree.rootNode, depth);
  } finally {
    tree.delete();
  }
}

export function walkNode(ctx: WalkContext, node: Node, depth: number): void {
  switch (node.type) {
    case 'command':
      walkCommand(ctx, node, depth, undefined, emptyFacts(), []);
      return;
    case 'pipeline':
      walkPipeline(ctx, node.namedChildren, depth, undefined);
      return;
    case 'redirected_statement':
      walkRedirected(ctx, node, depth, undefined);
      return;
    case 'function_definition':
      checkForkBomb(ctx, node, depth);
      break;
    case 'ERROR':
      ctx.hasError = true;
      break;
    case 'comment':
      return;
  }
  for (const child of node.namedChildren) if (child) walkNode(ctx, child, depth);
}

function walkPipeline(ctx: WalkContext, stages: (Node | null)[], depth: number, input: Output | undefined): void {
  let upstream = input;
  for (const stage of stages) {
    if (!stage || stage.type === 'comment') continue;
    if (stage.type === 'command') upstream = walkCommand(ctx, stage, depth, upstream, emptyFacts(), []);
    else if (stage.type === 'redirected_statement') upstream = walkRedirected(ctx, stage, depth, upstream);
    else {
      walkNode(ctx, stage, depth);
      upstream = null;
    }
  }
}

function walkRedirected(ctx: WalkContext, node: Node, depth: number, upstream: Output | undefined): Output {
  const facts = emptyFacts();
  const stdinTexts: Word[] = [];
  const continuations: Node[] = [];
  for (const redirect of node.childrenForFieldName('redirect')) {
    if (!redirect) continue;
    collectRedirect(ctx, redirect, depth, facts, stdinTexts, continuations);
  }
  const body = node.childForFieldName('body');
  let output: Output = null;
  if (body?.type === 'command') output = walkCommand(ctx, body, depth, upstream, facts, stdinTexts);
  else {
    if (body) walkNode(ctx, body, depth);
    if (facts.rules.length > 0) ctx.segments.push(buildSegment(ctx.index, [], facts, depth, false));
  }
  for (const next of continuations) {
    if (next.type === 'pipeline') walkPipeline(ctx, next.namedChildren, depth, output);
    else walkNode(ctx, next, depth);
  }
  return output;
}

function collectRedirect(ctx: WalkContext, redirect: Node, depth: number, facts: Facts, stdinTexts: Word[], continuations: Node[]): void {
  if (redirect.type === 'file_redirect') {
    const destination = applyFileRedirect(redirect, facts);
    if (destination) walkSubstitutions(ctx, destination, depth, facts);
  } else if (redirect.type === 'herestring_redirect') {
    const value = redirect.namedChildren.find((c) => c !== null);
    if (value) {
      stdinTexts.push(readWord(value));
      walkSubstitutions(ctx, value, depth, facts);
    }
  } else if (redirect.type === 'heredoc_redirect') {
    for (const child of redirect.namedChildren) {
      if (!child) continue;
      if (child.type === 'heredoc_body') {
        const dynamic = child.namedChildren.some((c) => c !== null && c.type !== 'heredoc_content');
        stdinTexts.push({ text: child.text, isStatic: !dynamic, hasGlob: false, node: child, type: 'heredoc_body' });
        walkSubstitutions(ctx, child, depth, facts);
      } else if (child.type !== 'heredoc_start' && child.type !== 'heredoc_end') continuations.push(child);
    }
  }
}

function checkForkBomb(ctx: WalkContext, node: Node, depth: number): void {
  const name = node.childForFieldName('name')?.text;
  const body = node.childForFieldName('body');
  if (!name || !body) return;
  const calls = body.descendantsOfType('command_name').filter((n) => n?.text === name).length;
  if (calls > 0 && /[|&]/.test(body.text)) {
    ctx.segments.push(buildSegment(ctx.index, [{ text: name, isStatic: true }], { ...emptyFacts(), rules: ['system.fork-bomb'], destructive: true }, depth, false));
  }
}

/** Walks command and process substitutions inside a word; marks the facts when there are any. */
export function walkSubstitutions(ctx: WalkContext, node: Node, depth: number, facts: Facts): boolean {
  let found = false;
  if (node.type === 'command_substitution' || node.type === 'process_substitution') {
    found = true;
    for (const inner of node.namedChildren) if (inner) walkNode(ctx, inner, depth + 1);
  } else {
    for (const child of node.namedChildren) if (child && child.namedChildCount > 0 && walkSubstitutions(ctx, child, depth, facts)) found = true;
  }
  if (found && !facts.rules.includes('shell.substitution')) facts.rules.push('shell.substitution');
  return found;
}
