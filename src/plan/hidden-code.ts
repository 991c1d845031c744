// tree-sitter-bash leaves some substitutions as plain text (backticks in a heredoc body or inside
// `${x:-…}`). Bash still runs them, so text the grammar did not split is scanned for them here.

const mayHide = /`|\$\(/;

/** True when unparsed text holds an unescaped backtick or `$(`, which bash would run. */
export function mayHideCode(text: string): boolean {
  if (!mayHide.test(text)) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '`' || (c === '$' && text[i + 1] === '(')) return true;
  }
  return false;
}

/** Closing `)` of the `(` at `open`, skipping quotes and escapes; the text's end when unbalanced. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return text.length;
      i = end;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return text.length;
}

/** The code of every backtick and `$( … )` substitution in unparsed text, outermost first. */
export function hiddenCode(text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '`') {
      let end = i + 1;
      while (end < text.length && text[end] !== '`') end += text[end] === '\\' ? 2 : 1;
      found.push(text.slice(i + 1, end).replace(/\\([`$\\])/g, '$1'));
      i = end;
    } else if (c === '$' && text[i + 1] === '(') {
      const end = closingParen(text, i + 1);
      found.push(text.slice(i + 2, end));
      i = end;
    }
  }
  return found;
}
