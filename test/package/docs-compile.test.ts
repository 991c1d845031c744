// The code users copy compiles against the built package: every ```ts block of the README and docs/, and examples/,
// importing `tersh` as a consumer does (the package's own name resolves to dist/ through its `exports`). A page's blocks
// share its imports; each block has its own scope, with what the page leaves to the reader's code declared below.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** What a page's snippets take from the reader's own program (a UI, a folder, the shell made in an earlier block). */
const READER_CONTEXT: Record<string, string> = {
  'README.md': 'declare const message: string; declare const ui: { append(stream: string, line: string): void };',
  'checkpoint.md': "declare const dir: string; declare const store: import('tersh').CheckpointStore;",
  'condense.md':
    "declare const stdout: string; declare const stderr: string; declare const input: Parameters<typeof import('tersh').condense>[0];",
  'expect.md': 'declare const cwd: string;',
  'jobs.md':
    "declare const shell: import('tersh').Shell; declare const job: import('tersh').RunResult; declare const ui: { append(stream: string, line: string): void };",
  'plan.md': "declare const planner: Awaited<ReturnType<typeof import('tersh').createPlanner>>;",
  'pty.md': "declare const shell: import('tersh').Shell;",
  'run.md': 'declare const ui: { append(stream: string, line: string): void };',
  'sandbox.md': 'declare const cwd: string;',
  'shell.md': 'declare const jobId: string;',
  'tools.md': [
    "declare const shell: import('tersh').Shell;",
    "declare const run: import('tersh').ToolDefinition;",
    "declare const tools: import('tersh').ToolDefinition[];",
    "declare const byName: Map<string, import('tersh').ToolDefinition>;",
    "declare const server: import('@modelcontextprotocol/sdk/server/index.js').Server;",
    "declare const model: import('ai').LanguageModel;",
    "import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
  ].join('\n'),
};

/** Blocks that are not code for users to copy, by page and index: what they show instead. */
const NOT_USER_CODE: Record<string, readonly number[]> = {
  'expect.md': [1], // a sketch of run()'s own composition, in internal names
};

const IMPORT = /^import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)';\n/gm;

/** One module per page: the imports of all its blocks merged, then each block in a scope of its own. */
function pageModule(page: string, text: string): string | undefined {
  const skipped = NOT_USER_CODE[page] ?? [];
  const blocks = [...text.matchAll(/^```ts\n(.*?)^```/gms)].map((match) => match[1]!).filter((_, i) => !skipped.includes(i));
  if (blocks.length === 0) return undefined;
  const names = new Map<string, Set<string>>();
  const bodies = blocks.map((block) =>
    block.replace(IMPORT, (_, typeOnly: string | undefined, list: string, from: string) => {
      const set = names.get(from) ?? new Set<string>();
      for (const name of list
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean))
        set.add(typeOnly ? `type ${name}` : name);
      names.set(from, set);
      return '';
    }),
  );
  const imports = [...names].map(([from, set]) => `import { ${[...set].join(', ')} } from '${from}';`);
  return [...imports, READER_CONTEXT[page] ?? '', ...bodies.map((body) => `{\n${body}}`), 'export {};', ''].join('\n');
}

describe('the code of the README, docs/ and examples/', () => {
  let dir: string;

  beforeAll(() => {
    // CI builds before testing; elsewhere build once here (a stale dist/ is the caller's to rebuild).
    if (!existsSync(join(root, 'dist/index.d.ts'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
    mkdirSync(join(root, 'temp'), { recursive: true });
    // Inside the package folder, so that `tersh` is the package itself and the examples' own dependencies resolve.
    dir = mkdtempSync(join(root, 'temp', 'docs-compile-'));
  }, 240_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles against the built package, strict, as a consumer writes it', () => {
    const pages = ['README.md', ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`)];
    const written: string[] = [];
    for (const page of pages) {
      const module = pageModule(basename(page), readFileSync(join(root, page), 'utf8'));
      if (module === undefined) continue;
      writeFileSync(join(dir, `${basename(page, '.md')}.md.ts`), module);
      written.push(page);
    }
    for (const example of readdirSync(join(root, 'examples')).filter((name) => name.endsWith('.ts'))) {
      const text = readFileSync(join(root, 'examples', example), 'utf8');
      expect(text, example).toContain("from '../src/index.js'");
      writeFileSync(join(dir, `example-${example}`), text.replaceAll("from '../src/index.js'", "from 'tersh'"));
      written.push(`examples/${example}`);
    }
    expect(written.length).toBeGreaterThan(15);
    const compilerOptions = {
      target: 'ES2022',
      lib: ['ES2023'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    let output = '';
    try {
      execFileSync('node', [tsc, '-p', dir], { cwd: dir, encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout);
    }
    expect(output.replaceAll(`${dir}/`, '')).toBe('');
  }, 180_000);
});
