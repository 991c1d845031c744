import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiled } from '../helpers/compiled.js';
import { fixture, html, startServer, type TestServer } from '../web/server.js';

const made: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
let server: TestServer;
let client: Client;
let guarded: Client;
const closedHangs: number[] = [];

beforeAll(async () => {
  server = await startServer({
    '/docs': html(fixture('docs-installation.html')),
    '/scripts': html(fixture('scripts-and-styles.html')),
    '/': html(fixture('duckduckgo-instant-answer.json'), 'application/json'),
    '/hang': (req) => void req.socket.on('close', () => closedHangs.push(Date.now())),
  });
  const local = { allowPrivateAddresses: true, duckDuckGoBaseUrl: server.url('') };
  [client, guarded] = await Promise.all([connect(local), connect({})]);
}, 90_000);

afterAll(async () => {
  await Promise.all([client?.close(), guarded?.close()]);
  await server?.close();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

async function connect(web: Record<string, unknown>): Promise<Client> {
  const state = tempDir('tersh-mcp-web-');
  const env = { ...(process.env as Record<string, string>) };
  delete env.BRAVE_SEARCH_API_KEY;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [compiled('examples/mcp-server.ts')],
    cwd: process.cwd(),
    env: {
      ...env,
      TERSH_CWD: state,
      TERSH_STORE_DIR: join(state, 'records'),
      TERSH_CHECKPOINT_DIR: join(state, 'checkpoints'),
      TERSH_TOOLS: 'web_fetch,web_search,sh_detail',
      TERSH_WEB: JSON.stringify(web),
    },
    stderr: 'pipe',
  });
  const connected = new Client({ name: 'tersh-web-test', version: '0.0.0' });
  await connected.connect(transport);
  return connected;
}

type Call = { structuredContent?: Record<string, any>; isError?: boolean; content: { type: string; text?: string }[] };
const call = async (on: Client, name: string, args: Record<string, unknown>) =>
  (await on.callTool({ name, arguments: args })) as Call;

describe('web tools through the MCP SDK client over stdio', () => {
  it('lists web_fetch and web_search with their schemas when they are named', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['web_fetch', 'web_search', 'sh_detail']);
    const fetchTool = tools.find((tool) => tool.name === 'web_fetch')!;
    expect(fetchTool.inputSchema).toMatchObject({ type: 'object', required: ['url'] });
    expect(fetchTool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
  }, 60_000);

  it('fetches a page as Markdown and reads the stored text back with sh_detail', async () => {
    const fetched = await call(client, 'web_fetch', { url: server.url('/scripts'), prompt: 'What changed?' });
    expect(fetched.isError).toBe(false);
    const body = fetched.structuredContent!;
    expect(body).toMatchObject({ url: server.url('/scripts'), code: 200, code_text: 'OK', prompt: 'What changed?' });
    expect(body.result).toContain('## Breaking changes');
    expect(body.result).not.toMatch(/MUST_NOT_APPEAR/);
    expect(JSON.parse(fetched.content[0]!.text!)).toEqual(body);
    const detail = await call(client, 'sh_detail', { id: body.id, match: 'acme migrate' });
    expect(detail.structuredContent?.text).toMatch(/^\d+: npx acme migrate --from 4\.1$/);
  }, 60_000);

  it('searches through the DuckDuckGo backend pointed at a local server', async () => {
    const found = await call(client, 'web_search', {
      query: 'rust language',
      num_results: 3,
      allowed_domains: ['duckduckgo.com'],
    });
    expect(found.structuredContent).toMatchObject({ query: 'rust language', backend: 'duckduckgo' });
    expect(found.structuredContent?.results).toHaveLength(3);
    expect(typeof found.structuredContent?.duration_seconds).toBe('number');
  }, 60_000);

  it('blocks loopback in a server started without allowPrivateAddresses', async () => {
    const before = server.seen.length;
    const blocked = await call(guarded, 'web_fetch', { url: server.url('/docs') });
    expect(blocked.structuredContent).toMatchObject({ blocked: true, code: 0 });
    expect(server.seen.length).toBe(before);
  }, 60_000);

  it('aborts the fetch when the client cancels the call', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = client.callTool({ name: 'web_fetch', arguments: { url: server.url('/hang') } }, undefined, {
      signal: controller.signal,
      timeout: 60_000,
    });
    await waitFor(() => server.seen.some((request) => request.path === '/hang'));
    controller.abort();
    await expect(pending).rejects.toThrow();
    await waitFor(() => closedHangs.length > 0);
    expect(closedHangs[0]! - started).toBeLessThan(10_000); // well before the 30 s timeout
  }, 60_000);

  it('answers bad arguments with readable errors', async () => {
    const bad = await call(client, 'web_fetch', { url: 42 });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent?.error?.message).toMatch(/Expected `url` to be a non-empty string/);
  }, 60_000);
});

async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
