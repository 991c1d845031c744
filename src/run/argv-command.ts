import { invalid } from '../validate.js';

const MAX_ARGS = 100_000;
const SAFE_WORD = /^[\w@%+=:,./-]+$/;

/** A command given as an argument array: its validated argv, and the text it reads as (for the plan and the record). */
export interface ArgvCommand {
  argv: string[];
  text: string;
}

/** Validates `['git', 'commit', '-m', message]`; the array runs as it is, never through a shell. */
export function argvCommand(value: readonly unknown[]): ArgvCommand {
  if (value.length === 0 || value.length > MAX_ARGS)
    throw invalid('command', `a non-empty array of at most ${MAX_ARGS} strings`, value);
  const argv = value.map((item, index) => {
    if (typeof item !== 'string') throw invalid(`command[${index}]`, 'a string', item);
    if (item.includes('\0')) throw new TypeError(`Expected \`command[${index}]\` to contain no NUL byte`);
    return item;
  });
  if (argv[0] === '') throw invalid('command[0]', 'a non-empty program name', argv[0]);
  return { argv, text: argv.map(quoteWord).join(' ') };
}

/** POSIX single quoting, only where a word needs it. */
function quoteWord(word: string): string {
  if (SAFE_WORD.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
