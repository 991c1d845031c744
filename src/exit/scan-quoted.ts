// Skipping quoted and bracketed text, shared by the lexer's branches.

/** Index just past the bracket that closes the one at `start`, skipping quoted text. */
export function scanBalanced(text: string, start: number, open: string, close: string): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === "'") i = closingQuote(text, i, "'");
    else if (c === '"' || c === '`') i = closingQuote(text, i, c);
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return i + 1;
  }
  return text.length;
}

/** Index of the quote that closes the one at `start` (the text's length when none does). */
export function closingQuote(text: string, start: number, quote: string): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && quote !== "'") i++;
    else if (c === '$' && quote === '"' && text[i + 1] === '(') i = scanBalanced(text, i + 1, '(', ')') - 1;
    else if (c === quote) return i;
  }
  return text.length;
}
