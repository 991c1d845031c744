import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const made: string[] = [];
const tempDir = (prefix = 'tersh-mcp-') => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
let cwd: string;
let client: Client;

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
    command: 'npx',
    args: ['tsx', join(process.cwd(), 'examples/mcp-server.ts')],
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
  return connected;
}

type Call = { structuredContent?: Record<string, any>; isError?: boolean; content: unknown };
const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Call;

describe('examples/mcp-server.ts driven by the MCP SDK client over stdio', () => {
  it('lists the tools with their schemas and hints untouched', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'sh_run', 'sh_detail', 'sh_plan', 'sh_checkpoint', 'sh_restore', 'sh_checkpoints', 'sh_logs', 'sh_kill', 'sh_glob', 'sh_grep',
    ]);
    const run = tools.find((tool) => tool.name === 'sh_run');
    expect(run?.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
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
