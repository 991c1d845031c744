import { describe, expect, it } from 'vitest';
import { classifyExit } from '../../src/exit/index.js';
import { interpretOutcome } from '../../src/run/interpret-outcome.js';
import type { ProcessOutcome } from '../../src/run/process-handle.js';

const exitedZero: ProcessOutcome = {
  exit: 0,
  signal: null,
  timedOut: false,
  canceled: false,
  ms: 1,
  leftoverPids: [],
  escapeePids: [],
  leftoversKept: false,
};

// Exit 0 of a command with no separator skips the classifier: it must read exactly as the classifier reads it.
describe('the reading of an exit 0', () => {
  it.each([
    'true',
    'make build',
    'ls -la /tmp',
    'git status --short',
    'echo "a b"',
    'make | tee build.log',
    'make || true',
    'make; echo done',
    'sleep 1 &',
    'make\necho done',
  ])('agrees with classifyExit for `%s`', (command) => {
    const classified = classifyExit({ command, exitCode: 0, signal: null, timedOut: false, stderr: '', pipefail: false });
    const meaning = interpretOutcome(command, exitedZero, '', { pipefail: false });
    expect(meaning).toEqual({ ok: true, status: 'ok', ...(classified.hint ? { hint: classified.hint } : {}) });
  });
});
