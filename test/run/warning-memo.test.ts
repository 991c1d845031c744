import { describe, expect, it } from 'vitest';
import { WarningMemo } from '../../src/run/warning-memo.js';

describe('the memo of plan warnings', () => {
  it('answers a command kept, with its warning or null for none, and undefined for one never seen', () => {
    const memo = new WarningMemo(4);
    memo.keep('rm -rf build', 'may force-remove files');
    memo.keep('true', undefined);
    expect(memo.get('rm -rf build')).toBe('may force-remove files');
    expect(memo.get('true')).toBeNull();
    expect(memo.get('ls')).toBeUndefined();
  });

  it('forgets the least recently used command first once full', () => {
    const memo = new WarningMemo(2);
    memo.keep('a', undefined);
    memo.keep('b', undefined);
    memo.get('a');
    memo.keep('c', undefined);
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('a')).toBeNull();
    expect(memo.get('c')).toBeNull();
  });

  it('keeps no command longer than 4096 characters', () => {
    const memo = new WarningMemo(2);
    memo.keep(`echo ${'x'.repeat(4096)}`, undefined);
    expect(memo.get(`echo ${'x'.repeat(4096)}`)).toBeUndefined();
  });
});
