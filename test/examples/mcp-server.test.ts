import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiled } from '../helpers/compiled.js';
import { groupMembers } from '../helpers/process-group.js';
import { uniqueSleepSeconds } from '../helpers/processes.js';

const made: string[] = [];
const tempDir = (prefix = 'tersh-mcp-') => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
let cwd: string;
let client: Client;
const stateOf = new Map<Client, string>();

beforeAll(async () => {
  cwd = tempDir();
  client = await connect(cwd);
}, 60_000);

afterAll(async () => {
  await client?.close();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

async function connect(cwd: string): Promise<Client> {
  const state = tempDir('tersh-mcp-state-');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [compiled('examples/mcp-server.ts')],
    cwd: process.cwd(),
    env: {
      ...(process.env as Record<string, string>),
      TERSH_CWD: cwd,
      TERSH_STORE_DIR: join(state, 'records'),
      TERSH_CHECKPOINT_DIR: join(state, 'checkpoints'),
    },
    stderr: 'pipe',
  });
  const connected = new Client({ name: 'tersh-test', version: '0.0.0' });
  await connected.connect(transport);
  stateOf.set(connected, state);
  return connected;
}

type Call = { structuredContent?: Record<string, any>; isError?: boolean; content: unknown };
const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Call;

describe('examples/mcp-server.ts driven by the MCP SDK client over stdio', () => {
  it('lists the tools with their schemas and hints untouched', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'sh_run',
      'sh_detail',
      'sh_plan',
      'sh_checkpoint',
      'sh_restore',
      'sh_checkpoints',
      'sh_logs',
      'sh_kill',
      'sh_jobs',
      'sh_glob',
      'sh_grep',
    ]);
    const run = tools.find((tool) => tool.name === 'sh_run');
    expect(run?.inputSchema).toMatchObject({ type: 'object', properties: expect.any(Object) });
    expect(Object.keys(run?.inputSchema.properties ?? {})).toContain('run_in_background');
    expect(run?.annotations).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
  }, 60_000);

  it('runs a command, reads its detail, plans a destructive command, checkpoints and restores', async () => {
    writeFileSync(join(cwd, 'notes.txt'), 'keep me\n');

    const ran = await call('sh_run', { command: 'seq 1 500; echo done >&2', description: 'count' });
    expect(ran.isError).toBe(false);
    expect(ran.structuredContent).toMatchObject({ exit: 0, ok: true });
    const id = ran.structuredContent?.id as string;
    const meta = await call('sh_detail', { id, selector: 'meta' });
    expect(meta.structuredContent?.meta?.description).toBe('count');

    const detail = await call('sh_detail', { id, match: '^25.$' });
    expect(detail.structuredContent?.text).toBe(Array.from({ length: 10 }, (_, i) => `${250 + i}: ${250 + i}`).join('\n'));
    const stderr = await call('sh_detail', { id, selector: 'stderr' });
    expect(stderr.structuredContent?.text).toBe('done\n');

    const plan = await call('sh_plan', { command: 'rm -rf notes.txt' });
    expect(plan.structuredContent).toMatchObject({ category: 'destructive', destructive: true });
    expect(readFileSync(join(cwd, 'notes.txt'), 'utf8')).toBe('keep me\n');

    const saved = await call('sh_checkpoint', { label: 'before-rm' });
    expect(saved.isError).toBe(false);
    await call('sh_run', { command: 'rm -rf notes.txt' });
    expect(existsSync(join(cwd, 'notes.txt'))).toBe(false);
    const restored = await call('sh_restore', { label: 'before-rm' });
    expect(restored.structuredContent).toMatchObject({ label: 'before-rm', created: ['notes.txt'] });
    expect(readFileSync(join(cwd, 'notes.txt'), 'utf8')).toBe('keep me\n');
    const listed = await call('sh_checkpoints', {});
    expect(listed.structuredContent?.checkpoints.map((info: { label: string }) => info.label)).toContain('before-rm');
  }, 60_000);

  it('starts a background job and reads its logs until it exits', async () => {
    const started = await call('sh_run', { command: 'echo one; sleep 0.3; echo two', run_in_background: true });
    const jobId = started.structuredContent?.job_id as string;
    expect(jobId).toMatch(/\S/);
    const logs = await call('sh_logs', { job_id: jobId, wait_until_exit: true, wait_ms: 10_000 });
    expect(logs.structuredContent).toMatchObject({ status: 'exited', exit: 0, stdout: 'one\ntwo\n' });
    const killed = await call('sh_kill', { job_id: 'job-none' });
    expect(killed.isError).toBe(true);
  }, 60_000);

  it('answers malformed arguments and unknown tools with readable errors', async () => {
    const bad = await call('sh_run', { command: 'ls', timeout_ms: 'soon' });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain('Expected `timeout_ms` to be an integer');
    const unknown = await call('sh_nope', {});
    expect(unknown.isError).toBe(true);
  }, 60_000);
});

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`condition not met in ${ms} ms`);
    await delay(25);
  }
}

