// The npm tarball holds what a user needs and nothing else: the build, the files copied from build-time packages (the
// grammar wasm, the parser runtime, turndown and its DOM) each with its licence, the docs; no source maps to unshipped
// sources, no C sources. Packed for real from the build, then installed by npm into a fresh consumer: its
// node_modules stays within 15 MB, the copies load, and the .d.ts compile with `types: []` and skipLibCheck off.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('ships the build, the copied grammar, parser runtime, turndown and DOM with their licences, the readme and the docs', () => {
    const paths = packed.files.map((file) => file.path);
    for (const path of [
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/main.js',
      'dist/grammar/tree-sitter-bash.wasm',
      'dist/grammar/LICENSE',
      'dist/vendor/web-tree-sitter/tree-sitter.js',
      'dist/vendor/web-tree-sitter/tree-sitter.wasm',
      'dist/vendor/web-tree-sitter/LICENSE',
      'dist/vendor/turndown/lib/turndown.browser.es.js',
      'dist/vendor/turndown/LICENSE',
      'dist/vendor/domino/lib/index.js',
      'dist/vendor/domino/package.json',
      'dist/vendor/domino/LICENSE',
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

  it('stays small: under 1.25 MB packed and 5 MB unpacked (1.1 MB of it the copied parser runtime, turndown and DOM)', () => {
    expect(packed.size).toBeLessThan(1.25 * 1024 * 1024);
    expect(packed.unpackedSize).toBeLessThan(5 * 1024 * 1024);
  });

  it('declares its licence, repository, homepage and bugs, takes the copied packages at build time only, ssh2 and @types/node as peers', () => {
    expect(manifest).toMatchObject({
      license: 'MIT',
      repository: { type: 'git' },
      homepage: expect.any(String),
      bugs: { url: expect.any(String) },
      peerDependencies: { '@types/node': expect.any(String), ssh2: expect.any(String) },
      peerDependenciesMeta: { ssh2: { optional: true } },
    });
    for (const name of ['tree-sitter-bash', 'web-tree-sitter', 'turndown', '@mixmark-io/domino', 'ssh2']) {
      expect(manifest.dependencies[name], name).toBeUndefined();
      expect(manifest.devDependencies[name], name).toBeDefined();
    }
  });

  describe('installed by npm into a fresh consumer', () => {
    let consumer: string;

    beforeAll(() => {
      consumer = tempDir('tersh-consumer-');
      writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module' }));
      // The registry is the only network npm reaches; what the lockfile already fetched comes from npm's cache.
      execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(packDir, packed.filename)], {
        cwd: consumer,
        stdio: 'ignore',
      });
    }, 240_000);

    // 14 MB, and koffi's 4.3 MB (its prebuilt binary and its sources) since the warm helper spawns through it.
    it('weighs at most 19 MB on disk, its dependencies included', () => {
      const kib = Number(execFileSync('du', ['-sk', join(consumer, 'node_modules')], { encoding: 'utf8' }).split('\t')[0]);
      expect(kib).toBeGreaterThan(1024);
      expect(kib / 1024).toBeLessThanOrEqual(19);
    });

    const runInConsumer = (script: string) =>
      execFileSync('node', ['--input-type=module', '-e', script], { cwd: consumer, encoding: 'utf8' }).trim();

    it('installs none of the packages the build copies from, nor the optional ssh2', () => {
      for (const name of ['tree-sitter-bash', 'web-tree-sitter', 'turndown', '@mixmark-io/domino', 'ssh2']) {
        expect(existsSync(join(consumer, 'node_modules', name)), name).toBe(false);
      }
    });

    it('plans with the shipped parser runtime and grammar', () => {
      expect(runInConsumer("const { plan } = await import('tersh'); console.log((await plan('rm -rf /tmp/x')).category);")).toBe(
        'destructive',
      );
    });

    it('converts a fetched page to Markdown with the shipped turndown and DOM', () => {
      const script = [
        "import { createServer } from 'node:http';",
        "import { webFetch } from 'tersh';",
        "const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Hi</h1><ul><li>one</li></ul>'));",
        "await new Promise((done) => server.listen(0, '127.0.0.1', done));",
        'const page = await webFetch(`http://127.0.0.1:${server.address().port}/`, { allowPrivateAddresses: true });',
        'server.close();',
        'console.log(JSON.stringify(page.result));',
      ].join('\n');
      expect(JSON.parse(runInConsumer(script))).toBe('# Hi\n\n-   one\n');
    });

    it('says to install ssh2 when an SSH executor is used without it', () => {
      const key = '-----BEGIN OPENSSH PRIVATE KEY-----\\nAAAA\\n-----END OPENSSH PRIVATE KEY-----\\n';
      const script = [
        "import { createShell, sshExecutor } from 'tersh';",
        `const shell = createShell({ executor: sshExecutor({ host: '127.0.0.1', port: 1, user: 'x', privateKey: '${key}' }) });`,
        "const outcome = await shell.run('true').then(() => 'ran', (error) => `${error.code}: ${error.message}`);",
        'await shell.close();',
        'console.log(outcome);',
      ].join('\n');
      expect(runInConsumer(script)).toMatch(/^EXECUTOR_UNAVAILABLE: .*npm install ssh2/);
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
