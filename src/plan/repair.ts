import type { Node, Tree } from 'web-tree-sitter';

// Two places where tree-sitter-bash splits words differently from bash; the source is rewritten into
// a form bash reads the same way and the grammar reads correctly, then parsed again.
// 1. A line opening with a backslash (`ls` newline `\rm -rf x`) is glued onto the word before it, so
//    `rm` reads as an argument of `ls`. Bash ends the command at that newline: indent the line.
// 2. A line continuation inside a word (`r\` newline `m`) splits it in two. Bash removes every
//    backslash-newline outside single quotes, comments and heredoc bodies before reading words.

const literalTypes = new Set([
  'raw_string',
  'comment',
  'ansi_c_string',
  'heredoc_body',
  'heredoc_content',
  'heredoc_start',
  'heredoc_end',
]);

function isLiteral(node: Node | null): boolean {
  for (let at = node; at; at = at.parent) if (literalTypes.has(at.type)) return true;
  return false;
}

function isEscaped(text: string, at: number): boolean {
  let slashes = 0;
  for (let j = at - 1; j >= 0 && text[j] === '\\'; j--) slashes++;
  return slashes % 2 === 1;
}

function gluedLineStarts(tree: Tree, source: string, edits: Map<number, string>): void {
  for (const node of tree.rootNode.descendantsOfType('word')) {
    if (!node) continue;
    const text = node.text;
    if (!text.includes('\n') || source.slice(node.startIndex, node.startIndex + text.length) !== text) continue;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
      if (!isEscaped(text, i)) edits.set(node.startIndex + i + 1, ' ');
    }
  }
}

function continuations(tree: Tree, source: string, edits: Map<number, string>): void {
  for (let i = source.indexOf('\\\n'); i >= 0; i = source.indexOf('\\\n', i + 2)) {
    if (isEscaped(source, i) || isLiteral(tree.rootNode.descendantForIndex(i))) continue;
    edits.set(i, '');
  }
}

/** The source rewritten where the grammar would misread it, or null when it reads it right. */
export function repairSource(tree: Tree, source: string): string | null {
  const edits = new Map<number, string>();
  gluedLineStarts(tree, source, edits);
  if (source.includes('\\\n')) continuations(tree, source, edits);
  if (edits.size === 0) return null;
  let repaired = source;
  for (const at of [...edits.keys()].sort((a, b) => b - a)) {
    const edit = edits.get(at) as string;
    repaired = edit === '' ? repaired.slice(0, at) + repaired.slice(at + 2) : repaired.slice(0, at) + edit + repaired.slice(at);
  }
  return repaired;
}
