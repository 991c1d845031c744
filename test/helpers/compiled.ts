import { join } from 'node:path';
import { inject } from 'vitest';

/** The compiled `.js` of a source file of the repository (`src/cli/main.ts`), built once per run by test/setup/compiled.ts. */
export function compiled(source: string): string {
  return join(inject('compiledRoot'), source.replace(/\.ts$/, '.js'));
}
