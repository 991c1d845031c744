import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyExit } from '../../src/exit/index.js';
import type { ExitClassification } from '../../src/exit/index.js';

let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tersh-exit-'));
  writeFileSync(join(dir, 'a.txt'), 'alpha\nbeta\n');
  writeFileSync(join(dir, 'b.txt'), 'alpha\ngamma\n');
  writeFileSync(join(dir, 'noexec.sh'), '#!/bin/sh\necho hi\n');
  chmodSync(join(dir, 'noexec.sh'), 0o644);
  writeFileSync(join(dir, 'mytool'), '#!/bin/sh\nexit 3\n');
  chmodSync(join(dir, 'mytool'), 0o755);
  const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir });
  git('init', '-q');
  git('add', 'a.txt');
  git('commit', '-qm', 'init');
  writeFileSync(join(dir, 'a.txt'), 'alpha\nchanged\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runReal(command: string, pipefail = false): ExitClassification & { exit: number | null } {
  const result = spawnSync('bash', ['-c', command], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 10_000,
    env: { ...process.env, PATH: `${dir}:${process.env.PATH ?? ''}` },
  });
  return {
    exit: result.status,
    ...classifyExit({ command, exitCode: result.status, signal: result.signal, stderr: result.stderr, pipefail }),
  };
}

const okWith = (message: string) => ({ status: 'ok', message });
const error = (message?: string) => (message === undefined ? { status: 'error' } : { status: 'error', message });

