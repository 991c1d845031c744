// The sources and the test hosts compiled to plain JavaScript (esbuild, no bundling, the tree's layout kept), in a
// fresh temp folder that also holds the package's manifest and a link to node_modules, so `node <folder>/src/cli/main.js`
// runs as `dist/cli/main.js` does.
import { copyFileSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import fg from 'fast-glob';

export const COMPILED_SOURCES = ['src/**/*.ts', 'examples/**/*.ts', 'test/fixtures/**/*.ts', 'test/helpers/**/*.ts'];

/** Compiles {@link COMPILED_SOURCES} of `repo`; returns the folder, which the caller removes. */
export async function compileTree(repo: string): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'tersh-test-js-'));
  await build({
    entryPoints: await fg(COMPILED_SOURCES, { cwd: repo, absolute: true }),
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
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}
