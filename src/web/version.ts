import { createRequire } from 'node:module';

/** `tersh/<version>`, read from the package's own package.json (two folders up from src/web and dist/web alike). */
export const DEFAULT_USER_AGENT = `tersh/${(createRequire(import.meta.url)('../../package.json') as { version: string }).version}`;
