import { describe, expect, it } from 'vitest';
import { directArgv } from '../../src/run/direct-argv.js';

describe('directArgv', () => {
  it.each([
    ['true', ['true']],
    ['ls -la /tmp', ['ls', '-la', '/tmp']],
    ['echo "hello world"', ['echo', 'hello world']],
    ["grep 'a b' file.txt", ['grep', 'a b', 'file.txt']],
    ['git commit -m "fix: the bug"', ['git', 'commit', '-m', 'fix: the bug']],
    ['node   script.js  ', ['node', 'script.js']],
    ['printf ""', ['printf', '']],
  ])('splits %j into an argv', (command, argv) => {
    expect(directArgv(command)).toEqual(argv);
  });

  it.each([
    'ls | head',
    'make && make test',
    'a; b',
    'echo hi > out.txt',
    'cat < in.txt',
    'echo $HOME',
    'echo "$HOME"',
    'echo `date`',
    'echo $(date)',
    'ls *.ts',
    'ls file?.txt',
    'ls [ab].txt',
    'echo {a,b}',
    'cd ~',
    'FOO=1 node x.js',
    'cd sub',
    'export A=1',
    'source env.sh',
    'echo hi # comment',
    'sleep 1 &',
    'echo "unterminated',
    'echo a\\ b',
    'for i in 1 2; do echo $i; done',
    'line1\nline2',
    '',
  ])('sends %j through a shell', (command) => {
    expect(directArgv(command)).toBeUndefined();
  });
});
