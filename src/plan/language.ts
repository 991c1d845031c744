import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as TreeSitter from 'web-tree-sitter';
import type { Language, Parser } from 'web-tree-sitter';
import { TershError } from '../errors.js';
import { withBaselineWasm } from './wasm-tiering.js';

// The wasm language is immutable once loaded: one load per process.
let languagePromise: Promise<Language> | undefined;

/**
 * The grammar: the copy the build puts beside the compiled code (dist/grammar/, what the package ships), else, when
 * running from the sources, the devDependency's.
 */
function grammarPath(): string {
  const shipped = fileURLToPath(new URL('../grammar/tree-sitter-bash.wasm', import.meta.url));
  return existsSync(shipped) ? shipped : createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
}

/** The runtime the build copies into dist/vendor/ (the package depends on nothing for it), else the devDependency. */
async function loadRuntime(): Promise<typeof TreeSitter> {
  const shipped = new URL('../vendor/web-tree-sitter/tree-sitter.js', import.meta.url);
  return existsSync(fileURLToPath(shipped)) ? (import(shipped.href) as Promise<typeof TreeSitter>) : import('web-tree-sitter');
}

function loadLanguage(): Promise<Language> {
  languagePromise ??= withBaselineWasm(async () => {
    const { Language, Parser } = await loadRuntime();
    await Parser.init();
    return Language.load(grammarPath());
  }).catch((error: unknown) => {
    languagePromise = undefined;
    throw new TershError('PARSER_UNAVAILABLE', `Could not load the bash grammar: ${(error as Error).message}`, { cause: error });
  });
  return languagePromise;
}

/** A fresh tree-sitter parser set to the bash grammar. */
export async function createBashParser(): Promise<Parser> {
  const language = await loadLanguage();
  const { Parser } = await loadRuntime();
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}
