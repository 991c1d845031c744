import { describe, expect, it } from 'vitest';
import { usePty } from './helpers.js';

const fixture = usePty();

describe('REPLs on a pseudo-terminal', () => {
  it('drives python3: state across steps, a traceback shown, exit()', async () => {
    const { pty } = fixture();
    const python = await pty.open({ command: 'python3', prompt: />>> $/ });
    expect(await python.run('x = 6 * 7')).toMatchObject({ ok: true });
    expect(await python.run('print(x)')).toMatchObject({ ok: true, output: '42\n' });
    const failed = await python.run('1 / 0');
    expect(failed.output).toContain('ZeroDivisionError: division by zero');
    expect(failed.output).not.toContain('>>>');
    const bye = await python.run('exit()');
    expect(bye).toMatchObject({ exited: true, exit: 0 });
    expect(python.closed).toBe(true);
  });

  it('drives the node REPL', async () => {
    const { pty } = fixture();
    const node = await pty.open({ command: 'node', args: ['-i'], prompt: /> $/ });
    await node.run('const y = [1, 2, 3]');
    const mapped = await node.run('y.map((v) => v * 2).join(",")');
    expect(mapped.output).toContain("'2,4,6'");
  });

  it('does not take a prompt-like part of the echoed input for the prompt', async () => {
    const { pty } = fixture();
    const script = [
      'import sys, termios, time',
      'attrs = termios.tcgetattr(0); attrs[3] &= ~termios.ECHO; termios.tcsetattr(0, termios.TCSANOW, attrs)',
      "sys.stdout.write('> '); sys.stdout.flush()",
      'for line in sys.stdin:',
      "    line = line.rstrip('\\n'); cut = line.find('> ') + 2",
      '    sys.stdout.write(line[:cut]); sys.stdout.flush(); time.sleep(0.4)',
      "    sys.stdout.write(line[cut:] + '\\r\\nanswer:' + str(len(line)) + '\\r\\n> '); sys.stdout.flush()",
    ].join('\n');
    const repl = await pty.open({ command: 'python3', args: ['-c', script], prompt: /> $/ });
    const step = await repl.run('f = (v) => v * 2');
    expect(step.output).toContain('answer:16');
  });

  it('interrupts a long python step on timeout and keeps its state', async () => {
    const { pty } = fixture();
    const python = await pty.open({ command: 'python3', prompt: />>> $/ });
    await python.run('kept = "yes"');
    const slow = await python.run('import time; time.sleep(30)', { timeoutMs: 500 });
    expect(slow).toMatchObject({ timedOut: true, ok: false });
    expect(slow.hint).toContain('at its prompt again');
    expect(await python.run('print(kept)')).toMatchObject({ output: 'yes\n' });
  });

  it('refuses to open a program whose prompt never comes, with its transcript named', async () => {
    const { pty } = fixture();
    await expect(pty.open({ command: 'cat', prompt: 'never-shown', startTimeoutMs: 300 })).rejects.toMatchObject({
      code: 'SPAWN_FAILED',
    });
    expect(pty.list()).toEqual([]);
  });
});
