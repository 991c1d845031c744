import type { Node, Tree } from 'web-tree-sitter';
import type { WalkContext } from './context.js';
import { applyFileRedirect } from './redirects.js';
import { buildSegment, emptyFacts, type Facts } from './segment.js';
import { walkCommand, type Output } from './command.js';
import { hiddenCode, mayHideCode } from './hidden-code.js';
import { repairSource } from './repair.js';
import { readWord, type Word } from './words.js';

/** Levels of syntax (substitutions, subshells, groups) walked before the plan gives up as `complex`. */
const maxNesting = 128;

function parse(ctx: WalkContext, text: string): Tree | null {
  const tree = ctx.parser.parse(text, null, { progressCallback: () => performance.now() > ctx.deadline });
  if (!tree) {
    ctx.parser.reset();
    ctx.timedOut = true;
  }
  return tree;
}

/** Parses `text` and walks it one level deeper. */
export function walkSource(ctx: WalkContext, text: string, depth: number): void {
  let tree = parse(ctx, text);
  for (let round = 0; tree && round < 3 && text.includes('\n'); round++) {
    const repaired = repairSource(tree, text);
    if (repaired === null) break;
    tree.delete();
    text = repaired;
    tree = parse(ctx, text);
  }
  if (!tree) return;
  try {
    if (tree.rootNode.hasError) ctx.hasError = true;
    walkNode(ctx, tree.rootNode, depth);
  } finally {
    tree.delete();
  }
}

export function walkNode(ctx: WalkContext, node: Node, depth: number): void {
  if (ctx.nesting >= maxNesting) {
    ctx.tooDeep = true;
    return;
  }
  ctx.nesting++;
  try {
    walkNodeOnce(ctx, node, depth);
  } finally {
    ctx.nesting--;
  }
}

function walkNodeOnce(ctx: WalkContext, node: Node, depth: number): void {
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
  const extras: Node[] = [];
  for (const redirect of node.childrenForFieldName('redirect')) {
    if (!redirect) continue;
    collectRedirect(ctx, redirect, depth, facts, stdinTexts, continuations, extras);
  }
  const body = node.childForFieldName('body');
  let output: Output = null;
  if (extras.length > 0) {
    const owner = body ? lastCommand(body) : null;
    if (owner) ctx.extraWords.set(owner.id, [...(ctx.extraWords.get(owner.id) ?? []), ...extras.map((extra) => readWord(extra))]);
    else for (const extra of extras) walkSubstitutions(ctx, extra, depth, facts);
  }
  if (body?.type === 'command') output = walkCommand(ctx, body, depth, upstream, facts, stdinTexts);
  else {
    if (body) walkNode(ctx, body, depth);
    else if (facts.rules.includes('shell.redirect-write')) facts.rules.push('shell.truncate');
    if (facts.rules.length > 0) ctx.segments.push(buildSegment(ctx.index, [], facts, depth, false));
  }
  for (const next of continuations) {
    if (next.type === 'pipeline') walkPipeline(ctx, next.namedChildren, depth, output);
    else walkNode(ctx, next, depth);
  }
  return output;
}

/** The command that words written after `body` belong to (`a | b 2>x -f`: `b`). */
function lastCommand(body: Node): Node | null {
  let node: Node | null = body;
  for (let steps = 0; node && steps < 64; steps++) {
    if (node.type === 'command') return node;
    if (node.type === 'redirected_statement') node = node.childForFieldName('body');
    else if (node.type === 'pipeline' || node.type === 'list' || node.type === 'negated_command') node = node.lastNamedChild;
    else return null;
  }
  return null;
}

function collectRedirect(
  ctx: WalkContext,
  redirect: Node,
  depth: number,
  facts: Facts,
  stdinTexts: Word[],
  continuations: Node[],
  extras: Node[],
): void {
  if (redirect.type === 'file_redirect') {
    const found = applyFileRedirect(redirect, facts);
    if (found.destination) walkSubstitutions(ctx, found.destination, depth, facts);
    extras.push(...found.extras);
  } else if (redirect.type === 'herestring_redirect') {
    const [value, ...rest] = redirect.namedChildren.filter((c) => c !== null);
    if (value) {
      stdinTexts.push(readWord(value));
      walkSubstitutions(ctx, value, depth, facts);
    }
    extras.push(...rest);
  } else if (redirect.type === 'heredoc_redirect') {
    // A quoted delimiter (`<<'EOF'`, `<<\EOF`) makes the body literal: nothing in it runs.
    const literal = /['"\\]/.test(redirect.namedChildren.find((c) => c?.type === 'heredoc_start')?.text ?? '');
    redirect.namedChildren.forEach((child, i) => {
      if (!child || child.type === 'heredoc_start' || child.type === 'heredoc_end') return;
      if (child.type === 'heredoc_body') {
        const dynamic =
          !literal && (mayHideCode(child.text) || child.namedChildren.some((c) => c !== null && c.type !== 'heredoc_content'));
        stdinTexts.push({ text: child.text, isStatic: !dynamic, hasGlob: false, node: child, type: 'heredoc_body' });
        if (!literal) walkSubstitutions(ctx, child, depth, facts);
      } else if (redirect.fieldNameForNamedChild(i) === 'argument') extras.push(child);
      else continuations.push(child);
    });
  }
}

function checkForkBomb(ctx: WalkContext, node: Node, depth: number): void {
  const name = node.childForFieldName('name')?.text;
  const body = node.childForFieldName('body');
  if (!name || !body) return;
  const calls = body.descendantsOfType('command_name').filter((n) => n?.text === name).length;
  if (calls > 0 && /[|&]/.test(body.text)) {
    ctx.segments.push(
      buildSegment(
        ctx.index,
        [{ text: name, isStatic: true }],
        { ...emptyFacts(), rules: ['system.fork-bomb'], destructive: true },
        depth,
        false,
      ),
    );
  }
}

// Text nodes that bash would still expand; raw strings, `$'…'` and comments are literal.
const expandedText = new Set(['word', 'string_content', 'heredoc_content', 'heredoc_body', 'string', 'concatenation']);

/** Walks command and process substitutions inside a word; marks the facts when there are any. */
export function walkSubstitutions(ctx: WalkContext, node: Node, depth: number, facts: Facts): boolean {
  let found = false;
  if (node.type === 'command_substitution' || node.type === 'process_substitution') {
    found = true;
    for (const inner of node.namedChildren) if (inner) walkNode(ctx, inner, depth + 1);
  } else if (node.namedChildCount === 0) {
    if (!expandedText.has(node.type) || !mayHideCode(node.text)) return false;
    found = true;
    for (const code of hiddenCode(node.text)) walkSource(ctx, code, depth + 1);
  } else {
    for (const child of node.namedChildren) if (child && walkSubstitutions(ctx, child, depth, facts)) found = true;
  }
  if (found && !facts.rules.includes('shell.substitution')) facts.rules.push('shell.substitution');
  return found;
}
