import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/cli.js';
import { mcpMain } from '../../src/cli/mcp.js';
import { sandboxSupport } from '../../src/sandbox/index.js';
import { compiled } from '../helpers/compiled.js';
import { groupMembers } from '../helpers/process-group.js';
import { uniqueSleepSeconds } from '../helpers/processes.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const main = compiled('src/cli/main.ts');
const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

type Call = { structuredContent?: Record<string, any>; isError?: boolean };

async function connect(flags: string[], state = tempDir()): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [main, 'mcp', ...flags],
    env: {
      ...(process.env as Record<string, string>),
      TERSH_STORE_DIR: join(state, 'records'),
      TERSH_CHECKPOINT_DIR: join(state, 'checkpoints'),
    },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'tersh-cli-test', version: '0.0.0' });
  await client.connect(transport);
  open.push(client);
  return { client, transport };
}

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`condition not met in ${ms} ms`);
    await delay(25);
  }
}

/** A command that writes its process group id (bash's pid, the group leader) and holds two sleeps. */
function groupHolder(dir: string): { command: string; pgid: () => number } {
  const marker = uniqueSleepSeconds();
  const file = join(dir, `pgid-${marker}`);
  return {
    command: `echo $$ > ${file}; sleep ${marker} & sh -c 'sleep ${marker}; true'; wait`,
    pgid: () => (existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0),
  };
}

describe('tersh mcp, driven by the MCP SDK client over stdio', () => {
  it('serves only the included tools, in the session folder given by --cwd', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'here.txt'), 'x');
    const { client } = await connect(['--cwd', cwd, '--include', 'sh_run,sh_plan']);
    expect(client.getServerVersion()).toMatchObject({ name: 'tersh' });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['sh_run', 'sh_plan']);
    expect(tools[0]?.inputSchema).toMatchObject({ type: 'object', properties: expect.any(Object) });
    const ran = (await client.callTool({ name: 'sh_run', arguments: { command: 'ls' } })) as Call;
    expect(ran.structuredContent).toMatchObject({ exit: 0, ok: true, stdout: 'here.txt\n' });
    const planned = (await client.callTool({ name: 'sh_plan', arguments: { command: 'rm -rf here.txt' } })) as Call;
    expect(planned.structuredContent).toMatchObject({ destructive: true });
    await expect(client.callTool({ name: 'sh_detail', arguments: { id: 'x' } })).rejects.toThrow(/Unknown tool `sh_detail`/);
    await client.ping();
  }, 60_000);

  it.runIf(process.platform === 'linux' && process.env.TERSH_SPAWNER !== 'direct')(
    "boots the warm spawner's helper at start, before any call, and starts commands through it",
    async () => {
      const { client, transport } = await connect(['--cwd', tempDir()]);
      const serverPid = transport.pid!;
      const helperOf = (): number | undefined =>
        readFileSync(`/proc/${serverPid}/task/${serverPid}/children`, 'utf8')
          .split(' ')
          .filter(Boolean)
          .map(Number)
          .find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--v8-pool-size=1'));
      // Before any call: no run booted it.
      await waitFor(() => helperOf() !== undefined, 10_000);
      const parentOfRun = async (): Promise<number> =>
        Number(
          ((await client.callTool({ name: 'sh_run', arguments: { command: 'echo $PPID' } })) as Call).structuredContent?.stdout,
        );
      // Calls made while it boots fork the server; then they start through it.
      const until = Date.now() + 10_000;
      let parent = await parentOfRun();
      while (parent !== helperOf() && Date.now() < until) parent = await parentOfRun();
      expect(parent).toBe(helperOf());
    },
    60_000,
  );

  it('kills the process group of an aborted callTool and goes on serving', async () => {
    const cwd = tempDir();
    const { client } = await connect(['--cwd', cwd]);
    const holder = groupHolder(cwd);
    const controller = new AbortController();
    const pending = client.callTool({ name: 'sh_run', arguments: { command: holder.command } }, undefined, {
      signal: controller.signal,
    });
    await waitFor(() => holder.pgid() > 0 && groupMembers(holder.pgid()).length >= 3, 10_000);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await waitFor(() => groupMembers(holder.pgid()).length === 0, 3_000);
    const after = (await client.callTool({ name: 'sh_run', arguments: { command: 'echo still' } })) as Call;
    expect(after.structuredContent).toMatchObject({ stdout: 'still\n' });
  }, 60_000);

  it('kills a running command and exits when the client disconnects', async () => {
    const cwd = tempDir();
    const { client, transport } = await connect(['--cwd', cwd]);
    const holder = groupHolder(cwd);
    const serverPid = transport.pid!;
    const pending = client.callTool({ name: 'sh_run', arguments: { command: holder.command } }).catch((error: Error) => error);
    await waitFor(() => holder.pgid() > 0 && groupMembers(holder.pgid()).length >= 3, 10_000);
    const closed = Date.now();
    await client.close();
    await waitFor(() => groupMembers(holder.pgid()).length === 0, 3_000);
    expect(Date.now() - closed).toBeLessThan(3_000);
    await waitFor(
      () => !existsSync(`/proc/${serverPid}`) || readFileSync(`/proc/${serverPid}/stat`, 'utf8').includes(') Z'),
      3_000,
    );
    expect(await pending).toBeInstanceOf(Error);
  }, 60_000);

  it('sends notifications/progress for a long call that carries a progress token', async () => {
    const { client } = await connect(['--cwd', tempDir(), '--include', 'sh_run']);
    const notes: { progress: number; message?: string | undefined }[] = [];
    const command = 'for i in $(seq 1 12); do echo line $i; sleep 0.2; done';
    const result = (await client.callTool({ name: 'sh_run', arguments: { command } }, undefined, {
      onprogress: (note) => notes.push(note),
    })) as Call;
    expect(result.structuredContent).toMatchObject({ exit: 0 });
    expect(notes.length).toBeGreaterThanOrEqual(1);
    expect(notes[0]!.progress).toBeGreaterThanOrEqual(2_000);
    expect(notes[0]!.message).toMatch(/^\d+ s, \d+ lines? so far$/);
  }, 60_000);

  it('blocks what the --policy file denies', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'keep.txt'), 'x');
    const policy = join(tempDir(), 'policy.json');
    writeFileSync(policy, JSON.stringify({ deny: ['rm -rf'], mode: 'enforce' }));
    const { client } = await connect(['--cwd', cwd, '--policy', policy, '--include', 'sh_run']);
    const refused = (await client.callTool({ name: 'sh_run', arguments: { command: 'rm -rf keep.txt' } })) as Call;
    expect(refused.structuredContent).toMatchObject({ blocked: true, exit: null });
    expect(existsSync(join(cwd, 'keep.txt'))).toBe(true);
  }, 60_000);

  it('confines every run with --sandbox', async () => {
    const cwd = tempDir();
    const { client } = await connect(['--cwd', cwd, '--sandbox', '--include', 'sh_run']);
    const ran = (await client.callTool({
      name: 'sh_run',
      arguments: { command: 'touch /etc/tersh-mcp-probe; echo made > inside.txt' },
    })) as Call;
    if ((await sandboxSupport()).available) {
      expect(ran.structuredContent).toMatchObject({ sandboxed: true });
      expect(existsSync('/etc/tersh-mcp-probe')).toBe(false);
      expect(readFileSync(join(cwd, 'inside.txt'), 'utf8')).toBe('made\n');
    } else {
      expect(ran.structuredContent).toMatchObject({ error: { code: 'SANDBOX_UNAVAILABLE' } });
    }
    const lifted = (await client.callTool({ name: 'sh_run', arguments: { command: 'true', sandbox: false } })) as Call;
    expect(lifted.isError).toBe(true);
  }, 60_000);
});

