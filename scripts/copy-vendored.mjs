// Build step: copies the few files tersh loads from three devDependencies into dist/, each with its licence, so a
// consumer installs none of them: the bash grammar wasm (not tree-sitter-bash's C sources and native prebuilds),
// web-tree-sitter's runtime (not its debug build, maps and C sources) and turndown with the DOM it parses into
// (not domino's 7 MB of tests).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VENDORED = [
  { from: 'tree-sitter-bash', to: 'grammar', files: ['tree-sitter-bash.wasm'], what: 'the bash grammar' },
  {
    from: 'web-tree-sitter',
    to: 'vendor/web-tree-sitter',
    files: ['tree-sitter.js', 'tree-sitter.wasm'],
    what: 'the parser runtime',
  },
  { from: 'turndown', to: 'vendor/turndown', files: ['lib/turndown.browser.es.js'], what: 'the HTML to Markdown converter' },
  // package.json too: it has no "type", so domino's files load as CommonJS under tersh's "type": "module".
  {
    from: '@mixmark-io/domino',
    to: 'vendor/domino',
    files: ['package.json', 'lib/*.js'],
    what: 'the DOM turndown converts from',
  },
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

for (const { from, to, files, what } of VENDORED) {
  // devDependencies are installed at the top of node_modules (web-tree-sitter's exports hide its package.json).
  const source = join(root, 'node_modules', from);
  const target = join(dist, to);
  for (const file of files.flatMap((pattern) => expand(source, pattern))) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(join(source, file), join(target, file));
  }
  const { version, repository } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  const url = typeof repository === 'string' ? repository : repository?.url;
  const notice = `${files.join(', ')}: ${what}, from ${from} ${version} (${url}), under this licence:\n\n`;
  writeFileSync(join(target, 'LICENSE'), notice + readFileSync(join(source, 'LICENSE'), 'utf8'));
}

/** A file name, or `dir/*.js`: every file of that folder with that ending. */
function expand(source, pattern) {
  const star = pattern.indexOf('*');
  if (star < 0) return [pattern];
  const folder = dirname(pattern);
  const ending = pattern.slice(star + 1);
  return readdirSync(join(source, folder))
    .filter((name) => name.endsWith(ending))
    .map((name) => join(folder, name));
}
