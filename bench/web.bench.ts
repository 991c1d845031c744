// HTML → Markdown on saved pages: characters and real tokens (gpt-tokenizer o200k) of the Markdown
// against the HTML, and milliseconds per page, for tersh's converter (turndown) and, when they are
// installed (`npm i --no-save node-html-markdown @mozilla/readability linkedom`), the alternatives
// weighed in docs/web.md. The pages: the test fixtures, and the Rust docs of a rustup install if present.
//   npx tsx bench/index.ts web
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer';
import { htmlToMarkdown } from '../src/web/html-to-markdown.js';

type Convert = (html: string) => string | Promise<string>;

const RUST_DOCS = [
  'book/ch01-01-installation.html',
  'rustdoc/write-documentation/documentation-tests.html',
  'std/fs/struct.File.html',
  'std/vec/struct.Vec.html',
];

function pages(): [string, string][] {
  const fixtures = join(process.cwd(), 'test/fixtures/web');
  const found: [string, string][] = readdirSync(fixtures)
    .filter((name) => name.endsWith('.html'))
    .map((name) => [name, readFileSync(join(fixtures, name), 'latin1')]);
  const toolchains = join(homedir(), '.rustup/toolchains');
  const toolchain = existsSync(toolchains)
    ? readdirSync(toolchains).find((name) => existsSync(join(toolchains, name, 'share/doc/rust/html')))
    : undefined;
  if (toolchain)
    for (const page of RUST_DOCS) {
      const path = join(toolchains, toolchain, 'share/doc/rust/html', page);
      if (existsSync(path)) found.push([page.split('/').pop()!, readFileSync(path, 'utf8')]);
    }
  return found;
}

async function alternatives(): Promise<[string, Convert][]> {
  const out: [string, Convert][] = [['tersh (turndown)', htmlToMarkdown]];
  const load = async (name: string): Promise<any> => import(name).catch(() => undefined);
  const nhm = await load('node-html-markdown');
  const readability = await load('@mozilla/readability');
  const linkedom = await load('linkedom');
  if (nhm) {
    const converter = new nhm.NodeHtmlMarkdown({ ignore: ['script', 'style', 'noscript', 'template', 'nav'] });
    out.push(['node-html-markdown', (html) => converter.translate(html)]);
  }
  if (readability && linkedom) {
    out.push([
      'readability + turndown',
      (html) => {
        const article = new readability.Readability(linkedom.parseHTML(html).document).parse();
        return article?.content ? htmlToMarkdown(article.content) : htmlToMarkdown(html);
      },
    ]);
  }
  return out;
}

export default async function bench(): Promise<void> {
  const converters = await alternatives();
  console.log(`converters: ${converters.map(([name]) => name).join(', ')}`);
  for (const [name, html] of pages()) {
    const htmlTokens = encode(html).length;
    const cells: string[] = [];
    for (const [label, convert] of converters) {
      const runs = html.length > 500_000 ? 1 : 3;
      await convert(html);
      const start = performance.now();
      let markdown = '';
      for (let i = 0; i < runs; i++) markdown = await convert(html);
      const ms = (performance.now() - start) / runs;
      const tokens = encode(markdown).length;
      cells.push(
        `${label}: ${(markdown.length / html.length).toFixed(2)}× chars, ${(tokens / htmlTokens).toFixed(2)}× tokens, ${ms.toFixed(0)} ms`,
      );
    }
    console.log(`${name} (${(html.length / 1024).toFixed(0)} KB, ${htmlTokens} tokens) | ${cells.join(' | ')}`);
  }
}
