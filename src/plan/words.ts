import type { Node } from 'web-tree-sitter';
import { mayHideCode } from './hidden-code.js';

/** One shell word: its static value when known, else the source text. */
export interface Word {
  text: string;
  isStatic: boolean;
  /** An unquoted `*`, `?` or `[` the shell would expand. */
  hasGlob: boolean;
  /** The node, for walking into substitutions, and its type. */
  node: Node;
  type: string;
}

const ansiSimple: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Decodes the body of `$'…'` as bash does. */
export function decodeAnsiC(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs, (all, esc: string) => {
    const head = esc[0] as string;
    if ((head === 'x' || head === 'u' || head === 'U') && esc.length > 1)
      return String.fromCodePoint(Math.min(parseInt(esc.slice(1), 16), 0x10ffff));
    if (head >= '0' && head <= '7') return String.fromCharCode(parseInt(esc, 8) & 0xff);
    if (head === 'c' && esc.length === 2) return String.fromCharCode(esc.charCodeAt(1) & 0x1f);
    return ansiSimple[head] ?? all;
  });
}

const unquotedEscape = /\\(\n|.)/gs;
const quotedEscape = /\\([$`"\\\n])/g;

/** Resolves a word node to its value. Expansions and substitutions make it dynamic. */
export function readWord(node: Node, type: string = node.type): Word {
  const state = { isStatic: true, hasGlob: false };
  const text = valueOf(node, state, type);
  return { text: state.isStatic ? text : node.text, isStatic: state.isStatic, hasGlob: state.hasGlob, node, type };
}

function valueOf(node: Node, state: { isStatic: boolean; hasGlob: boolean }, type: string = node.type): string {
  switch (type) {
    case 'word':
    case 'number': {
      const raw = node.text;
      if (/(^|[^\\])[*?[]/.test(raw)) state.hasGlob = true;
      if (mayHideCode(raw)) state.isStatic = false;
      return raw.includes('\\') ? raw.replace(unquotedEscape, (_m, c: string) => (c === '\n' ? '' : c)) : raw;
    }
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'ansi_c_string':
      return decodeAnsiC(node.text.slice(2, -1));
    case 'string':
    case 'translated_string':
    case 'concatenation': {
      if (type === 'concatenation' && /\{[^}]*(,|\.\.)[^}]*\}/.test(node.text)) state.hasGlob = true;
      const unquote = (text: string) => text.replace(quotedEscape, (_m, c: string) => (c === '\n' ? '' : c));
      // The grammar leaves some characters of a string (a newline) outside every child: read the gaps too.
      const isString = node.type !== 'concatenation';
      const raw = isString ? node.text : '';
      let cursor = isString ? raw.indexOf('"') + 1 : 0;
      let out = '';
      for (const child of node.children) {
        if (!child) continue;
        if (!child.isNamed) {
          if (!isString) out += child.text;
          continue;
        }
        if (isString) {
          const at = child.startIndex - node.startIndex;
          if (at > cursor) out += unquote(raw.slice(cursor, at));
          cursor = child.endIndex - node.startIndex;
        }
        if (child.type === 'string_content' && mayHideCode(child.text)) state.isStatic = false;
        if (child.type === 'string_content') out += unquote(child.text);
        else out += valueOf(child, state);
      }
      if (isString && cursor < raw.length - 1) out += unquote(raw.slice(cursor, raw.length - 1));
      return out;
    }
    default:
      if (type === 'brace_expression') state.hasGlob = true;
      state.isStatic = false;
      return node.text;
  }
}
