import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';

const lines = (count: number, make: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');

describe("a listing tool's errors on stderr are kept between its many lines of output", () => {
  it('keeps every line a failed system call ends, whatever the program', () => {
    const errors = [
      "find: '/var/lib/private': Permission denied",
      "ls: cannot access '/srv/missing': No such file or directory",
      "du: cannot read directory '/proc/1/map_files': Permission denied",
      "cp: cannot create regular file '/etc/x': Read-only file system",
      'tar: ./sock: socket ignored (Operation not permitted)',
    ];
    const noise = (from: number): string =>
      lines(300, (i) => `warning-free note ${from + i}: visited /usr/share/doc/pkg${i}/copyright`);
    const stdout = lines(3000, (i) => `/usr/share/doc/package-${i}/changelog.Debian.gz`);
    const result = condense({
      command: 'walk-tree /',
      stdout,
      stderr: noise(0) + errors.join('\n') + '\n' + noise(300),
      exitCode: 1,
    });
    for (const error of errors) expect(result.stderr).toContain(error);
  });
});
