import { describe, expect, it } from 'vitest';
import { defaultRecognisers } from '../../src/condense/index.js';
import { pickRecogniser } from '../../src/condense/recognise.js';

describe('pickRecogniser', () => {
  it.each([
    ['npx tsc -p .', '', 'tsc'],
    ['./node_modules/.bin/eslint src', '', 'eslint'],
    ['CI=1 npx vitest run', '', 'vitest/jest'],
    ['tree -L 3 vitest', '', 'listing'],
    ['node --test --test-reporter=tap', '', 'node --test'],
    ['python3 -m pytest -q', '', 'pytest/unittest'],
    ['cd rs && cargo test --no-fail-fast', '', 'cargo'],
    ['go test ./...', '', 'go'],
    ['make -k', '', 'gcc/make'],
    ['mvn -q package', '', 'javac/maven'],
    ['pnpm install', '', 'npm/pnpm/yarn'],
    ['pip install flask', '', 'pip'],
    ['sudo apt-get install -y tree', '', 'apt'],
    ['docker build .', '', 'docker build'],
    ['git diff HEAD~1', '', 'git diff'],
    ['git log --stat', '', 'git log'],
    ['git status', '', 'git'],
    ['cat app.log | grep ERROR', '', 'matches'],
    ['tail -n 500 server.log', '', 'log'],
    ['npm test', ' RUN  v4.1.12 /repo\n\n ✓ a.test.ts (3 tests)\n', 'vitest/jest'],
    ['./run-checks.sh', 'src/a.ts(3,5): error TS2322: nope\n', 'tsc'],
    // the programs of a command substitution only make an argument of the command around it
    ['npx tsc -p $(ls -d packages/* | head -1)', '', 'tsc'],
    ['eslint `git diff --name-only | grep .js`', '', 'eslint'],
  ])('%s → %s', (command, output, expected) => {
    expect(pickRecogniser(command, output, defaultRecognisers)?.name).toBe(expected === '' ? undefined : expected);
  });

  it('finds none for an unknown tool with plain output', () => {
    expect(pickRecogniser('./frob', 'hello\n', defaultRecognisers)).toBeUndefined();
  });
});
