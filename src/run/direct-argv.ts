// Decides whether a command can be executed directly as an argv, with no shell.
// Anything a shell would interpret (operators, redirects, expansions, globs, comments, leading
// assignments, builtins) sends the command through the resolved shell instead.
// Not from the tree-sitter plan: this is an allow-list (plain words only), synchronous for resolveCommand, and must
// hold when planning failed (run() then goes on without a plan); any doubt goes to the shell.

const SHELL_METACHARACTERS = /[|&;<>()$`\\*?[\]{}~#!\n\r]/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const SHELL_ONLY_WORDS = new Set([
  '.',
  ':',
  'alias',
  'bg',
  'bind',
  'break',
  'builtin',
  'case',
  'cd',
  'command',
  'continue',
  'declare',
  'dirs',
  'disown',
  'do',
  'done',
  'elif',
  'else',
  'esac',
  'eval',
  'exec',
  'exit',
  'export',
  'fc',
  'fg',
  'fi',
  'for',
  'function',
  'getopts',
  'hash',
  'history',
  'if',
  'jobs',
  'let',
  'local',
  'popd',
  'pushd',
  'read',
  'readonly',
  'return',
  'select',
  'set',
  'shift',
  'shopt',
  'source',
  'then',
  'time',
  'trap',
  'type',
  'typeset',
  'ulimit',
  'umask',
  'unalias',
  'unset',
  'until',
  'wait',
  'while',
  '[[',
  ']]',
]);

/**
 * Splits `command` into an argv when no shell is needed, else returns undefined.
 * Single quotes are literal and double quotes are honoured when they hold nothing a shell expands.
 */
export function directArgv(command: string): string[] | undefined {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (const char of command) {
    if (quote) {
      if (quote === '"' && (char === '$' || char === '`' || char === '\\')) return undefined;
      if (char === quote) quote = undefined;
      else current += char;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
      continue;
    }
    if (SHELL_METACHARACTERS.test(char)) return undefined;
    if (char === ' ' || char === '\t') {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
      continue;
    }
    current += char;
    inWord = true;
  }
  if (quote) return undefined;
  if (inWord) words.push(current);
  const program = words[0];
  if (program === undefined || program === '' || ASSIGNMENT.test(program) || SHELL_ONLY_WORDS.has(program)) return undefined;
  return words;
}
