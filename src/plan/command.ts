import type { Node } from 'web-tree-sitter';
import type { WalkContext } from './context.js';
import { matchRule } from './match.js';
import { normalize, type Token } from './normalize.js';
import { applyFileRedirect } from './redirects.js';
import { crontabCommands, schedulers } from './schedulers.js';
import { inlineCode, looksDestructive, shellCommandsIn } from './inline-code.js';
import { buildSegment, emptyFacts, type Facts } from './segment.js';
import { codeInterpreters, databaseClients, shells } from './wrappers.js';
import { readWord, type Word } from './words.js';

/** What a pipeline stage writes to the next one: static text when known, else null. */
export type Output = string | null;

function addRule(facts: Facts, id: string): void {
  if (!facts.rules.includes(id)) facts.rules.push(id);
}

/** `$(echo rm)` as a command name: the output of a static echo or printf is known. */
function resolveEcho(node: Node): string | null {
  if (node.type !== 'command_substitution') return null;
  const inner = node.namedChildren.filter((c) => c !== null);
  const command = inner[0];
  if (inner.length !== 1 || !command || command.type !== 'command') return null;
  const words = command.namedChildren
    .filter((c) => c !== null)
    .map((c) => (c.type === 'command_name' && c.namedChild(0) ? readWord(c.namedChild(0) as Node) : readWord(c)));
  const program = words[0]?.text;
  if ((program !== 'echo' && program !== 'printf') || !words.every((w) => w.isStatic)) return null;
  return words
    .slice(1)
    .map((w) => w.text)
    .join(' ');
}

function runShellText(ctx: WalkContext, payload: Token, depth: number, facts: Facts): void {
  if (!payload.isStatic) addRule(facts, 'exec.dynamic-code');
  else if (depth >= ctx.maxDepth) addRule(facts, 'exec.depth-limit');
  else ctx.walkSource(payload.text, depth + 1);
}

function readInlineCode(ctx: WalkContext, code: Token, depth: number, facts: Facts): void {
  if (!code.isStatic) {
    addRule(facts, 'exec.dynamic-code');
    return;
  }
  for (const command of shellCommandsIn(code.text)) runShellText(ctx, { text: command, isStatic: true }, depth, facts);
  if (looksDestructive(code.text)) addRule(facts, 'exec.inline-destructive-words');
}

function operandsOf(argv: readonly Token[]): string[] {
  return argv
    .slice(1)
    .map((t) => t.text)
    .filter((t) => !t.startsWith('-') || t === '-');
}

function readsStdin(program: string, argv: readonly Token[]): boolean {
  const operands = operandsOf(argv);
  if (databaseClients.has(program))
    return !argv.some((t) => /^(-c|-e|-f|--command|--execute|--file)$/.test(t.text)) && operands.length <= 1;
  if (schedulers.has(program)) return !argv.some((t) => /^-[a-zA-Z]*f/.test(t.text));
  if (program === 'crontab') return operands.length === 0 || operands[0] === '-';
  if (shells.has(program))
    return (
      operands.length === 0 ||
      operands[0] === '-' ||
      /^\/(dev\/stdin|proc\/self\/fd\/0|dev\/fd\/0)$/.test(operands[0] ?? '') ||
      argv.some((t) => t.text === '-s')
    );
  return operands.length === 0 || operands[0] === '-';
}

function feedStdin(ctx: WalkContext, program: string, stdin: Output, depth: number, facts: Facts): void {
  if (shells.has(program) || schedulers.has(program) || program === 'crontab' || program === 'source' || program === '.') {
    if (stdin === null) addRule(facts, 'exec.pipe-to-shell');
    else {
      addRule(facts, 'exec.shell-stdin');
      runShellText(ctx, { text: program === 'crontab' ? crontabCommands(stdin) : stdin, isStatic: true }, depth, facts);
    }
    return;
  }
  const isDatabase = databaseClients.has(program);
  if (stdin === null) {
    addRule(facts, isDatabase ? 'db.piped-sql' : 'exec.pipe-to-shell');
    return;
  }
  if (!isDatabase) addRule(facts, 'exec.shell-stdin');
  const match = matchRule(ctx.index, [program, '-c', stdin]);
  if (match?.rule.category === 'destructive') {
    addRule(facts, match.rule.id);
    facts.destructive = true;
    facts.category = 'destructive';
    if (match.rule.warning) facts.warnings.push(match.rule.warning);
  }
}

function collectWords(
  ctx: WalkContext,
  node: Node,
  depth: number,
  facts: Facts,
  stdinTexts: Word[],
  extraWords: readonly Word[],
): Word[] {
  const words: Word[] = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    const type = child.type;
    if (type === 'variable_assignment') ctx.walkSubstitutions(child, depth, facts);
    else if (type === 'command_name') {
      const name = child.firstNamedChild;
      if (name && !name.isMissing) words.push(readWord(name));
    } else if (type === 'file_redirect') {
      const { destination, extras } = applyFileRedirect(child, facts);
      if (destination) ctx.walkSubstitutions(destination, depth, facts);
      for (const extra of extras) words.push(readWord(extra));
    } else if (type === 'herestring_redirect') {
      const [value, ...extras] = child.namedChildren.filter((c) => c !== null);
      if (value) stdinTexts.push(readWord(value));
      if (value) ctx.walkSubstitutions(value, depth, facts);
      for (const extra of extras) words.push(readWord(extra));
    } else if (type !== 'comment') words.push(readWord(child, type));
  }
  words.push(...extraWords);
  for (const word of words) {
    if (!word.isStatic) ctx.walkSubstitutions(word.node, depth, facts);
    if (word.hasGlob) addRule(facts, 'shell.glob');
  }
  return words;
}

