// Global setup: the sources (and the test hosts) compiled once per run to plain JavaScript (esbuild, no bundling, the
// tree's layout kept), so tests that start the CLI, an example or a host as a real process run it under plain `node`: a cold `tsx` start costs
// 4–5× the CPU of the compiled files (bench: about 2 s against 0.45 s for `tersh --help`), paid by every process.
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import fg from 'fast-glob';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder holding `src/`, `examples/`, `test/fixtures/` and `test/helpers/` compiled to `.js`, with the package's manifest and node_modules. */
    compiledRoot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const repo = process.cwd();
  const root = mkdtempSync(join(tmpdir(), 'tersh-test-js-'));
  await build({
    entryPoints: await fg(['src/**/*.ts', 'examples/**/*.ts', 'test/fixtures/**/*.ts', 'test/helpers/**/*.ts'], {
      cwd: repo,
      absolute: true,
    }),
    outdir: root,
    outbase: repo,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    tsconfig: join(repo, 'tsconfig.build.json'),
    logLevel: 'warning',
  });
  // `../../package.json` from src/cli and src/web, and "type": "module" for the .js files.
  copyFileSync(join(repo, 'package.json'), join(root, 'package.json'));
  symlinkSync(resolve(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  project.provide('compiledRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}
