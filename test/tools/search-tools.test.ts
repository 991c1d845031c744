import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findExecutable } from '../../src/process/find-executable.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from './helpers/run-shell.js';
import { toolbox } from './helpers/tools.js';

const tempDir = useTempDirs();
const runShell = useShells();
const rg = await findExecutable('rg');

function project(): string {
  const root = tempDir();
  const files: Record<string, string> = {
    'src/app.ts': 'export const answer = 42;\n// TODO: tidy\n',
    'src/lib/util.ts': 'export function todo() {}\nconst TODO = 1;\n',
    'src-old/legacy.js': 'var todo = "TODO later";\n',
    'README.md': '# Demo\nTODO: write docs\n',
    '.github/ci.yml': 'name: ci # TODO\n',
    'node_modules/dep/index.js': 'TODO in a dependency\n',
    '.git/HEAD': 'ref: TODO\n',
    'image.bin': 'TODO\u0000binary',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('sh_glob', () => {
  it('finds files relative to the cwd, sorted, skipping node_modules and .git', async () => {
    const call = toolbox(runShell(project(), tempDir()));
    const result = await call('sh_glob', { pattern: '**/*.{ts,js}' });
    expect(result.body).toEqual({ files: ['src-old/legacy.js', 'src/app.ts', 'src/lib/util.ts'], count: 3 });
  });

  it('caps the list and gives the full count', async () => {
    const call = toolbox(runShell(project(), tempDir()));
    const result = await call('sh_glob', { pattern: ['**/*', '!**/*.md'], max_results: 2, dot: true });
    expect(result.body.files).toHaveLength(2);
    expect(result.body).toMatchObject({ count: 5, truncated: true });
  });

  it('searches from a path, includes ignored folders when asked, and lists folders', async () => {
    const call = toolbox(runShell(project(), tempDir()));
    expect((await call('sh_glob', { pattern: '*.ts', path: 'src' })).body.files).toEqual(['src/app.ts']);
    expect((await call('sh_glob', { pattern: '**/index.js', include_ignored: true })).body.files).toEqual([
      'node_modules/dep/index.js',
    ]);
    expect((await call('sh_glob', { pattern: 'src*', only_directories: true })).body.files).toEqual(['src', 'src-old']);
  });

  it('reports a missing path as an error naming it', async () => {
    const call = toolbox(runShell(project(), tempDir()));
    const result = await call('sh_glob', { pattern: '*', path: 'nowhere' });
    expect(result.isError).toBe(true);
    expect(result.body.error.message).toMatch(/^Expected `path` to be an existing file or folder/);
  });
});

const engines = [
  { name: 'ripgrep', findRipgrep: () => rg, skip: rg === undefined },
  { name: 'js', findRipgrep: () => undefined, skip: false },
];

describe.each(engines)('sh_grep with the $name engine', ({ name, findRipgrep, skip }) => {
  it.skipIf(skip)('finds matching lines with path and number, skipping node_modules, .git and binaries', async () => {
    const call = toolbox(runShell(project(), tempDir()), { findRipgrep });
    const result = await call('sh_grep', { pattern: 'TODO' });
    expect(result.body).toEqual({
      matches: [
        { path: '.github/ci.yml', line: 1, text: 'name: ci # TODO' },
        { path: 'README.md', line: 2, text: 'TODO: write docs' },
        { path: 'src/app.ts', line: 2, text: '// TODO: tidy' },
        { path: 'src/lib/util.ts', line: 2, text: 'const TODO = 1;' },
        { path: 'src-old/legacy.js', line: 1, text: 'var todo = "TODO later";' },
      ],
      count: 5,
      files: 5,
      engine: name,
    });
  });

  it.skipIf(skip)('honours ignore_case, fixed_strings, glob, path and max_results', async () => {
    const call = toolbox(runShell(project(), tempDir()), { findRipgrep });
    const folded = await call('sh_grep', { pattern: 'todo', ignore_case: true, glob: '*.ts', max_results: 2 });
    expect(folded.body).toMatchObject({ count: 3, files: 2, truncated: true });
    expect(folded.body.matches).toEqual([
      { path: 'src/app.ts', line: 2, text: '// TODO: tidy' },
      { path: 'src/lib/util.ts', line: 1, text: 'export function todo() {}' },
    ]);
    const fixed = await call('sh_grep', { pattern: '() {}', fixed_strings: true, path: 'src' });
    expect(fixed.body.matches).toEqual([{ path: 'src/lib/util.ts', line: 1, text: 'export function todo() {}' }]);
    const oneFile = await call('sh_grep', { pattern: '\\d+', path: 'src/app.ts' });
    expect(oneFile.body.matches).toEqual([{ path: 'src/app.ts', line: 1, text: 'export const answer = 42;' }]);
    const excluded = await call('sh_grep', { pattern: 'TODO', glob: ['!*.md', '!*.yml'] });
    expect(excluded.body.count).toBe(3);
  });

  it.skipIf(skip)('searches node_modules when include_ignored is set', async () => {
    const call = toolbox(runShell(project(), tempDir()), { findRipgrep });
    const result = await call('sh_grep', { pattern: 'dependency', include_ignored: true });
    expect(result.body.matches).toEqual([{ path: 'node_modules/dep/index.js', line: 1, text: 'TODO in a dependency' }]);
  });

  it.skipIf(skip)('answers no match with an empty list, not an error', async () => {
    const call = toolbox(runShell(project(), tempDir()), { findRipgrep });
    const result = await call('sh_grep', { pattern: 'absent-everywhere' });
    expect(result.isError).toBe(false);
    expect(result.body).toEqual({ matches: [], count: 0, files: 0, engine: name });
  });

  it.skipIf(skip)('reports an invalid pattern as an error naming it', async () => {
    const call = toolbox(runShell(project(), tempDir()), { findRipgrep });
    const result = await call('sh_grep', { pattern: '(unclosed' });
    expect(result.isError).toBe(true);
    expect(result.body.error.message).toMatch(/^Expected `pattern` to be a valid/);
  });
});
