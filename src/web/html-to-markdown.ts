import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  const converter = await loadConverter();
  const convert = (part: string) => convertWith(converter, part);
  if (html.length <= maxChars) return convert(html);
  const cut = Math.max(html.lastIndexOf('<', maxChars), maxChars / 2);
  const note = `[… the HTML past ${maxChars} characters is shown as plain text (tags stripped), not as Markdown …]`;
  return `${convert(html.slice(0, cut)).trimEnd()}\n\n${note}\n\n${stripTags(html.slice(cut)).trim()}\n`;
}

interface Converter {
  Turndown: typeof TurndownService;
  parse(html: string): Document;
}

/** The DOM parsed into: enough of the Document the project builds without (no DOM library). */
interface Document {
  getElementById(id: string): TurndownService.Node;
}

/**
 * turndown's DOM-less build and domino, as the build copies them into dist/vendor/ (the package depends on neither),
 * else the devDependencies. Parsed here, wrapped as turndown wraps a string, so the Markdown is turndown's own.
 */
async function loadConverter(): Promise<Converter> {
  const vendored = (path: string, fallback: string) => {
    const shipped = new URL(`../vendor/${path}`, import.meta.url);
    return existsSync(fileURLToPath(shipped)) ? shipped.href : fallback;
  };
  const [turndown, domino] = await Promise.all([
    import(vendored('turndown/lib/turndown.browser.es.js', 'turndown')),
    import(vendored('domino/lib/index.js', '@mixmark-io/domino')),
  ]);
  const { createDocument } = (domino.default ?? domino) as { createDocument(html: string): Document };
  return { Turndown: turndown.default as typeof TurndownService, parse: createDocument };
}

function convertWith({ Turndown, parse }: Converter, html: string): string {
  const converter = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' });
  addTableRules(converter);
  converter.remove([...DROPPED_ELEMENTS] as TurndownService.Filter);
  converter.remove((node) => node.getAttribute?.('role') === 'navigation' || node.getAttribute?.('aria-hidden') === 'true');
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  const markdown = converter
    .turndown(parse(`<x-turndown id="turndown-root">${html}</x-turndown>`).getElementById('turndown-root'))
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
