import { describe, expect, it } from 'vitest';
import { decodeAnsiC } from '../../src/plan/words.js';
import { plan } from '../../src/plan/index.js';

describe('word unquoting', () => {
  it.each([
    ['\\x72\\x6d', 'rm'],
    ['\\162\\155', 'rm'],
    ['\\u0072m', 'rm'],
    ['a\\nb', 'a\nb'],
    ["it\\'s", "it's"],
    ['\\cA', '\x01'],
    ['\\x', '\\x'],
    ['\\xZZ', '\\xZZ'],
  ])("decodes $'%s' as bash does", (body, expected) => {
    expect(decodeAnsiC(body)).toBe(expected);
  });

  it.each([
    ['r""m x', 'rm'],
    ["r''m x", 'rm'],
    ['"rm" x', 'rm'],
    ['\\rm x', 'rm'],
    ["$'\\x72\\x6d' x", 'rm'],
    ['"r"\'m\' x', 'rm'],
    ['/usr/local/bin/rm x', 'rm'],
  ])('resolves the program of %j to %s', async (command, program) => {
    expect((await plan(command)).segments[0]?.program).toBe(program);
  });

  it('unescapes double-quoted text and keeps dynamic words as written', async () => {
    const [segment] = (await plan('echo "a \\"b\\" \\$c" "$HOME/x" \'$y\'')).segments;
    expect(segment?.argv).toEqual(['echo', 'a "b" $c', '"$HOME/x"', '$y']);
  });
});
