const DROPPED = /<(script|style|noscript|template|svg|iframe|object|canvas)\b[\s\S]*?<\/\1\s*>/gi;
const BLOCK_END =
  /<\/?(p|div|section|article|li|tr|h[1-6]|pre|br|hr|table|ul|ol|dl|dt|dd|blockquote|header|footer|main|aside)\b[^>]*>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Linear-time text of HTML (tags stripped, blocks on their own lines) for what is too big for the Markdown converter. */
export function stripTags(html: string): string {
  return html
    .replace(DROPPED, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? numericEntity(name) ?? whole)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
}

function numericEntity(name: string): string | undefined {
  const code = name.startsWith('#x')
    ? Number.parseInt(name.slice(2), 16)
    : name.startsWith('#')
      ? Number.parseInt(name.slice(1), 10)
      : Number.NaN;
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}
