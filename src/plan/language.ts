import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import { TershError } from '../errors.js';
import { withBaselineWasm } from './wasm-tiering.js';

// The wasm language is immutable once loaded: one load per process.
let languagePromise: Promise<Language> | undefined;

function loadLanguage(): Promise<Language> {
  languagePromise ??= withBaselineWasm(async () => {
    const require = createRequire(import.meta.url);
    await Parser.init();
    return Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
  }).catch((error: unknown) => {
    languagePromise = undefined;
    throw new TershError('PARSER_UNAVAILABLE', `Could not load the bash grammar: ${(error as Error).message}`, { cause: error });
  });
  return languagePromise;
}

/** A fresh tree-sitter parser set to the bash grammar. */
export async function createBashParser(): Promise<Parser> {
  const language = await loadLanguage();
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}
