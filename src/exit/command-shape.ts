// A small quote-aware lexer: top-level segments, the operators between them, and each segment's words.
// Synchronous and cheap on purpose; the tree-sitter planner in src/plan is the full parser.
// It stays: classifyExit is public, synchronous and given only the command text, and exit/ sits below plan/.

import { closingQuote, scanBalanced } from './scan-quoted.js';

/** An operator between two top-level segments. A newline is reported as `;`. */
export type ShapeOperator = '|' | '|&' | '&&' | '||' | ';' | '&';

/** One simple command of a command string. */
export interface ShapeSegment {
  /** Words with quotes removed; redirections and their targets left out; a leading `!` left out. */
  readonly words: readonly string[];
  /** The segment's source text, trimmed. */
  readonly text: string;
  /** The pipeline this segment starts is negated with `!`. */
  readonly negated: boolean;
  /** The segment is a subshell or arithmetic `( … )` / `(( … ))`, whose first word is the whole group. */
  readonly grouped: boolean;
}

/** The top-level shape of a command string. */
export interface CommandShape {
  readonly segments: readonly ShapeSegment[];
  /** `operators[i]` joins `segments[i]` and `segments[i + 1]`. */
  readonly operators: readonly ShapeOperator[];
  /** The operator after the last segment (`cmd &`, `cmd;`), if any. */
  readonly trailing?: ShapeOperator;
  /** Compound commands (if, for, while, case, `{ }`, functions) make the segments approximate. */
  readonly compound: boolean;
}

const compoundWords = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'for',
  'while',
  'until',
  'do',
  'done',
  'case',
  'esac',
  'select',
  'function',
  'coproc',
  '{',
  '}',
]);
const redirectPattern = /^(?:<<<|<<-|<<|<>|<&|>>|>&|>\||<|>)/;

