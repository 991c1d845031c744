// The npm tarball holds what a user needs and nothing else: the build, the grammar wasm with its licence, the docs,
// no source maps to unshipped sources, no tree-sitter-bash C sources. Packed for real from the build, then
// unpacked into a consumer folder whose node_modules has tersh's runtime dependencies only: the grammar loads from
// the shipped wasm, and the .d.ts compile with `types: []` and skipLibCheck off.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  [field: string]: unknown;
};

interface PackResult {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

describe('the npm package', () => {
  // Shared by the tests of this file (made once: packing builds), removed after all of them.
  const made: string[] = [];
  const tempDir = (prefix: string): string => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  let packed: PackResult;
  let packDir: string;

  beforeAll(() => {
    packDir = tempDir('tersh-pack-');
    // CI builds before testing; elsewhere build once here. Packing then skips prepack's second build.
    if (!existsSync(join(root, 'dist/grammar/tree-sitter-bash.wasm')))
      execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
    const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    packed = (JSON.parse(out) as PackResult[])[0]!;
  }, 240_000);

  it('ships the build, the grammar wasm with its licence, the licence, the readme and the docs', () => {
    const paths = packed.files.map((file) => file.path);
    for (const path of [
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/main.js',
      'dist/grammar/tree-sitter-bash.wasm',
      'dist/grammar/LICENSE',
      'LICENSE',
      'README.md',
      'CHANGELOG.md',
      'docs/run.md',
      'package.json',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(readFileSync(join(root, 'node_modules/tree-sitter-bash/tree-sitter-bash.wasm')).length).toBe(
      packed.files.find((file) => file.path === 'dist/grammar/tree-sitter-bash.wasm')!.size,
    );
  });

  it('ships no source maps, sources, tests or grammar C sources', () => {
    const stray = packed.files
      .map((file) => file.path)
      .filter((path) => /\.map$|^src\/|^test\/|^bench\/|^scripts\/|\.c$|\.h$|prebuilds|binding\.gyp/.test(path));
    expect(stray).toEqual([]);
  });

  it('stays small: under 1 MB packed and 4 MB unpacked', () => {
    expect(packed.size).toBeLessThan(1024 * 1024);
    expect(packed.unpackedSize).toBeLessThan(4 * 1024 * 1024);
  });

  it('declares its licence, repository, homepage and bugs, takes tree-sitter-bash at build time only, and names @types/node as a peer', () => {
    expect(manifest).toMatchObject({
      license: 'MIT',
      repository: { type: 'git' },
      homepage: expect.any(String),
      bugs: { url: expect.any(String) },
    });
    expect(manifest.dependencies['tree-sitter-bash']).toBeUndefined();
    expect(manifest.devDependencies['tree-sitter-bash']).toBeDefined();
    expect(manifest.peerDependencies?.['@types/node']).toBeDefined();
  });

  describe('unpacked into a consumer with only the runtime dependencies', () => {
    let consumer: string;

    beforeAll(() => {
      consumer = tempDir('tersh-consumer-');
      const modules = join(consumer, 'node_modules');
      mkdirSync(join(modules, 'tersh'), { recursive: true });
      mkdirSync(join(modules, '@types'), { recursive: true });
      execFileSync('tar', ['-xzf', join(packDir, packed.filename), '-C', join(modules, 'tersh'), '--strip-components=1']);
      for (const dependency of [...Object.keys(manifest.dependencies), '@types/node', 'undici-types']) {
        symlinkSync(join(root, 'node_modules', dependency), join(modules, dependency));
      }
      writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module' }));
    });

    it('plans with the shipped grammar (tree-sitter-bash is not installed)', () => {
      const script = "const { plan } = await import('tersh'); console.log((await plan('rm -rf /tmp/x')).category);";
      expect(() =>
        execFileSync('node', ['-e', "import.meta.resolve('tree-sitter-bash/package.json')", '--input-type=module'], {
          cwd: consumer,
          stdio: 'ignore',
        }),
      ).toThrow();
      expect(execFileSync('node', ['--input-type=module', '-e', script], { cwd: consumer, encoding: 'utf8' }).trim()).toBe(
        'destructive',
      );
    });

    it('type-checks a consumer importing the public names, with `types: []` and skipLibCheck off', () => {
      writeFileSync(
        join(consumer, 'index.ts'),
        [
          "import { createShell, retry, type RunResult, type JobManager, type RetryOptions } from 'tersh';",
          'const shell = createShell({ cwd: process.cwd() });',
          "const result: RunResult = await shell.run('echo hi');",
          'const jobs: JobManager = shell.jobs;',
          "jobs.signal('j1', 'SIGTERM');",
          'const options: RetryOptions<number> = { retries: 1 };',
          'console.log(result.ok, await retry(() => 1, options));',
        ].join('\n'),
      );
      const compilerOptions = {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        types: [],
      };
      writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['index.ts'] }));
      const tsc = join(root, 'node_modules/typescript/bin/tsc');
      expect(() => execFileSync('node', [tsc, '-p', consumer], { cwd: consumer, encoding: 'utf8' })).not.toThrow();
      // A full tsc over node's typings: CPU-bound, so a deadline for a loaded machine.
    }, 180_000);
  });
});
