// Regression for issue 20 item 2: file descriptors the host holds open without close-on-exec reached the
// command (sandboxed or not), so `echo x >&20` wrote into a host file.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closingInheritedFds } from '../../src/process/inherited-fds.js';
import { spawnAndWait } from '../sandbox/run-wrapped.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const host = join(import.meta.dirname, '../fixtures/run/inherited-fd-host.ts');

describe('file descriptors inherited from the host', () => {
  it('never reach the command, sandboxed or not', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const hostFile = join(dir, 'host-file');
    writeFileSync(hostFile, '');
    const launch = `exec "$@" 9>>"${hostFile}" 20>>"${hostFile}" 253>>"${hostFile}"`;
    const started = await spawnAndWait(
      'bash',
      ['-c', launch, 'host', process.execPath, '--import', 'tsx', host, dir],
      process.cwd(),
    );
    expect(started.stderr).toBe('');
    const results = JSON.parse(started.stdout) as { exit: number; stdout: string; stderr: string; sandboxed?: boolean }[];
    expect(readFileSync(hostFile, 'utf8')).toBe('');
    expect(results.map((result) => result.sandboxed)).toEqual([undefined, true]);
    for (const result of results) {
      expect(result.stderr.match(/Bad file descriptor/g)).toHaveLength(3);
      expect(result.stdout.trim().split(/\s+/)).toEqual(['0', '1', '2']);
    }
  });

  it('closes 3 to 9 with /bin/sh and higher descriptors with bash, exec-ing the command in place', () => {
    expect(closingInheritedFds({ file: 'ls', args: ['-l'] }, [4, 9])).toEqual({
      file: '/bin/sh',
      args: ['-c', 'exec "$@" 4>&- 9>&-', 'tersh-close-fds', 'ls', '-l'],
    });
    expect(closingInheritedFds({ file: 'ls', args: [] }, [20]).file).toMatch(/\/bash$/);
  });

  it('leaves BASH_ENV to the command: the bash closer reads no startup file', async () => {
    const dir = tempDir();
    const startup = join(dir, 'startup.bash');
    writeFileSync(startup, 'echo "sourced in $0"\n');
    const closing = closingInheritedFds({ file: 'bash', args: ['-c', 'echo "command ran"'] }, [20]);
    const result = await spawnAndWait(closing.file, closing.args, dir, { ...process.env, BASH_ENV: startup });
    expect(result.stdout).toBe('sourced in bash\ncommand ran\n');
  });
});
