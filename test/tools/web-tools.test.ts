import { encode } from 'gpt-tokenizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordStore } from '../../src/index.js';
import { createTools, TOOL_NAMES, WEB_TOOL_NAMES, type ToolDefinition } from '../../src/tools/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { fixture, html, startServer, type TestServer } from '../web/server.js';
import { useShells } from './helpers/run-shell.js';
import { toolbox } from './helpers/tools.js';

const tempDir = useTempDirs();
const runShell = useShells();
let server: TestServer;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  server = await startServer({
    '/docs': html(fixture('docs-installation.html')),
    '/logo.png': html(png, 'image/png'),
    '/': html(fixture('duckduckgo-instant-answer.json'), 'application/json'),
  });
});
afterAll(() => server.close());

const definitionTokens = (tools: ToolDefinition[]) =>
  encode(JSON.stringify(tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })))).length;

describe('web_fetch and web_search tools', () => {
  it('are opt-in: the default definitions, and their token cost, stay as they were', () => {
    const shell = runShell(tempDir(), tempDir());
    const plain = createTools(shell);
    const withWeb = createTools(shell, { web: { allowPrivateAddresses: true } });
    expect(withWeb.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
    expect(definitionTokens(withWeb)).toBe(definitionTokens(plain));
    const web = createTools(shell, { include: [...WEB_TOOL_NAMES] });
    expect(web.map((tool) => tool.name)).toEqual(['web_fetch', 'web_search']);
    expect(definitionTokens(web)).toBeLessThan(400);
  });

  it('fetches a page into the shell’s record folder, so sh_detail reads it by id, in snake_case', async () => {
    const state = tempDir();
    const shell = runShell(tempDir(), state);
    const call = toolbox(shell, {
      include: ['web_fetch', 'sh_detail'],
      web: { allowPrivateAddresses: true, store: createRecordStore({ dir: `${state}/records` }) },
    });
    const fetched = await call('web_fetch', { url: server.url('/docs'), prompt: 'How do I install rustup?' });
    expect(fetched.isError).toBe(false);
    expect(fetched.body).toMatchObject({
      url: server.url('/docs'),
      code: 200,
      code_text: 'OK',
      content_type: 'text/html',
      prompt: 'How do I install rustup?',
    });
    expect(Object.keys(fetched.body)).toEqual(expect.arrayContaining(['bytes', 'duration_ms', 'result', 'id']));
    const detail = await call('sh_detail', { id: fetched.body.id, match: 'rustup update' });
    expect(detail.body.text).toMatch(/^\d+: \$ rustup update$/m);
  });

  it('returns an image as an image block when the host accepts images, not as base64 in the JSON', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()), {
      include: ['web_fetch'],
      web: { allowPrivateAddresses: true, images: true },
    });
    const result = await call('web_fetch', { url: server.url('/logo.png') });
    expect(result.content).toEqual([
      { type: 'text', text: expect.any(String) },
      { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
    ]);
    expect(result.body.image).toEqual({ mime_type: 'image/png', bytes: png.length });
    expect(result.content[0].text).not.toContain(png.toString('base64'));
  });

  it('blocks loopback without allowPrivateAddresses and says so as a result', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()), { include: ['web_fetch'] });
    const result = await call('web_fetch', { url: server.url('/docs') });
    expect(result.isError).toBe(false);
    expect(result.body).toMatchObject({ blocked: true, code: 0 });
  });

  it('searches with num_results and the domain filters', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()), { include: ['web_search'], web: { duckDuckGoBaseUrl: server.url('') } });
    const saved = process.env.BRAVE_SEARCH_API_KEY;
    delete process.env.BRAVE_SEARCH_API_KEY;
    try {
      const result = await call('web_search', { query: 'rust', num_results: 2, blocked_domains: ['wikipedia.org'] });
      expect(result.body).toMatchObject({ query: 'rust', backend: 'duckduckgo' });
      expect(result.body.results.map((hit: { url: string }) => hit.url)).toEqual([
        'https://www.rust-lang.org/',
        'https://duckduckgo.com/Cargo_(package_manager)',
      ]);
      expect(typeof result.body.duration_seconds).toBe('number');
    } finally {
      if (saved !== undefined) process.env.BRAVE_SEARCH_API_KEY = saved;
    }
  });

  it('answers bad arguments with errors naming the snake_case field', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()), { include: ['web_fetch', 'web_search'] });
    expect((await call('web_fetch', {})).body.error.message).toMatch(/Expected `url`/);
    expect((await call('web_fetch', { url: 'x', timeout_ms: 5 })).body.error.message).toMatch(/Unknown option `timeout_ms`/);
    expect((await call('web_search', { query: 'a' })).body.error.message).toMatch(
      /Expected `query` to be a non-empty string|Expected `query`/,
    );
    expect((await call('web_search', { query: 'ok', num_results: 99 })).body.error.message).toMatch(
      /Expected `num_results` to be an integer from 1 to 20/,
    );
  });

  it('checks the host options when the tools are made', () => {
    const shell = runShell(tempDir(), tempDir());
    expect(() => createTools(shell, { web: { timeoutMs: -1 } })).toThrow(
      /Expected `timeoutMs` to be an integer from 1 to 600000/,
    );
    expect(() => createTools(shell, { web: { braveBaseUrl: 'ftp://x' } })).toThrow(/Expected `braveBaseUrl`/);
    expect(() => createTools(shell, { web: { prompt: 'x' } as never })).toThrow(/Unknown option `web.prompt`/);
  });
});
