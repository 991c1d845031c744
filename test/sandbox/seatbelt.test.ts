import { describe, expect, it } from 'vitest';
import { seatbeltArgs, seatbeltProfile } from '../../src/sandbox/seatbelt.js';
import { macPaths } from '../../src/sandbox/wrap.js';

// Pure text generation: whether macOS accepts and enforces the profile needs a macOS run.
const paths = macPaths({
  cwd: '/Users/me/project',
  tmp: '/var/folders/xy/T/tersh-sandbox-abc',
  writable: ['/tmp/cache', '/Users/me/"quoted" dir'],
  protect: [{ path: '/Users/me/.ssh', isDirectory: true }],
  network: false,
});

describe('the sandbox-exec profile', () => {
  it('canonicalises /tmp and /var into /private', () => {
    expect(paths.tmp).toBe('/private/var/folders/xy/T/tersh-sandbox-abc');
    expect(paths.writable[0]).toBe('/private/tmp/cache');
    expect(paths.cwd).toBe('/Users/me/project');
  });

  it('passes every path as a parameter and never splices it into the text', () => {
    const { profile, parameters } = seatbeltProfile(paths);
    expect(parameters).toEqual({
      CWD: '/Users/me/project',
      TMP: '/private/var/folders/xy/T/tersh-sandbox-abc',
      WRITABLE_0: '/private/tmp/cache',
      WRITABLE_1: '/Users/me/"quoted" dir',
      PROTECT_0: '/Users/me/.ssh',
    });
    expect(profile).not.toContain('/Users/me');
    expect(profile).not.toContain('quoted');
  });

  it('denies writes except to cwd, temp, the writable roots and terminal devices', () => {
    const { profile } = seatbeltProfile(paths);
    expect(profile).toContain('(deny file-write*)');
    for (const name of ['CWD', 'TMP', 'WRITABLE_0', 'WRITABLE_1']) expect(profile).toContain(`(subpath (param "${name}"))`);
    expect(profile).toContain('(literal "/dev/null")');
    expect(profile).toMatch(/\(deny file-read\* file-write\*\n {2}\(subpath \(param "PROTECT_0"\)\)\)/);
  });

  it('denies the network only when it is off', () => {
    expect(seatbeltProfile(paths).profile).toContain('(deny network*)');
    expect(seatbeltProfile({ ...paths, network: true }).profile).not.toContain('network');
  });

  it('builds the argv with -D parameters and sets TMPDIR through env', () => {
    const args = seatbeltArgs(paths, { file: '/bin/bash', args: ['-c', 'ls'] });
    expect(args[0]).toBe('-p');
    expect(args).toContain('CWD=/Users/me/project');
    expect(args.slice(-5)).toEqual([
      '/usr/bin/env',
      'TMPDIR=/private/var/folders/xy/T/tersh-sandbox-abc',
      '/bin/bash',
      '-c',
      'ls',
    ]);
  });
});

describe('the whole profile', () => {
  it('reads as expected for a run with the network off', () => {
    expect(seatbeltProfile(paths).profile).toBe(`(version 1)
(allow default)
(deny file-write*)
(allow file-write*
  (subpath (param "CWD"))
  (subpath (param "TMP"))
  (subpath (param "WRITABLE_0"))
  (subpath (param "WRITABLE_1"))
  (literal "/dev/null")
  (literal "/dev/zero")
  (literal "/dev/dtracehelper")
  (regex #"^/dev/tty")
  (regex #"^/dev/fd/"))
(deny file-read* file-write*
  (subpath (param "PROTECT_0")))
(deny network*)
(deny signal)
(allow signal (target same-sandbox))
`);
  });
});
