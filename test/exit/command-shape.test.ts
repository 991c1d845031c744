import { describe, expect, it } from 'vitest';
import { parseCommandShape } from '../../src/exit/index.js';

const words = (command: string) => parseCommandShape(command).segments.map((segment) => segment.words);

describe('parseCommandShape', () => {
  it.each([
    ['a | b && c || d; e & f', [['a'], ['b'], ['c'], ['d'], ['e'], ['f']], ['|', '&&', '||', ';', '&']],
    ['a |& b', [['a'], ['b']], ['|&']],
    ['a\nb', [['a'], ['b']], [';']],
    ['a &&\n b', [['a'], ['b']], ['&&']],
    ['echo \'a;b\' "c|d" e\\&f', [['echo', 'a;b', 'c|d', 'e&f']], []],
    ['echo "$(a; b)" $(c | d) `e; f`', [['echo', '$(a; b)', '$(c | d)', '`e; f`']], []],
    ['echo ${x:-a;b} $((1|2))', [['echo', '${x:-a;b}', '$((1|2))']], []],
    ['make 2>&1 >out.log | tail -n 3', [['make'], ['tail', '-n', '3']], ['|']],
    ['cmd &>all.log; x 2>/dev/null', [['cmd'], ['x']], [';']],
    ['cat <<EOF | grep x\na; b | c\nEOF\nls', [['cat'], ['grep', 'x'], ['ls']], ['|', ';']],
    ["cat <<-'END'\n\ta && b\n\tEND\nls", [['cat'], ['ls']], [';']],
    [
      '[[ -f a && -f b ]] && echo ok',
      [
        ['[[', '-f', 'a', '&&', '-f', 'b', ']]'],
        ['echo', 'ok'],
      ],
      ['&&'],
    ],
    ['diff <(sort a) <(sort b)', [['diff', '<(sort a)', '<(sort b)']], []],
    ['echo a # ; not a command\nb', [['echo', 'a'], ['b']], [';']],
    ["echo $'it\\'s; fine'", [['echo', "it\\'s; fine"]], []],
    ['FOO=1 BAR="x y" cmd', [['FOO=1', 'BAR=x y', 'cmd']], []],
  ])('splits %j', (command, expectedWords, operators) => {
    expect(words(command)).toEqual(expectedWords);
    expect(parseCommandShape(command).operators).toEqual(operators);
  });

  it('reports a trailing operator and a negated pipeline', () => {
    const shape = parseCommandShape('! grep -q x f &');
    expect(shape.trailing).toBe('&');
    expect(shape.segments[0]).toMatchObject({ words: ['grep', '-q', 'x', 'f'], negated: true });
  });

  it('marks subshells and arithmetic as grouped', () => {
    const [sub, arith] = parseCommandShape('(cd x; make) && (( n > 2 ))').segments;
    expect(sub).toMatchObject({ words: ['(cd x; make)'], grouped: true });
    expect(arith).toMatchObject({ words: ['(( n > 2 ))'], grouped: true });
  });

  it.each(['if a; then b; fi', 'for f in *; do x; done', 'f() { a; }', '{ a; b; }', 'case $x in a) b;; esac'])(
    'marks %j as compound',
    (command) => {
      expect(parseCommandShape(command).compound).toBe(true);
    },
  );

  it('keeps a segment that is only a redirection', () => {
    expect(parseCommandShape('> out.txt').segments).toEqual([{ words: [], text: '> out.txt', negated: false, grouped: false }]);
  });

  it('gives a best-effort shape for broken input instead of throwing', () => {
    expect(words('echo "unterminated | x')).toEqual([['echo', 'unterminated | x']]);
    expect(words('a && && b')).toEqual([['a'], ['b']]);
    expect(words('echo $(unclosed')).toEqual([['echo', '$(unclosed']]);
  });
});
