import type { Token } from './normalize.js';

// A command made only of these characters has no quoting, expansion, glob, comment, redirect or
// operator: bash would split it on spaces, exactly as below, so the parse can be skipped.
const plainCommand = /^[A-Za-z0-9_./:=,-]+( +[A-Za-z0-9_./:=,-]+)* *$/;
const parsedSpecially = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'case',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'function',
  'time',
  'in',
  'coproc',
  'export',
  'declare',
  'typeset',
  'local',
  'readonly',
  'unset',
]);
const assignment = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The argv of a command that needs no parser, without its leading assignments; null when it needs one. */
export function splitPlainCommand(command: string): Token[] | null {
  if (command.length > 512 || !plainCommand.test(command)) return null;
  const words = command.split(' ').filter((w) => w.length > 0);
  let start = 0;
  while (start < words.length && assignment.test(words[start] as string)) start++;
  if (start < words.length && parsedSpecially.has(words[start] as string)) return null;
  return words.slice(start).map((text) => ({ text, isStatic: true }));
}