/** Splits a command string into top-level segments and operators. Never throws; broken input gives a best-effort shape. */
export function parseCommandShape(command: string): CommandShape {
  const segments: ShapeSegment[] = [];
  const operators: ShapeOperator[] = [];
  const heredocs: { delimiter: string; stripTabs: boolean }[] = [];
  let pendingOperator: ShapeOperator | undefined;
  let words: string[] = [];
  let word: string | null = null;
  let plain = true;
  let segmentStart = 0;
  let hasContent = false;
  let negated = false;
  let grouped = false;
  let compound = false;
  let inDoubleBracket = false;
  let redirectTarget: 'file' | 'heredoc' | 'heredoc-tabs' | undefined;

  const append = (text: string, isPlain = true): void => {
    word = (word ?? '') + text;
    if (!isPlain) plain = false;
    hasContent = true;
  };
  const endWord = (): void => {
    if (word === null) return;
    const value: string = word;
    word = null;
    const wasPlain = plain;
    plain = true;
    if (redirectTarget) {
      if (redirectTarget !== 'file') heredocs.push({ delimiter: value, stripTabs: redirectTarget === 'heredoc-tabs' });
      redirectTarget = undefined;
      return;
    }
    if (words.length === 0 && wasPlain && !grouped) {
      if (value === '!') {
        negated = true;
        return;
      }
      if (compoundWords.has(value) || value.endsWith('()')) compound = true;
      if (value === '[[') inDoubleBracket = true;
    }
    if (inDoubleBracket && wasPlain && value === ']]') inDoubleBracket = false;
    words.push(value);
  };
  const endSegment = (operator: ShapeOperator | undefined, end: number, next: number): void => {
    endWord();
    if (hasContent) {
      if (pendingOperator !== undefined) operators.push(pendingOperator);
      segments.push({ words, text: command.slice(segmentStart, end).trim(), negated, grouped });
      pendingOperator = operator;
    }
    words = [];
    hasContent = false;
    negated = false;
    grouped = false;
    inDoubleBracket = false;
    redirectTarget = undefined;
    segmentStart = next;
  };
  const skipHeredocBodies = (from: number): number => {
    let i = from;
    for (const { delimiter, stripTabs } of heredocs) {
      while (i < command.length) {
        const lineEnd = command.indexOf('\n', i);
        const stop = lineEnd === -1 ? command.length : lineEnd;
        const line = command.slice(i, stop);
        i = stop + 1;
        if ((stripTabs ? line.replace(/^\t+/, '') : line) === delimiter) break;
      }
    }
    heredocs.length = 0;
    return Math.min(i, command.length);
  };

  let i = 0;
  while (i < command.length) {
    const c = command[i] as string;
    const next = command[i + 1];
    if (c === '\n') {
      endSegment(';', i, i + 1);
      i = heredocs.length > 0 ? skipHeredocBodies(i + 1) : i + 1;
      segmentStart = i;
    } else if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
      i++;
    } else if (c === '\\') {
      if (next !== '\n' && next !== undefined) append(next, false);
      i += 2;
    } else if (c === "'" || c === '"') {
      const end = closingQuote(command, i, c);
      const inner = command.slice(i + 1, end);
      append(c === '"' ? inner.replace(/\\([$`"\\])/g, '$1').replace(/\\\n/g, '') : inner, false);
      i = end + 1;
    } else if (c === '$' && next === "'") {
      let end = i + 2;
      while (end < command.length && command[end] !== "'") end += command[end] === '\\' ? 2 : 1;
      append(command.slice(i + 2, end), false);
      i = end + 1;
    } else if (c === '$' && (next === '(' || next === '{')) {
      const end = scanBalanced(command, i + 1, next, next === '(' ? ')' : '}');
      append(command.slice(i, end), false);
      i = end;
    } else if (c === '`') {
      const end = closingQuote(command, i, '`');
      append(command.slice(i, end + 1), false);
      i = end + 1;
    } else if (c === '#' && word === null) {
      const end = command.indexOf('\n', i);
      i = end === -1 ? command.length : end;
    } else if (c === '(') {
      const end = scanBalanced(command, i, '(', ')');
      if (word === null && words.length === 0 && !inDoubleBracket) grouped = true;
      append(command.slice(i, end), false);
      i = end;
    } else if ((c === '<' || c === '>') && next === '(') {
      const end = scanBalanced(command, i + 1, '(', ')');
      append(command.slice(i, end), false);
      i = end;
    } else if ((c === '<' || c === '>') && !inDoubleBracket) {
      const current: string | null = word;
      if (current !== null && plain && /^(?:\d+|\{\w+\})$/.test(current)) word = null;
      else endWord();
      const operator = (redirectPattern.exec(command.slice(i)) as RegExpExecArray)[0];
      i += operator.length;
      hasContent = true;
      const dup = operator.endsWith('&') ? /^(?:\d+|-)-?/.exec(command.slice(i)) : null;
      if (dup) i += dup[0].length;
      else redirectTarget = operator === '<<' ? 'heredoc' : operator === '<<-' ? 'heredoc-tabs' : 'file';
    } else if (c === '&' && next === '>' && !inDoubleBracket) {
      endWord();
      i += command[i + 2] === '>' ? 3 : 2;
      hasContent = true;
      redirectTarget = 'file';
    } else if ((c === '&' || c === '|') && !inDoubleBracket) {
      const operator: ShapeOperator = next === c ? (`${c}${c}` as ShapeOperator) : c === '|' && next === '&' ? '|&' : c;
      endSegment(operator, i, i + operator.length);
      i += operator.length;
    } else if (c === ';' && !inDoubleBracket) {
      if (next === ';' || next === '&') compound = true;
      const length = next === ';' || next === '&' ? (command[i + 2] === '&' ? 3 : 2) : 1;
      endSegment(';', i, i + length);
      i += length;
    } else {
      append(c);
      i++;
    }
  }
  endSegment(undefined, command.length, command.length);
  const shape: CommandShape = { segments, operators, compound };
  return pendingOperator === undefined ? shape : { ...shape, trailing: pendingOperator };
}
