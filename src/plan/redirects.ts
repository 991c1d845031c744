import type { Node } from 'web-tree-sitter';
import type { Facts } from './segment.js';
import { isProtectedPath } from './overwrites.js';
import { readWord } from './words.js';

const harmlessTargets = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

/** A redirect's target, and the words the grammar hung on it that bash passes to the command (`diff <x <(…) y`). */
export interface RedirectWords {
  destination: Node | null;
  extras: Node[];
}

/** Records what a `file_redirect` writes; returns its destination and the command's words after it. */
export function applyFileRedirect(node: Node, facts: Facts): RedirectWords {
  let operator = '';
  let destination: Node | null = null;
  const extras: Node[] = [];
  for (const child of node.children) {
    if (!child) continue;
    if (!child.isNamed) operator ||= child.text;
    else if (child.type === 'file_descriptor') continue;
    else if (destination === null) destination = child;
    else extras.push(child);
  }
  if (!destination || !operator.includes('>')) return { destination, extras };
  const target = readWord(destination);
  if (target.isStatic && harmlessTargets.has(target.text)) return { destination, extras };
  if ((operator === '>&' || operator === '<&') && /^(\d+|-)$/.test(target.text)) return { destination, extras };
  const append = operator.startsWith('>>') || operator === '&>>';
  const id = append ? 'shell.redirect-append' : 'shell.redirect-write';
  if (!facts.rules.includes(id)) facts.rules.push(id);
  if (target.isStatic) facts.effects.push({ path: target.text, kind: 'modify' });
  if (operator === '>|' && !facts.rules.includes('shell.clobber')) facts.rules.push('shell.clobber');
  if (target.isStatic && isProtectedPath(target.text) && !facts.rules.includes('shell.overwrite-protected'))
    facts.rules.push('shell.overwrite-protected');
  return { destination, extras };
}
