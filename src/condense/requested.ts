// What an install or removal command asked for, and the line saying what became of each: an install log's
// "Setting up nginx (1.22)" or "Purging configuration files for nginx" is what the caller wants to see, among
// hundreds of lines about the dependencies it pulled in.
import type { Classified } from './classify.js';
import { Role } from './roles.js';

/** Verbs after which a package manager's operands are the names asked for. */
const VERB =
  /(?:^|\s)(?:install|add|i|remove|purge|uninstall|upgrade|reinstall|update|erase|-i|--install|-r|--remove|-P|--purge)(?=\s)/;
/** An operand: a package name, perhaps with a version (`=1.2`, `@^3`) or a path to a package file. */
const OPERAND = /^[\w@.][\w.+@/:=^~<>-]*$/;
const MAX_NAMES = 64;

/** The names a command asks to install or remove (none when it is no such command). */
export function requestedNames(command: string): string[] {
  const verb = VERB.exec(command);
  if (verb === null) return [];
  const names: string[] = [];
  for (const word of command.slice(verb.index + verb[0].length).split(/\s+/)) {
    if (/^[|;&<>]/.test(word) || names.length === MAX_NAMES) break;
    if (word === '' || word.startsWith('-') || !OPERAND.test(word)) continue;
    const name = word
      .replace(/^(.+?)[=@<>~^].*$/, '$1')
      .replace(/^.*\//, '')
      .replace(/[_.]\S*\.(?:deb|rpm|whl|tgz)$|\.(?:deb|rpm|whl|tgz)$/, '');
    if (name.length > 1) names.push(name);
  }
  return names;
}

/**
 * Makes the last line naming each requested name (as a word of its own, then a space, a version in brackets, a
 * colon or the line's end) a summary, when it was no failure or summary already: the step that finished it.
 * Only lines within `window` of either end are looked at, as classify() does for noise.
 */
export function markRequested(lines: readonly string[], classified: Classified, names: readonly string[], window: number): void {
  const n = lines.length;
  for (const name of names) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const naming = new RegExp(`(?:^|[\\s'"])${escaped}(?:[:\\s(]|$)`);
    for (let i = n - 1; i >= 0; i = i === n - window && i > window ? window - 1 : i - 1) {
      if (!naming.test(lines[i] as string)) continue;
      if ((classified.roles[i] as number) < Role.context) {
        classified.roles[i] = Role.summary;
        classified.summaryCount++;
      }
      break;
    }
  }
}
