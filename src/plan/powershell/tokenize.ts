/** One simple command of a PowerShell line: its words, and what the tokenizer could not decide statically. */
export interface PsCommand {
  words: string[];
  /** Whether each word was written unquoted (a parameter like `-Force` only counts when it was). */
  bare: boolean[];
  /** Script blocks and subexpressions inside the command (`{ Remove-Item $_ }`, `$(…)`), planned as nested lines. */
  nested: string[];
  /** `$(…)` or a redirection to a file: the effect depends on run time. */
  dynamic: ('subexpression' | 'redirect')[];
}

const SEPARATORS = new Set([';', '|', '\n', '\r']);
const CLOSERS: Record<string, string> = { '{': '}', '(': ')' };

/**
 * Splits a PowerShell line into simple commands (at `;`, `|`, `&&`, `||` and newlines), words unquoted:
 * `'…'` literal (`''` is a quote), `"…"` with backtick escapes, `#` comments, `<# … #>` block comments.
 * Not a parser: just what the rules need (the command name and its parameters), over-flagging when unsure.
 */
export function tokenizePowerShell(line: string): PsCommand[] {
  const commands: PsCommand[] = [];
  let current: PsCommand = fresh();
  let word = '';
  let inWord = false;
  let quoted = false;
  const endWord = (): void => {
    if (inWord) {
      current.words.push(word);
      current.bare.push(!quoted);
    }
    word = '';
    inWord = false;
    quoted = false;
  };
  const endCommand = (): void => {
    endWord();
    if (current.words.length > 0 || current.nested.length > 0) commands.push(current);
    current = fresh();
  };
  for (let at = 0; at < line.length; at++) {
    const char = line[at]!;
    const next = line[at + 1];
    if (char === '#' && !inWord) {
      at = skipComment(line, at);
      continue;
    }
    if (char === '<' && next === '#') {
      const end = line.indexOf('#>', at + 2);
      at = end === -1 ? line.length : end + 1;
      continue;
    }
    if (SEPARATORS.has(char) || ((char === '&' || char === '|') && next === char)) {
      if (next === char && (char === '&' || char === '|')) at++;
      endCommand();
      continue;
    }
    if (char === ' ' || char === '\t') {
      endWord();
      continue;
    }
    if (char === "'") {
      const end = closingSingle(line, at);
      word += line.slice(at + 1, end).replace(/''/g, "'");
      inWord = true;
      quoted = true;
      at = end;
      continue;
    }
    if (char === '"') {
      const [text, end] = readDouble(line, at);
      word += text;
      inWord = true;
      quoted = true;
      at = end;
      continue;
    }
    if (char === '`' && next !== undefined) {
      word += next;
      inWord = true;
      at++;
      continue;
    }
    if (char === '{' || (char === '(' && word.endsWith('$')) || (char === '(' && !inWord)) {
      const end = balanced(line, at, char);
      current.nested.push(line.slice(at + 1, end));
      if (char === '(' && word.endsWith('$')) current.dynamic.push('subexpression');
      word += line.slice(at, end + 1);
      inWord = true;
      at = end;
      continue;
    }
    if (char === '>' && !/^\$null\b/i.test(line.slice(at + 1 + (next === '>' ? 1 : 0)).trimStart()))
      current.dynamic.push('redirect');
    word += char;
    inWord = true;
  }
  endCommand();
  return commands;
}

function fresh(): PsCommand {
  return { words: [], bare: [], nested: [], dynamic: [] };
}

function skipComment(line: string, at: number): number {
  const end = line.indexOf('\n', at);
  return end === -1 ? line.length : end - 1;
}

function closingSingle(line: string, at: number): number {
  for (let index = at + 1; index < line.length; index++) {
    if (line[index] === "'") {
      if (line[index + 1] === "'") index++;
      else return index;
    }
  }
  return line.length;
}

function readDouble(line: string, at: number): [string, number] {
  let text = '';
  for (let index = at + 1; index < line.length; index++) {
    const char = line[index]!;
    if (char === '`' && index + 1 < line.length) text += line[++index];
    else if (char === '"') return [text, index];
    else text += char;
  }
  return [text, line.length];
}

/** Where the bracket opened at `at` closes (quotes inside skipped), or the end of the line. */
function balanced(line: string, at: number, open: string): number {
  const close = CLOSERS[open]!;
  let depth = 0;
  for (let index = at; index < line.length; index++) {
    const char = line[index]!;
    if (char === "'") index = closingSingle(line, index);
    else if (char === '"') index = readDouble(line, index)[1];
    else if (char === open) depth++;
    else if (char === close && --depth === 0) return index;
  }
  return line.length;
}
