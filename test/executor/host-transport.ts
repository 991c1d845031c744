// A TargetTransport whose "target" is this machine: exercises the wrapper and group scripts under the host's
// own sh (dash here) and busybox without an engine. Test code only (src/ never touches node:child_process).
import { spawn } from 'node:child_process';
import type { TargetChannel, TargetOutput, TargetTransport } from '../../src/executor/types.js';

export function hostTransport(shell: string[] = []): TargetTransport {
  const withShell = (argv: readonly string[]): string[] =>
    shell.length > 0 && argv[0] === 'sh' ? [...shell, ...argv.slice(1)] : [...argv];
  return {
    name: `host${shell.length ? `:${shell.join(' ')}` : ''}`,
    async open(argv): Promise<TargetChannel> {
      const [file, ...args] = withShell(argv);
      const child = spawn(file!, args, { stdio: ['pipe', 'pipe', 'pipe'] });
      await new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject));
      child.stdin.on('error', () => undefined);
      return {
        stdout: child.stdout,
        stderr: child.stderr,
        stdin: child.stdin,
        exit: new Promise((resolve) =>
          child.once('exit', (code, signal) => resolve(signal ? { code: null, lost: `client killed by ${signal}` } : { code })),
        ),
        close: () => child.kill('SIGKILL'),
      };
    },
    async exec(argv, options = {}): Promise<TargetOutput> {
      const [file, ...args] = withShell(argv);
      const child = spawn(file!, args, { stdio: ['pipe', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input ?? '');
      const code = await new Promise<number | null>((resolve) =>
        child.once('close', (status) => resolve(status)).once('error', () => resolve(null)),
      );
      return { code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') };
    },
    async close() {},
  };
}
