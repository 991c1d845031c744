// Reading strace's C-like notation: quoted strings, argument lists, `-y` fd annotations.

const simpleEscapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', v: '\v', f: '\f', '"': '"', '\\': '\\' };

/** Decodes the escapes strace uses in strings and `-y` paths: \n \t \" \\ \xHH and octal \NNN. */
export function unescapeStrace(text: string): string {
  if (!text.includes('\\')) return text;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (char !== '\\' || i + 1 >= text.length) {
      bytes.push(...Buffer.from(char));
      continue;
    }
    const next = text[i + 1] as string;
    const hex = next === 'x' ? /^[0-9a-fA-F]{1,2}/.exec(text.slice(i + 2)) : null;
    const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1));
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 1 + hex[0].length;
    } else if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += octal[0].length;
    } else {
      bytes.push(...Buffer.from(simpleEscapes[next] ?? next));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The string inside a quoted argument (`"a\"b"` → `a"b`), or undefined when it is not one (or was cut short with `...`). */
export function quotedString(arg: string | undefined): string | undefined {
  if (arg === undefined || arg.length < 2 || !arg.startsWith('"') || !arg.endsWith('"')) return undefined;
  return unescapeStrace(arg.slice(1, -1));
}

/** Splits `a, "b, c", {d, e}, f</x, y>` at top-level commas. */
export function splitArgs(text: string): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '(' || char === '[' || char === '{') depth += 1;
    else if (char === '<' && i > 0 && /[\w]/.test(text[i - 1] as string)) depth += 1;
    else if ((char === ')' || char === ']' || char === '}' || char === '>') && depth > 0) depth -= 1;
    else if (char === ',' && depth === 0) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last.length > 0 || args.length > 0) args.push(last);
  return args;
}

/**
 * The path in a `-y` annotation: `3</tmp/a>` or `AT_FDCWD</tmp>` → `/tmp/a`; `3</dev/null<char 1:3>>` → `/dev/null`.
 * Sockets (`3<TCP:[…]>`) and pipes give undefined.
 */
export function annotatedPath(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const open = text.indexOf('<');
  if (open < 0 || !text.endsWith('>')) return undefined;
  let inner = text.slice(open + 1, -1);
  const device = /<(?:char|block) \d+:\d+>$/.exec(inner);
  if (device) inner = inner.slice(0, device.index);
  if (!inner.startsWith('/')) return undefined;
  return unescapeStrace(inner);
}
