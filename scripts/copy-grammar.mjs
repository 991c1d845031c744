// Build step: copies the one file tersh loads from tree-sitter-bash (a devDependency), the grammar wasm, into
// dist/grammar/ with its licence, so the package does not bring the grammar's C sources and native prebuilds.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const grammarDir = dirname(require.resolve('tree-sitter-bash/package.json'));
const { version } = JSON.parse(readFileSync(join(grammarDir, 'package.json'), 'utf8'));
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'grammar');

mkdirSync(target, { recursive: true });
copyFileSync(join(grammarDir, 'tree-sitter-bash.wasm'), join(target, 'tree-sitter-bash.wasm'));
const notice = `tree-sitter-bash.wasm is the bash grammar of tree-sitter-bash ${version}\n(https://github.com/tree-sitter/tree-sitter-bash), under this licence:\n\n`;
writeFileSync(join(target, 'LICENSE'), notice + readFileSync(join(grammarDir, 'LICENSE'), 'utf8'));