// [command, exit code seen, expected classification (hint left out)]
const realCases: [string, number | null, object][] = [
  ['grep zzz a.txt', 1, okWith('No matches found')],
  ['grep alpha a.txt', 0, { status: 'ok' }],
  ['grep -E "zz+" a.txt', 1, okWith('No matches found')],
  ['rg zzz a.txt', 1, okWith('No matches found')],
  ['grep zzz missing.txt', 2, error('Search failed: a file was unreadable or the pattern is invalid')],
  ['git grep zzz', 1, okWith('No matches found')],
  ['find /proc/1/map_files', 1, okWith('Some paths could not be read or do not exist (see stderr)')],
  ['find ./no-such-dir -name x', 1, okWith('Some paths could not be read or do not exist (see stderr)')],
  ['diff a.txt b.txt', 1, okWith('Files differ')],
  ['diff a.txt missing.txt', 2, error('Comparison failed: a file is missing or unreadable')],
  ['cmp a.txt b.txt', 1, okWith('Files differ')],
  ['git diff --exit-code', 1, okWith('Differences found')],
  ['git -C . diff --quiet a.txt', 1, okWith('Differences found')],
  ['git diff --no-index a.txt b.txt', 1, okWith('Differences found')],
  ['test -f missing.txt', 1, okWith('Condition is false')],
  ['[ -d missing.txt ]', 1, okWith('Condition is false')],
  ['[[ -f missing.txt && -f a.txt ]]', 1, okWith('Condition is false')],
  ['(( 2 - 2 ))', 1, okWith('Arithmetic expression is zero (false)')],
  ['test 1 -eq', 2, error('Invalid test expression')],
  ['curl -sS http://127.0.0.1:9/', 7, error('Failed to connect to host')],
  ["curl -sS 'http://[bad'", 3, error('Malformed URL')],
  ["curl -sS 'htp://x'", 1, error('Unsupported protocol')],
  ['ssh -o BatchMode=yes -o ConnectTimeout=2 -p 9 127.0.0.1 true', 255, error('SSH connection or authentication failed')],
  ['timeout 0.2 sleep 5', 124, { status: 'timeout', message: 'Timed out: timeout(1) stopped the command' }],
  ['timeout 5 grep zzz a.txt', 1, okWith('No matches found')],
  ['env LC_ALL=C grep zzz a.txt', 1, okWith('No matches found')],
  ['FOO=1 nice -n 5 grep zzz a.txt', 1, okWith('No matches found')],
  ['nohup grep zzz a.txt', 1, okWith('No matches found')],
  ['stdbuf -oL grep zzz a.txt', 1, okWith('No matches found')],
  ['command grep zzz a.txt', 1, okWith('No matches found')],
  ['exec grep zzz a.txt', 1, okWith('No matches found')],
  ['time -p grep zzz a.txt', 1, okWith('No matches found')],
  ['/usr/bin/grep zzz a.txt', 1, okWith('No matches found')],
  ['bash -c "grep zzz a.txt"', 1, okWith('No matches found')],
  ['echo a.txt | xargs grep zzz', 123, error('A command run by xargs failed (exit 1-125)')],
  ['mytool', 3, error()],
  ['nosuchcmd_tersh --flag', 127, error('Command not found: nosuchcmd_tersh')],
  ['env nosuchcmd_tersh', 127, error('Command not found: nosuchcmd_tersh')],
  ['timeout 5 nosuchcmd_tersh', 127, error('Command not found: nosuchcmd_tersh')],
  ['echo x | xargs nosuchcmd_tersh', 127, error('Command not found: nosuchcmd_tersh')],
  ['sh -c nosuchcmd_tersh', 127, error('Command not found: nosuchcmd_tersh')],
  ['./missing.sh', 127, error('Command not found: ./missing.sh')],
  ['./noexec.sh', 126, error('Cannot execute ./noexec.sh: Permission denied')],
  ['kill -9 $$', null, { status: 'signal', message: 'Killed by SIGKILL' }],
  [
    "sh -c 'kill -SEGV $$' && echo never",
    139,
    { status: 'signal', message: 'Killed by SIGSEGV (segmentation fault) (exit 139)' },
  ],
  ['set -o pipefail; yes | head -1', 141, okWith('Stopped by SIGPIPE after `head` closed the pipe (benign)')],
  ['set -eo pipefail; cat a.txt | grep zzz', 1, okWith('No matches found')],
  ['set -o pipefail; false | cat', 1, error()],
  [
    'set -o pipefail; (echo FAILED; exit 1) | grep FAILED',
    1,
    error('Exit 1 is ambiguous: "No matches found" from `grep`, or a failure of `(echo FAILED; exit 1)`'),
  ],
  ['(echo FAILED; exit 1) | grep zzz', 1, okWith('No matches found')],
  ['cd . && grep zzz a.txt', 1, okWith('No matches found')],
  ['cd ./no-such-dir && grep zzz a.txt', 1, error('Exit 1 is ambiguous: "No matches found" from `grep`, or a failure of `cd`')],
  ['false && grep zzz a.txt', 1, error('Exit 1 is ambiguous: "No matches found" from `grep`, or a failure of `false`')],
  ['grep zzz a.txt || grep zzz b.txt', 1, okWith('No matches found')],
  ['grep zzz a.txt; false', 1, error()],
  ['! grep -q alpha a.txt', 1, error()],
  ['grep -q zzz a.txt || echo missing', 0, { status: 'ok' }],
];

// Tools a bare machine may lack (.ci/run installs them); their rows are skipped, visibly, without them.
const optionalTools = ['rg', 'curl', 'ssh'];
const installed = (tool: string) => spawnSync('bash', ['-c', `command -v ${tool}`]).status === 0;
const missingTools = new Set(optionalTools.filter((tool) => !installed(tool)));
const needsMissing = ([command]: (typeof realCases)[number]) => missingTools.has(command.split(' ')[0] as string);

describe('classifyExit on real commands', () => {
  it.each(realCases.filter((row) => !needsMissing(row)))('reads `%s` (exit %s)', (command, exit, expected) => {
    const { exit: seen, hint: _hint, ...classification } = runReal(command);
    expect(seen).toBe(exit);
    expect(classification).toEqual(expected);
  });
  it.skip.each(realCases.filter(needsMissing))('reads `%s` (exit %s) [tool not installed]', () => undefined);
});

