import { existsSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { launchRemote } from '../../src/executor/remote-launcher.js';
import { exitFromStatus, readReport } from '../../src/executor/remote-wrapper.js';
import { readTrailer } from '../../src/executor/remote-trailer.js';
import type { LaunchRequest, TargetChannel, TargetTransport } from '../../src/executor/types.js';
import { uniqueSleepSeconds } from '../helpers/processes.js';
import { sleepers } from './target-processes.js';
import { hostTransport } from './host-transport.js';
import { PassThrough } from 'node:stream';

const TAG_VARIABLE = 'TERSH_RUN_ID';
const shells = [['dash', []], ...(existsSync('/bin/busybox') ? [['busybox', ['busybox', 'sh']] as const] : [])] as const;

function request(tag: string, args: string[], extra: Partial<LaunchRequest> = {}): LaunchRequest {
  return {
    file: 'sh',
    args: ['-c', ...args],
    cwd: '/tmp',
    env: { PATH: '/usr/bin:/bin', [TAG_VARIABLE]: tag },
    stdin: 'ignore',
    tag,
    detached: false,
    ...extra,
  };
}

function recording(transport: TargetTransport): { transport: TargetTransport; channels: TargetChannel[] } {
  const channels: TargetChannel[] = [];
  return {
    channels,
    transport: { ...transport, open: async (argv) => channels[channels.push(await transport.open(argv)) - 1]! },
  };
}

function collect(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  stream.on('data', (chunk) => (text += String(chunk)));
  return new Promise((resolve) => stream.once('end', () => resolve(text)));
}

describe('readReport', () => {
  it('strips the first line with the nonce and passes the rest through byte for byte', async () => {
    const source = new PassThrough();
    const { report, output } = readReport(source, 'tersh-abc');
    const text = collect(output);
    source.write('tersh-abc 4');
    source.write('2\nfirst line\nsecond');
    source.end();
    expect(await report).toEqual({ pgid: 42 });
    expect(await text).toBe('first line\nsecond');
  });

  it('reads no report from a stream that starts otherwise (a spoofing command cannot, it speaks after the wrapper)', async () => {
    const source = new PassThrough();
    const { report } = readReport(source, 'tersh-abc');
    source.end('tersh-xyz 1\n');
    expect(await report).toBeUndefined();
  });
});

describe('readTrailer', () => {
  it.each([
    ['alone', ['tersh-abc exit 130\n'], '', { exit: 130 }],
    [
      'after a last line without its newline, split across chunks',
      ['out', 'put tersh-a', 'bc signal 2', '\nlater'],
      'output later',
      { signal: 2 },
    ],
    ['byte by byte', [...'x\ntersh-abc exit 3\ny'], 'x\ny', { exit: 3 }],
    ['never (the stream ends)', ['tersh-ab', 'c-no'], 'tersh-abc-no', undefined],
    ["with the target's name for the signal", ['tersh-abc signal 10 USR1\n'], '', { signal: 10, name: 'USR1' }],
    ['as unknown', ['tersh-abc unknown\n'], '', undefined],
    ['not in a forged shape', ['tersh-abc exit 1; rm\n'], 'tersh-abc exit 1; rm\n', undefined],
  ])('takes the witness line out %s', async (_case, chunks, rest, said) => {
    const source = new PassThrough();
    const trailer = readTrailer(source, 'tersh-abc');
    const text = collect(trailer.output);
    for (const chunk of chunks) source.write(chunk);
    source.end();
    expect(await text).toBe(rest);
    expect(await trailer.said).toEqual(said);
  });
});

describe('exitFromStatus', () => {
  it("names a signal by the target's name, not by the host's number for it", () => {
    // 30 is SIGPWR on Linux and SIGUSR1 on macOS: the name the target's `kill -l` gave decides.
    expect(exitFromStatus(null, { signal: 30, name: 'USR1' })).toEqual({ code: null, signal: 'SIGUSR1' });
    expect(exitFromStatus(null, { signal: 2, name: 'NOT-A-SIGNAL' })).toEqual({ code: null, signal: 'SIGINT' });
    expect(exitFromStatus(130, { exit: 130 })).toEqual({ code: 130, signal: null });
  });
});

describe.each(shells)('the remote wrapper under %s', (_name, shell) => {
  it('reports the group, passes the environment exactly and the exit status', async () => {
    const tag = `rwrap${Date.now().toString(36)}a`;
    const launched = await launchRemote(
      hostTransport([...shell]),
      request(tag, ['echo "$FOO $HOME|"; echo err >&2; exit 3'], {
        env: { PATH: '/usr/bin:/bin', FOO: 'a b', [TAG_VARIABLE]: tag },
      }),
      TAG_VARIABLE,
    );
    const [out, err, exit] = await Promise.all([collect(launched.stdout), collect(launched.stderr), launched.exit]);
    expect({ out, err, exit }).toEqual({ out: 'a b |\n', err: 'err\n', exit: { code: 3, signal: null } });
    expect(launched.pid).toBeGreaterThan(1);
  });

  it('rejects a missing program with ENOENT and a non-executable one with EACCES, as spawn does', async () => {
    const transport = hostTransport([...shell]);
    await expect(
      launchRemote(transport, { ...request('rwrapmiss1', []), file: 'no-such-program-x', args: [] }, TAG_VARIABLE),
    ).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(
      launchRemote(transport, { ...request('rwrapmiss2', []), file: '/etc/passwd', args: [] }, TAG_VARIABLE),
    ).rejects.toMatchObject({ code: 'EACCES' });
  });

  it('reads a death by signal as that signal', async () => {
    const launched = await launchRemote(hostTransport([...shell]), request('rwrapsig1', ['kill -TERM $$']), TAG_VARIABLE);
    launched.stdout.resume();
    expect(await launched.exit).toEqual({ code: null, signal: 'SIGTERM' });
  });

  it('tells exit 130 from a death by SIGINT (the witness reads the wait status), and starts the command with SIGINT not ignored', async () => {
    const exits = await Promise.all(
      ['exit 130', 'kill -INT $$', 'grep -q "^SigIgn:.*[2367abef]$" /proc/self/status && exit 9; exit 0'].map(
        async (script, index) => {
          const launched = await launchRemote(hostTransport([...shell]), request(`rwrapst${index}`, [script]), TAG_VARIABLE);
          launched.stdout.resume();
          launched.stderr.resume();
          return launched.exit;
        },
      ),
    );
    expect(exits).toEqual([
      { code: 130, signal: null },
      { code: null, signal: 'SIGINT' },
      { code: 0, signal: null },
    ]);
  });

  it('finds the setsid escapee by its tag and terminate() leaves nothing', async () => {
    const seconds = uniqueSleepSeconds();
    const tag = `rwrapesc${Date.now().toString(36)}`;
    const launched = await launchRemote(
      hostTransport([...shell]),
      request(tag, [`sleep ${seconds} & setsid sleep ${seconds} & exit 0`]),
      TAG_VARIABLE,
    );
    launched.stdout.resume();
    await launched.exit;
    await delay(100);
    expect(await launched.group.leftovers(launched.pid)).toHaveLength(2);
    expect(launched.group.escapees).toHaveLength(1);
    await launched.group.terminate(500);
    expect(sleepers(seconds)).toEqual([]);
  });

  it('kills the group and the escapees when the client goes away (the watchdog sees end of file on its stdin)', async () => {
    const seconds = uniqueSleepSeconds();
    const { transport, channels } = recording(hostTransport([...shell]));
    const tag = `rwraplife${Date.now().toString(36)}`;
    const launched = await launchRemote(
      transport,
      request(tag, [`sleep ${seconds} & setsid sleep ${seconds} & wait`]),
      TAG_VARIABLE,
    );
    launched.stdout.resume();
    const started = Date.now() + 10_000;
    while (sleepers(seconds).length < 2 && Date.now() < started) await delay(20);
    expect(sleepers(seconds)).toHaveLength(2);
    channels[0]!.stdin.destroy();
    const deadline = Date.now() + 5_000;
    while (sleepers(seconds).length > 0 && Date.now() < deadline) await delay(50);
    expect(sleepers(seconds)).toEqual([]);
  });
});
