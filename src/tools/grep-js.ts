import { open, readFile } from 'node:fs/promises';
import { basename, relative } from 'node:path';
import fg from 'fast-glob';
import { minimatch } from 'minimatch';
import { linearRegExp } from '../linear-regexp.js';
import { DEFAULT_SEARCH_IGNORES, displayPath } from './search-paths.js';
import { clipLine, HARD_MATCH_LIMIT, type GrepMatch, type GrepOutcome, type GrepQuery } from './grep-types.js';

const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** The same search as ripgrep's, in JavaScript: fast-glob for the files, minimatch for the globs, a line scan. */
export async function grepWithJs(query: GrepQuery): Promise<GrepOutcome> {
  const regex = compile(query);
  const paths = query.rootIsFile ? [query.root] : await listFiles(query);
  const matches: GrepMatch[] = [];
  let count = 0;
  let files = 0;
  for (const file of paths) {
    const text = await readText(file);
    if (text === undefined) continue;
    const path = displayPath(query.cwd, file);
    let found = false;
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index] as string;
      if (!regex.test(line)) continue;
      found = true;
      count++;
      if (matches.length < query.maxResults) matches.push({ path, line: index + 1, text: clipLine(line) });
      if (count >= HARD_MATCH_LIMIT) return { matches, count, files: files + 1, capped: true };
    }
    if (found) files++;
  }
  return { matches, count, files, capped: false };
}

function compile(query: GrepQuery): RegExp {
  const source = query.fixedStrings ? query.pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : query.pattern;
  return linearRegExp('pattern', source, query.ignoreCase ? 'i' : '') as RegExp;
}

async function listFiles(query: GrepQuery): Promise<string[]> {
  const ignore = query.includeIgnored ? [] : DEFAULT_SEARCH_IGNORES.map((name) => `**/${name}/**`);
  const found = await fg('**/*', {
    cwd: query.root,
    absolute: true,
    dot: true,
    ignore,
    onlyFiles: true,
    followSymbolicLinks: false,
    suppressErrors: true,
  });
  const include = query.globs.filter((glob) => !glob.startsWith('!'));
  const exclude = query.globs.filter((glob) => glob.startsWith('!')).map((glob) => glob.slice(1));
  const matchesGlob = (file: string, glob: string) => {
    const rel = relative(query.root, file).split('\\').join('/');
    return minimatch(rel, glob, { dot: true, matchBase: true }) || minimatch(basename(file), glob, { dot: true });
  };
  return found
    .filter(
      (file) =>
        (include.length === 0 || include.some((glob) => matchesGlob(file, glob))) &&
        !exclude.some((glob) => matchesGlob(file, glob)),
    )
    .sort(comparePaths);
}

/** Folder by folder, as ripgrep's `--sort path` walks: `a/b` before `a-c`. */
export function comparePaths(left: string, right: string): number {
  const a = left.split(/[\\/]/);
  const b = right.split(/[\\/]/);
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const x = a[index] as string;
    const y = b[index] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** The file as text, or undefined for a binary (a NUL in the first 8 KiB), unreadable or huge file. */
async function readText(file: string): Promise<string | undefined> {
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      if (size > MAX_FILE_BYTES) return undefined;
      const head = Buffer.alloc(Math.min(size, 8192));
      await handle.read(head, 0, head.length, 0);
      if (head.includes(0)) return undefined;
    } finally {
      await handle.close();
    }
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}