// Programs absent here (sudo, wget) and inputs no real run produces.
const dataCases: [string, Parameters<typeof classifyExit>[0], object][] = [
  ['sudo passes the status through', { command: 'sudo -u root grep x f', exitCode: 1 }, okWith('No matches found')],
  ['sudo -l runs no command', { command: 'sudo -l grep', exitCode: 1 }, error()],
  ['wget names a network failure', { command: 'wget -q https://example.com', exitCode: 4 }, error('Network failure')],
  [
    'our own timeout comes first',
    { command: 'grep x f', exitCode: null, signal: 'SIGKILL', timedOut: true },
    { status: 'timeout', message: 'Timed out' },
  ],
  ['no code and no signal is an error', { command: 'x', exitCode: null }, error('No exit code')],
  [
    '130 is SIGINT',
    { command: 'make', exitCode: 130 },
    { status: 'signal', message: 'Killed by SIGINT (interrupted) (exit 130)' },
  ],
  [
    '141 with no reader after it is a signal',
    { command: 'producer', exitCode: 141 },
    { status: 'signal', message: 'Killed by SIGPIPE (broken pipe) (exit 141)' },
  ],
  ['127 without stderr names the program', { command: 'FOO=1 nosuch arg', exitCode: 127 }, error('Command not found: nosuch')],
  [
    'a caller rule comes first',
    { command: 'mytool --x', exitCode: 3, rules: [{ programs: ['mytool'], codes: [3], status: 'ok', message: 'Nothing to do' }] },
    okWith('Nothing to do'),
  ],
  [
    'a caller wrapper is seen through',
    { command: 'retry-it -n 3 grep x f', exitCode: 1, wrappers: [{ programs: ['retry-it'], valueOptions: ['-n'] }] },
    okWith('No matches found'),
  ],
  ['a compound command gets the generic reading', { command: 'if true; then grep x f; fi', exitCode: 1 }, error()],
  [
    'a loud command with unknown stderr stays a suspect',
    { command: 'cd dir && grep x f', exitCode: 1 },
    error('Exit 1 is ambiguous: "No matches found" from `grep`, or a failure of `cd`'),
  ],
  [
    'pipefail passed in makes earlier segments suspects',
    { command: 'pytest | grep FAIL', exitCode: 1, pipefail: true },
    error('Exit 1 is ambiguous: "No matches found" from `grep`, or a failure of `pytest`'),
  ],
  [
    'set +o pipefail switches it off again',
    { command: 'set -o pipefail; set +o pipefail; pytest | grep FAIL', exitCode: 1 },
    okWith('No matches found'),
  ],
];

describe('classifyExit on given inputs', () => {
  it.each(dataCases)('%s', (_title, input, expected) => {
    const { hint: _hint, ...classification } = classifyExit(input);
    expect(classification).toEqual(expected);
  });

  it('adds the masked-exit hint to the classification', () => {
    expect(classifyExit({ command: 'pytest | tail -5', exitCode: 0 }).hint).toBe(
      '`| tail` hides any failure of `pytest`: pass `pipefail: true`.',
    );
    expect(classifyExit({ command: 'pytest | tail -5', exitCode: 0, pipefail: true }).hint).toBeUndefined();
  });

  it.each([
    [{ command: 5, exitCode: 0 }, 'Expected `command` to be a string, got `5` (number)'],
    [{ command: 'x', exitCode: -1 }, 'Expected `exitCode` to be a non-negative integer or null, got `-1` (number)'],
    [
      { command: 'x', exitCode: 0, colour: true },
      'Unknown option `input.colour`; expected one of: command, exitCode, signal, timedOut, stderr, pipefail, rules, wrappers',
    ],
    [
      { command: 'x', exitCode: 1, rules: [{ programs: ['x'], codes: [300], status: 'ok', message: 'm' }] },
      'Expected `rules[0].codes[0]` to be an integer from 0 to 255, got `300` (number)',
    ],
    [
      { command: 'x', exitCode: 1, rules: [{ programs: [], codes: [1], message: 'm' }] },
      'Expected `rules[0].programs` to be a non-empty array of strings, got `[]` (array)',
    ],
    [
      { command: 'x', exitCode: 1, rules: [{ programs: ['x'], codes: [1], status: 'fine', message: 'm' }] },
      "Expected `rules[0].status` to be one of 'ok', 'error', 'signal', 'timeout', got `fine` (string)",
    ],
  ])('rejects invalid input %#', (input, message) => {
    expect(() => classifyExit(input as never)).toThrow(new TypeError(message));
  });
});