describe('tersh mcp on the wire and on the command line', () => {
  it('answers JSON-RPC errors a client can read: parse error, unknown method, invalid request', async () => {
    const lines = [
      'not json',
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/list' }),
      JSON.stringify({ id: 2, method: 'ping' }),
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }),
      JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'initialize', params: { protocolVersion: '1999-01-01' } }),
    ];
    const { stdout, exitCode } = await execa(process.execPath, [main, 'mcp', '--cwd', tempDir()], {
      input: `${lines.join('\n')}\n`,
      reject: false,
    });
    expect(exitCode).toBe(0);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: a line that is not JSON' } },
      { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: resources/list' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32600, message: 'Expected a JSON-RPC 2.0 request' } },
      { jsonrpc: '2.0', id: 3, result: {} },
      {
        jsonrpc: '2.0',
        id: 4,
        result: {
          protocolVersion: '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: 'tersh', version: expect.any(String) },
        },
      },
    ]);
  }, 60_000);

  it.each([
    [
      ['--bogus'],
      'Unknown option `--bogus`; expected one of: --cwd, --sandbox, --policy, --include, --dialect, --format, --allow-dangerously-disable-sandbox, --help',
    ],
    [['--dialect', 'zsh'], 'Expected `--dialect` to be one of tersh, claude-code, got `zsh`'],
    [['--format'], 'Expected `--format` to be one of json, text, got ``'],
    [['--include', 'sh_run,sh_nope'], 'Unknown tool `sh_nope` in `--include`'],
    [['--cwd', '/nonexistent/dir'], 'Expected `--cwd` to be an existing directory'],
    [['--policy', '/nonexistent/policy.json'], 'Could not read the policy `/nonexistent/policy.json`'],
    [['--sandbox=maybe'], 'Expected `--sandbox` to be true or false, got `maybe`'],
  ])('refuses %j with a usage error and status 2', async (flags, message) => {
    let stderr = '';
    const errors = new Writable({
      write: (chunk, _encoding, done) => {
        stderr += String(chunk);
        done();
      },
    });
    const status = await mcpMain(flags, {
      input: Readable.from([]),
      output: new PassThrough(),
      errors,
      env: {},
      version: '0.0.0',
    });
    expect(status).toBe(2);
    expect(stderr).toContain(message);
  });

  it('is named in the general help and has its own', async () => {
    expect((await cli(['--help'])).stdout).toMatch(/\n {2}mcp +Serve the sh_\* tools over MCP on stdio/);
    let stdout = '';
    const output = new Writable({
      write: (chunk, _encoding, done) => {
        stdout += String(chunk);
        done();
      },
    });
    expect(
      await mcpMain(['--help'], { input: Readable.from([]), output, errors: new PassThrough(), env: {}, version: '0.0.0' }),
    ).toBe(0);
    expect(stdout).toContain('Usage: tersh mcp [--cwd <dir>] [--sandbox] [--policy <file.json>] [--include <tool,...>]');
  });
});
