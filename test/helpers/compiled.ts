import { isAbsolute, join, relative } from 'node:path';
import { inject } from 'vitest';

/**
 * The compiled `.js` of a source file of the repository (`src/cli/main.ts`, or an absolute path into it), built once per
 * run by test/setup/compiled.ts: start it with plain `node`, no `--import tsx`.
 */
export function compiled(source: string): string {
  const path = isAbsolute(source) ? relative(process.cwd(), source) : source;
  return join(inject('compiledRoot'), path.replace(/\.ts$/, '.js'));
}