/** Classifies one simple command, walks what it runs indirectly, and returns what it prints when static. */
export function walkCommand(
  ctx: WalkContext,
  node: Node,
  depth: number,
  upstream: Output | undefined,
  facts: Facts,
  stdinTexts: Word[],
): Output {
  const extraWords = ctx.extraWords.get(node.id) ?? [];
  if (extraWords.length > 0) ctx.extraWords.delete(node.id);
  const words = collectWords(ctx, node, depth, facts, stdinTexts, extraWords);
  const head = words[0];
  if (!head) {
    if (facts.rules.includes('shell.redirect-write')) addRule(facts, 'shell.truncate');
    if (facts.rules.length > 0) ctx.segments.push(buildSegment(ctx.index, [], facts, depth, false));
    return null;
  }
  let tokens: Token[] = words.map((w) => ({ text: w.text, isStatic: w.isStatic }));
  if (!head.isStatic) {
    const resolved = resolveEcho(head.node);
    if (resolved !== null && resolved.trim() !== '') {
      tokens = [
        ...resolved
          .split(/\s+/)
          .filter(Boolean)
          .map((text) => ({ text, isStatic: true })),
        ...tokens.slice(1),
      ];
    }
  }
  if (words.some((w) => w.type === 'process_substitution')) facts.hasProcessSubstitution = true;
  const stdin: Output | undefined =
    stdinTexts.length > 0 ? (stdinTexts.every((w) => w.isStatic) ? stdinTexts.map((w) => w.text).join('\n') : null) : upstream;
  return classifyTokens(ctx, tokens, depth, facts, stdin);
}

/** Normalises an argv, walks what it runs indirectly, records its segment and returns what it prints when static. */
export function classifyTokens(
  ctx: WalkContext,
  tokens: Token[],
  depth: number,
  facts: Facts,
  stdin: Output | undefined,
): Output {
  const { argv, shellPayloads, nested, runsAs, misread } = normalize(tokens);
  if (misread) ctx.hasError = true;
  if (runsAs !== undefined) facts.warnings.push(runsAs === 'root' || runsAs === '0' ? 'runs as root' : `runs as user ${runsAs}`);
  const program = argv[0]?.isStatic ? argv[0].text : null;
  for (const payload of shellPayloads) runShellText(ctx, payload, depth, facts);
  const code = program === null ? undefined : inlineCode(program, argv.slice(1));
  if (code !== undefined) readInlineCode(ctx, code, depth, facts);
  for (const inner of nested) if (inner.length > 0) classifyTokens(ctx, inner, depth + 1, emptyFacts(), undefined);
  if (program !== null && facts.hasProcessSubstitution && (shells.has(program) || program === 'source' || program === '.'))
    addRule(facts, 'exec.pipe-to-shell');
  const sourcesStdin =
    (program === 'source' || program === '.') && /^\/(dev\/stdin|proc\/self\/fd\/0|dev\/fd\/0)$/.test(argv[1]?.text ?? '');
  const interprets =
    program !== null &&
    (shells.has(program) ||
      schedulers.has(program) ||
      program === 'crontab' ||
      codeInterpreters.has(program) ||
      databaseClients.has(program) ||
      sourcesStdin);
  if (interprets && stdin !== undefined && shellPayloads.length === 0 && (sourcesStdin || readsStdin(program, argv)))
    feedStdin(ctx, program, stdin, depth, facts);
  if (facts.rules.includes('shell.redirect-write') && printsNothing(program, argv, stdin)) addRule(facts, 'shell.truncate');
  ctx.segments.push(buildSegment(ctx.index, argv, facts, depth, shellPayloads.length > 0));
  return outputOf(program, argv, stdin);
}

/** A command whose redirected output is empty: `: > f`, `true > f`, `cat /dev/null > f`, `echo -n > f`. */
function printsNothing(program: string | null, argv: readonly Token[], stdin: Output | undefined): boolean {
  if (program === ':' || program === 'true' || program === 'false') return true;
  if (program === 'cat' && argv.length === 2 && argv[1]?.text === '/dev/null') return true;
  return stdin === undefined && outputOf(program, argv, stdin) === '';
}

function outputOf(program: string | null, argv: readonly Token[], stdin: Output | undefined): Output {
  if (!argv.every((t) => t.isStatic)) return null;
  if (program === 'echo')
    return argv
      .slice(1)
      .filter((t) => !/^-[neE]+$/.test(t.text))
      .map((t) => t.text)
      .join(' ');
  if (program === 'printf')
    return argv
      .slice(1)
      .map((t) => t.text)
      .join(' ');
  if (program === 'cat' && argv.length === 1) return stdin ?? null;
  return null;
}
