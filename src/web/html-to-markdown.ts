import type TurndownService from 'turndown';
import { stripTags } from './strip-tags.js';
import { addTableRules } from './table-rules.js';

/** Elements dropped whole: code and styling, embedded frames and pictures, and page navigation. */
const DROPPED_ELEMENTS = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'canvas',
  'svg',
  'nav',
  'head',
  'title',
] as const;

/**
 * HTML past this many characters is not given to turndown, which blocks the event loop about 0.5 s per MB
 * (26 s for 10 MB on a loaded 2-core machine); the rest is converted as plain text, in linear time.
 */
export const MARKDOWN_HTML_CHARS = 1024 * 1024;

/**
 * HTML → Markdown with turndown (ATX headings, fenced code). Measured on saved Rust documentation pages
 * (docs/web.md): 22–50 % of the HTML's characters, 40 ms for 30 KB and about 0.5 s for a 940 KB page.
 */
export async function htmlToMarkdown(html: string, maxChars = MARKDOWN_HTML_CHARS): Promise<string> {
  // Loaded on first use: importing tersh does not load turndown's DOM unless a page is converted.
  const { default: Turndown } = await import('turndown');
  const convert = (part: string) => convertWith(Turndown, part);
  if (html.length <= maxChars) return convert(html);
  const cut = Math.max(html.lastIndexOf('<', maxChars), maxChars / 2);
  const note = `[… the HTML past ${maxChars} characters is shown as plain text (tags stripped), not as Markdown …]`;
  return `${convert(html.slice(0, cut)).trimEnd()}\n\n${note}\n\n${stripTags(html.slice(cut)).trim()}\n`;
}

function convertWith(Turndown: typeof TurndownService, html: string): string {
  const converter = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' });
  addTableRules(converter);
  converter.remove([...DROPPED_ELEMENTS] as TurndownService.Filter);
  converter.remove((node) => node.getAttribute?.('role') === 'navigation' || node.getAttribute?.('aria-hidden') === 'true');
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  const markdown = converter
    .turndown(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return title && !markdown.replace(/^#+ /, '').startsWith(decodeEntities(title))
    ? `# ${decodeEntities(title)}\n\n${markdown}\n`
    : `${markdown}\n`;
}

function decodeEntities(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#39|nbsp);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[name] ?? '',
  );
}