/** Starts a command that writes its process group id (bash's pid: the group leader) and holds two sleeps. */
function groupHolder(dir: string): { command: string; pgid: () => number } {
  const marker = uniqueSleepSeconds();
  const file = join(dir, `pgid-${marker}`);
  return {
    command: `echo $$ > ${file}; sleep ${marker} & sh -c 'sleep ${marker}; true'; wait`,
    pgid: () => (existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0),
  };
}

function recordMetaOf(state: string, command: string): Record<string, unknown> | undefined {
  const records = join(state, 'records');
  for (const id of readdirSync(records)) {
    const path = join(records, id, 'meta.json');
    if (!existsSync(path)) continue;
    let meta: Record<string, unknown>;
    try {
      meta = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    } catch {
      continue; // being written (one write, not a rename: the store reads a torn meta as incomplete too)
    }
    if (meta.command === command) return meta;
  }
  return undefined;
}

describe('cancellation and progress through the MCP SDK client', () => {
  it('kills the process group of an aborted callTool, and the run is recorded as canceled', async () => {
    const holder = groupHolder(cwd);
    const controller = new AbortController();
    const pending = client.callTool({ name: 'sh_run', arguments: { command: holder.command } }, undefined, {
      signal: controller.signal,
    });
    await waitFor(() => holder.pgid() > 0 && groupMembers(holder.pgid()).length >= 3, 10_000);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await waitFor(() => groupMembers(holder.pgid()).length === 0, 3_000);
    await waitFor(() => recordMetaOf(stateOf.get(client)!, holder.command)?.state === 'complete', 3_000);
    expect(recordMetaOf(stateOf.get(client)!, holder.command)).toMatchObject({ canceled: true, exit: null });
    const after = await call('sh_run', { command: 'echo still serving' });
    expect(after.structuredContent).toMatchObject({ exit: 0, stdout: 'still serving\n' });
  }, 60_000);

  it('kills the process group of a running sh_run when the client disconnects', async () => {
    const dir = tempDir();
    const leaving = await connect(dir);
    const holder = groupHolder(dir);
    const pending = leaving.callTool({ name: 'sh_run', arguments: { command: holder.command } }).catch((error: Error) => error);
    await waitFor(() => holder.pgid() > 0 && groupMembers(holder.pgid()).length >= 3, 10_000);
    const closed = Date.now();
    await leaving.close();
    await waitFor(() => groupMembers(holder.pgid()).length === 0, 3_000);
    expect(Date.now() - closed).toBeLessThan(3_000);
    expect(await pending).toBeInstanceOf(Error);
  }, 60_000);

  it('sends notifications/progress with the elapsed time and lines so far when the client gave a progress token', async () => {
    const notes: { progress: number; message?: string | undefined }[] = [];
    const command = 'for i in $(seq 1 14); do echo line $i; sleep 0.2; done';
    const result = (await client.callTool({ name: 'sh_run', arguments: { command } }, undefined, {
      onprogress: (note) => notes.push(note),
    })) as Call;
    expect(result.structuredContent).toMatchObject({ exit: 0, ok: true });
    expect(notes.length).toBeGreaterThanOrEqual(1);
    expect(notes[0]!.progress).toBeGreaterThanOrEqual(2_000);
    expect(notes[0]!.message).toMatch(/^\d+ s, \d+ lines? so far$/);
    expect(Number(notes[0]!.message!.split(' ')[2])).toBeGreaterThan(3);
  }, 60_000);
});
