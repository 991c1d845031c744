// Global setup: the tree compiled once per run (compile-tree.ts), so tests that start the CLI, an example or a host as a
// real process run it under plain `node`. A cold `tsx` start costs several times the CPU of the compiled files, paid by
// every such process (`npm run bench -- test-hosts`).
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { compileTree } from './compile-tree.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder compile-tree.ts made: `src/`, `examples/`, `test/fixtures/` and `test/helpers/` as `.js`. */
    compiledRoot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const root = await compileTree(process.cwd());
  project.provide('compiledRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}
