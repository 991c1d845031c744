import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { detectMaskedExit } from '../../src/exit/index.js';

const pipeHint = (reader: string, hidden: string) =>
  `\`| ${reader}\` hides any failure of \`${hidden}\`: pass \`pipefail: true\`.`;

describe('detectMaskedExit', () => {
  it.each([
    ['pytest | tail -20', 'pipe', 'pytest', pipeHint('tail', 'pytest')],
    ['npm test 2>&1 | head -50', 'pipe', 'npm test 2>&1', pipeHint('head', 'npm test 2>&1')],
    ['make | grep -i error', 'pipe', 'make', pipeHint('grep', 'make')],
    ['cargo build | tee build.log', 'pipe', 'cargo build', pipeHint('tee', 'cargo build')],
    ['./configure | less', 'pipe', './configure', pipeHint('less', './configure')],
    ['ls -R | sort | uniq', 'pipe', 'ls -R | sort', pipeHint('uniq', 'ls -R | sort')],
    ['find . | wc -l', 'pipe', 'find .', pipeHint('wc', 'find .')],
    ['cat missing.txt | more', 'pipe', 'cat missing.txt', pipeHint('more', 'cat missing.txt')],
    ['a | sudo tee /etc/x', 'pipe', 'a', pipeHint('tee', 'a')],
    [
      'python -m pytest tests/unit/test_something_long.py | tail',
      'pipe',
      'python -m pytest tests/unit/test_someth…',
      pipeHint('tail', 'python -m pytest tests/unit/test_someth…'),
    ],
    ['make; echo done', 'sequence', 'make', '`; echo` hides any failure of `make`: join them with `&&`.'],
    ['make\nprintf "%s\\n" finished', 'sequence', 'make', '`; printf` hides any failure of `make`: join them with `&&`.'],
    ['make || true', 'or-true', 'make', '`|| true` hides any failure of `make`: drop it to see the status.'],
    ['rm x || :', 'or-true', 'rm x', '`|| :` hides any failure of `rm x`: drop it to see the status.'],
    [
      'make && make test || echo failed',
      'or-true',
      'make test',
      '`|| echo failed` hides any failure of `make test`: drop it to see the status.',
    ],
    [
      'npm start &',
      'background',
      'npm start',
      '`npm start &` only says it started: run it as a background job to see its status.',
    ],
  ])('flags %j', (command, kind, hidden, hint) => {
    expect(detectMaskedExit(command)).toEqual({ kind, hidden, hint });
  });

  it.each([
    ['pytest'],
    ['make && echo done'],
    ['make; echo "exit $?"'],
    ['make | tail; echo ${PIPESTATUS[0]}'],
    ['echo "$x" | grep -q y'],
    ['make | xargs rm'],
    ['server & sleep 1; curl localhost'],
    ['if make; then echo ok; fi'],
    ['echo a; echo b'],
    ['printf x; echo done'],
    ['make || echo "failed: $?"'],
  ])('leaves %j alone', (command) => {
    expect(detectMaskedExit(command)).toBeUndefined();
  });

  it('leaves pipes alone under pipefail, from the option or from the command', () => {
    expect(detectMaskedExit('pytest | tail', { pipefail: true })).toBeUndefined();
    expect(detectMaskedExit('set -euo pipefail; pytest | tail')).toBeUndefined();
    expect(detectMaskedExit('pytest | tail; set -o pipefail')?.kind).toBe('pipe');
  });

  it('flags shapes whose real status differs from the one bash reports', () => {
    for (const command of ['false | tail -1', 'false; echo done', 'false || true']) {
      expect(spawnSync('bash', ['-c', command]).status).toBe(0);
      expect(spawnSync('bash', ['-c', `set -o pipefail; ${command.replace(/(; echo done| \|\| true)$/, '')}`]).status).toBe(1);
      expect(detectMaskedExit(command)).toBeDefined();
    }
  });

  it('rejects unknown options', () => {
    expect(() => detectMaskedExit('x', { pipefial: true } as never)).toThrow(
      'Unknown option `pipefial`; expected one of: pipefail',
    );
  });
});
