import { describe, expect, it } from 'vitest';
import { createLineReader } from '../../src/trace/line.js';
import { socketAddresses } from '../../src/trace/sockaddr.js';
import { annotatedPath, quotedString, splitArgs, unescapeStrace } from '../../src/trace/syntax.js';

describe('strace notation', () => {
  it.each([
    ['plain', 'plain'],
    ['a\\"b', 'a"b'],
    ['tab\\there', 'tab\there'],
    ['\\303\\251t\\303\\251', 'été'],
    ['\\xc3\\xa9', 'é'],
    ['back\\\\slash', 'back\\slash'],
    ['gt\\76', 'gt>'],
  ])('unescapes %s', (input, expected) => {
    expect(unescapeStrace(input)).toBe(expected);
  });

  it.each([
    ['"a, b"', 'a, b'],
    ['"cut short"...', undefined],
    ['AT_FDCWD', undefined],
  ])('reads the quoted string %s', (input, expected) => {
    expect(quotedString(input)).toBe(expected);
  });

  it.each([
    ['AT_FDCWD</tmp/a, b>, "x, y", O_RDONLY', ['AT_FDCWD</tmp/a, b>', '"x, y"', 'O_RDONLY']],
    ['3<TCP:[1]>, {sa_family=AF_INET, sin_port=htons(80)}, 16', ['3<TCP:[1]>', '{sa_family=AF_INET, sin_port=htons(80)}', '16']],
    ['"/bin/ls", ["ls", "-l"], 0x7ff /* 3 vars */', ['"/bin/ls"', '["ls", "-l"]', '0x7ff /* 3 vars */']],
    ['-1, [{WIFEXITED(s) && WEXITSTATUS(s) == 0}], 0, NULL', ['-1', '[{WIFEXITED(s) && WEXITSTATUS(s) == 0}]', '0', 'NULL']],
  ])('splits %s at top-level commas', (input, expected) => {
    expect(splitArgs(input)).toEqual(expected);
  });

  it.each([
    ['3</tmp/xx1>', '/tmp/xx1'],
    ['AT_FDCWD</work dir>', '/work dir'],
    ['3</dev/null<char 1:3>>', '/dev/null'],
    ['3<TCP:[11983]>', undefined],
    ['3<pipe:[123]>', undefined],
    ['0', undefined],
    ['-1 ENOENT (No such file or directory)', undefined],
  ])('reads the annotated path of %s', (input, expected) => {
    expect(annotatedPath(input)).toBe(expected);
  });

  it.each([
    [
      'connect(3<TCP:[1]>, {sa_family=AF_INET, sin_port=htons(8080), sin_addr=inet_addr("127.0.0.1")}, 16',
      false,
      ['127.0.0.1:8080'],
    ],
    [
      'sendto(5<UDPv6:[2]>, "x", 1, 0, {sa_family=AF_INET6, sin6_port=htons(53), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "::1", &sin6_addr), sin6_scope_id=0}, 28',
      true,
      ['[::1]:53'],
    ],
    ['connect(3<UNIX:[3]>, {sa_family=AF_UNIX, sun_path="/var/run/nscd/socket"}, 110', false, []],
    ['connect(3<UNIX:[3]>, {sa_family=AF_UNIX, sun_path="/run/docker.sock"}, 110', true, ['unix:/run/docker.sock']],
    ['sendto(4<UDP:[4]>, "x", 1, 0, NULL, 0', true, []],
  ])('finds socket addresses in %s', (args, succeeded, expected) => {
    expect(socketAddresses(args, succeeded)).toEqual(expected);
  });
});

describe('the line reader', () => {
  it('joins an unfinished call with its resumption', () => {
    const read = createLineReader();
    expect(read('4905  execve("/usr/bin/mv", ["mv", "a", "b"], 0x56 /* 39 vars */ <unfinished ...>')).toBeUndefined();
    expect(read('4904  wait4(-1,  <unfinished ...>')).toBeUndefined();
    expect(read('4905  <... execve resumed>)             = 0')).toEqual({
      pid: 4905,
      name: 'execve',
      args: '"/usr/bin/mv", ["mv", "a", "b"], 0x56 /* 39 vars */',
      result: '0',
    });
  });

  it('reports a fork that has not returned yet, so the next new pid knows its parent', () => {
    expect(createLineReader()('4904  vfork( <unfinished ...>')).toMatchObject({ pid: 4904, name: 'vfork' });
  });

  it.each([
    ['4906  unlinkat(AT_FDCWD</tmp>, "/tmp/xx2", 0) = 0', { pid: 4906, name: 'unlinkat', result: '0' }],
    [
      'openat(AT_FDCWD</t>, "a) = b", O_RDONLY) = -1 ENOENT (No such file or directory)',
      { pid: 0, name: 'openat', args: 'AT_FDCWD</t>, "a) = b", O_RDONLY' },
    ],
    ['4904  --- SIGCHLD {si_signo=SIGCHLD} ---', undefined],
    ['4904  +++ exited with 0 +++', undefined],
    ['4905  exit_group(0)                     = ?', { name: 'exit_group', result: '?' }],
  ])('reads %s', (line, expected) => {
    const event = createLineReader()(line);
    if (expected === undefined) expect(event).toBeUndefined();
    else expect(event).toMatchObject(expected);
  });
});
