import type { Node } from 'web-tree-sitter';
import type { Facts } from './segment.js';
import { readWord } from './words.js';

const harmlessTargets = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

/** Records what a `file_redirect` writes; returns the destination node so substitutions in it can be walked. */
export function applyFileRedirect(node: Node, facts: Facts): Node | null {
  let operator = '';
  let destination: Node | null = null;
  for (const child of node.children) {
    if (!child) continue;
    if (!child.isNamed) operator = child.text;
    else if (child.type !== 'file_descriptor') destination = child;
  }
  if (!destination || !operator.includes('>')) return destination;
  const target = readWord(destination);
  if (target.isStatic && harmlessTargets.has(target.text)) return destination;
  if ((operator === '>&' || operator === '<&') && /^(\d+|-)$/.test(target.text)) return destination;
  const append = operator.startsWith('>>') || operator === '&>>';
  const id = append ? 'shell.redirect-append' : 'shell.redirect-write';
  if (!facts.rules.includes(id)) facts.rules.push(id);
  if (target.isStatic) facts.effects.push({ path: target.text, kind: append ? 'modify' : 'modify' });
  return destination;
}
