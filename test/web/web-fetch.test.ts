import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordStore, isTershError, webFetch, type RecordStore, type WebFetchOptions } from '../../src/index.js';
import { compressed, endless, fixture, html, redirect, startServer, type TestServer } from './server.js';

let server: TestServer;
let store: RecordStore;
let storeDir: string;
const docs = fixture('docs-installation.html');
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  storeDir = mkdtempSync(join(tmpdir(), 'tersh-web-'));
  store = createRecordStore({ dir: storeDir });
  const routes: Parameters<typeof startServer>[0] = {
    '/docs': html(docs),
    '/scripts': html(fixture('scripts-and-styles.html')),
    '/gzip': compressed(docs, 'gzip'),
    '/br': compressed(docs, 'br'),
    '/deflate': compressed(docs, 'deflate'),
    '/deflate-raw': compressed(docs, 'deflate-raw'),
    '/cp1252-meta': html(fixture('windows-1252.html'), 'text/html'),
    '/cp1252-header': html(
      Buffer.from(
        fixture('windows-1252.html')
          .toString('latin1')
          .replace(/<meta[^>]*>/, ''),
        'latin1',
      ),
      'text/html; charset=windows-1252',
    ),
    '/sjis': html(fixture('shift-jis.html'), 'text/html'),
    '/json': html('{"name":"tersh","tags":["shell","agent"],"nested":{"ok":true}}', 'application/json'),
    '/text': html('plain *text*\n  kept as it is\n', 'text/plain'),
    '/image.png': html(png, 'image/png'),
    '/blob': html(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 0, 0, 0, 9, 255]), 'application/octet-stream'),
    '/missing-page': (_req, res) => void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Nothing here</h1>'),
    '/huge': endless(200 * 1024 * 1024),
    '/big-html': html(
      `<html><body>${Array.from({ length: 6000 }, (_, i) => `<p>Paragraph ${i} about sockets and streams.</p>`).join('')}</body></html>`,
    ),
    '/huge-html': html(
      `<html><body>${Array.from({ length: 60_000 }, (_, i) => `<section><h2>Part ${i}</h2><p>Text of part ${i} &amp; more.</p><script>x()</script></section>`).join('')}</body></html>`,
    ),
    '/no-answer': () => undefined,
    '/stall-body': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first part arrived\n');
    },
    '/ua': (req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(`ua=${req.headers['user-agent']}`),
    '/chain/*': (req, res) => {
      const left = Number(req.url!.split('/').pop());
      res.writeHead(302, { location: left === 0 ? '/docs' : `/chain/${left - 1}` }).end();
    },
    '/to-file': redirect('file:///etc/passwd'),
    '/to-localhost': redirect((self) => self.url('/docs').replace('127.0.0.1', 'localhost')),
  };
  server = await startServer(routes);
});

afterAll(async () => {
  await server.close();
  rmSync(storeDir, { recursive: true, force: true });
});

const local = (extra: WebFetchOptions = {}): WebFetchOptions => ({ allowPrivateAddresses: true, store, ...extra });
const requested = (path: string) => server.seen.filter((request) => request.path === path).length;

describe('webFetch over real HTTP on loopback', () => {
  it('turns a saved docs page into Markdown with its headings and code blocks, and stores the whole text', async () => {
    const result = await webFetch(server.url('/docs'), local());
    expect(result).toMatchObject({
      url: server.url('/docs'),
      code: 200,
      codeText: 'OK',
      bytes: docs.length,
      contentType: 'text/html',
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.result).toContain('## [Installation](#installation)');
    expect(result.result).toContain("```console\n$ curl --proto '=https' --tlsv1.2 https://sh.rustup.rs -sSf | sh\n```");
    expect(result.result).not.toMatch(/<div|<script|<\/p>/);
    expect(result.result).not.toContain('ch01-02-hello-world.html'); // the page navigation
    expect(result.result.length).toBeLessThan(docs.length / 3);
    const matched = await store.detail(result.id!, { match: 'rustup update' });
    expect(matched).toMatch(/^\d+: \$ rustup update$/m);
    const first = await store.detail(result.id!, { fromLine: 1, toLine: 1 });
    expect(first).toBe('1: # Installation - The Rust Programming Language');
  });

  it('drops scripts, styles, inline data, frames, svg and navigation but keeps the article', async () => {
    const { result } = await webFetch(server.url('/scripts'), local());
    expect(result).not.toMatch(/MUST_NOT_APPEAR/);
    expect(result).toContain('# Release notes 4.2');
    expect(result).toContain('-   The default `timeout` is now _30 s_ (was 120 s).');
    expect(result).toContain('| Old name | New name |\n| --- | --- |\n| `maxSize` | `maxBytes` |\n| `retry` | `retries` |');
    expect(result).toContain('```bash\nnpm install acme-client@4.2.0\nnpx acme migrate --from 4.1\n```');
    expect(result).toContain('[uploads guide](/docs/uploads)');
  });

  it.each(['/gzip', '/br', '/deflate', '/deflate-raw'])('decodes a %s response to the same Markdown', async (path) => {
    const plain = await webFetch(server.url('/docs'), local());
    const packed = await webFetch(server.url(path), local());
    expect(packed.result.replaceAll(packed.id!, plain.id!)).toBe(plain.result);
    expect(packed.bytes).toBe(docs.length);
  });

  it('decodes non-UTF-8 pages by their meta or header charset', async () => {
    for (const path of ['/cp1252-meta', '/cp1252-header']) {
      const { result } = await webFetch(server.url(path), local());
      expect(result).toContain('# Crème brûlée');
      expect(result).toContain('« à la française ». Prix : 5 €.');
    }
    const japanese = await webFetch(server.url('/sjis'), local());
    expect(japanese.result).toContain('# 今日の天気');
    expect(japanese.result).toContain('最高気温は２３度です。');
  });

  it('pretty-prints JSON, keeps text as it is, and describes binary bodies instead of dumping them', async () => {
    expect((await webFetch(server.url('/json'), local())).result).toBe(
      '{\n  "name": "tersh",\n  "tags": [\n    "shell",\n    "agent"\n  ],\n  "nested": {\n    "ok": true\n  }\n}\n',
    );
    expect((await webFetch(server.url('/text'), local())).result).toBe('plain *text*\n  kept as it is\n');
    const blob = await webFetch(server.url('/blob'), local());
    expect(blob.result).toBe('[binary: application/octet-stream, 12 bytes; not shown]\n');
    const image = await webFetch(server.url('/image.png'), local());
    expect(image.result).toBe(`[image: image/png, ${png.length} bytes; not shown]\n`);
    expect(image.image).toBeUndefined();
    const shown = await webFetch(server.url('/image.png'), local({ images: true }));
    expect(shown.image).toEqual({ data: png.toString('base64'), mimeType: 'image/png' });
  });

  it('reports an HTTP error status as a result', async () => {
    const result = await webFetch(server.url('/missing-page'), local());
    expect(result).toMatchObject({ code: 404, codeText: 'Not Found', result: '# Nothing here\n' });
  });

  it('follows a redirect chain to the final URL and stops after 10 redirects', async () => {
    const three = await webFetch(server.url('/chain/2'), local());
    expect(three.url).toBe(server.url('/docs'));
    expect(three.redirects).toEqual([server.url('/chain/1'), server.url('/chain/0'), server.url('/docs')]);
    expect(three.code).toBe(200);
    const before = requested('/chain/0');
    const eleven = await webFetch(server.url('/chain/11'), local());
    expect(eleven).toMatchObject({ code: 0, error: expect.stringContaining('stopped after 10 redirects') });
    expect(eleven.redirects).toHaveLength(10);
    expect(requested('/chain/0')).toBe(before); // the 11th redirect was not followed
  });

  it('times out a server that never answers, and keeps what a stalled body sent', async () => {
    const silent = await webFetch(server.url('/no-answer'), local({ timeoutMs: 300 }));
    expect(silent).toMatchObject({ code: 0, timedOut: true, codeText: 'Timed out' });
    expect(silent.durationMs).toBeLessThan(3000);
    const stalled = await webFetch(server.url('/stall-body'), local({ timeoutMs: 300 }));
    expect(stalled).toMatchObject({ code: 200, timedOut: true });
    expect(stalled.result).toContain('first part arrived');
    expect(stalled.result).toContain('cut by the 300 ms timeout');
  });

  it('reads at most 10 MB of a 200 MB response by default, says so, and drops the connection', async () => {
    const result = await webFetch(server.url('/huge'), local());
    expect(result.bytes).toBe(10 * 1024 * 1024);
    expect(result.truncated).toBe(true);
    expect(result.result.length).toBeLessThanOrEqual(100_000);
    const tail = await store.detail(result.id!, { match: 'response cut at' });
    expect(tail).toMatch(/\[… response cut at 10485760 bytes; the rest was not read …\]/);
  }, 60_000);

  it('converts the first MiB of a 6 MB HTML page to Markdown and the rest as plain text, keeping every word', async () => {
    const started = performance.now();
    const result = await webFetch(server.url('/huge-html'), local());
    expect(result.bytes).toBeGreaterThan(5_000_000);
    expect(await store.detail(result.id!, { match: '^## Part 100$' })).toMatch(/^\d+: ## Part 100$/);
    expect(await store.detail(result.id!, { match: 'shown as plain text' })).toContain(
      '[… the HTML past 1048576 characters is shown as plain text (tags stripped), not as Markdown …]',
    );
    expect(await store.detail(result.id!, { match: '^Text of part 59999 & more\\.$' })).toMatch(/: Text of part 59999 & more\.$/);
    expect(await store.detail(result.id!, { match: 'x\\(\\)' })).toBe('');
    expect(performance.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('cuts the result at 100 000 characters whatever the budget, with a marker naming the record', async () => {
    const result = await webFetch(server.url('/big-html'), local({ budgetTokens: 10_000_000 }));
    expect(result.result.length).toBeLessThan(100_300);
    expect(result.result).toContain(`[… truncated at 100000 characters`);
    expect(result.result).toContain(result.id!);
    expect(await store.detail(result.id!, { match: '^Paragraph 5999 ' })).toMatch(
      /: Paragraph 5999 about sockets and streams\.$/,
    );
  });

  it('condenses a page over the budget, and hands it to summarize with the prompt when one is given', async () => {
    const condensed = await webFetch(server.url('/big-html'), local({ prompt: 'What is paragraph 42 about?' }));
    expect(condensed.result).toMatch(/\[… lines \d+–\d+ omitted/);
    expect(condensed.prompt).toBe('What is paragraph 42 about?');
    expect(condensed.hint).toContain('No summarize callback');
    expect(condensed.lines).toBeGreaterThan(6000);
    const calls: [number, string][] = [];
    const summarized = await webFetch(
      server.url('/big-html'),
      local({
        prompt: 'What is paragraph 42 about?',
        summarize: (text, prompt) => {
          calls.push([text.length, prompt]);
          return 'Paragraph 42 is about sockets and streams.';
        },
      }),
    );
    expect(summarized).toMatchObject({ result: 'Paragraph 42 is about sockets and streams.', summarized: true });
    expect(calls).toEqual([[expect.any(Number), 'What is paragraph 42 about?']]);
    expect(calls[0]![0]).toBeGreaterThan(200_000);
    const small = await webFetch(server.url('/text'), local({ summarize: () => 'never', prompt: 'x' }));
    expect(small.result).toBe('plain *text*\n  kept as it is\n');
  });

  it('sends User-Agent tersh/<version> by default, or the one given', async () => {
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default as { version: string };
    expect((await webFetch(server.url('/ua'), local())).result).toBe(`ua=tersh/${version}`);
    expect((await webFetch(server.url('/ua'), local({ userAgent: 'my-agent/2' }))).result).toBe('ua=my-agent/2');
  });

  it('throws ABORTED when the caller cancels', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await webFetch(server.url('/no-answer'), local({ signal: controller.signal })).catch(
      (caught: unknown) => caught,
    );
    expect(isTershError(error) && error.code).toBe('ABORTED');
  });

  it.each([
    [123, {}, /Expected `url` to be an absolute URL/],
    ['not a url', {}, /Expected `url` to be an absolute URL/],
    ['http://x.test/', { timeoutMs: -5 }, /Expected `timeoutMs` to be an integer from 1 to 600000, got `-5` \(number\)/],
    ['http://x.test/', { maxRedirects: 11 }, /Expected `maxRedirects`/],
    ['http://x.test/', { followAll: true }, /Unknown option `followAll`/],
    ['http://x.test/', { policy: { web: { allow: 'docs.rs' } } }, /Expected `policy.web.allow` to be an array of strings/],
    [
      'http://x.test/',
      { allowPrivateAddresses: ['10.0.0.0/99'] },
      /Expected `allowPrivateAddresses\[0\]` to be an IP address or CIDR range/,
    ],
    ['http://x.test/', { userAgent: 'a\r\nX-Injected: 1' }, /Expected `userAgent` to be a string without line breaks/],
    ['http://x.test/', { summarize: 'yes' }, /Expected `summarize` to be a function/],
  ])('rejects misuse %j %j with a TypeError naming the field', async (url, options, message) => {
    await expect(webFetch(url as string, options as WebFetchOptions)).rejects.toThrow(TypeError);
    await expect(webFetch(url as string, options as WebFetchOptions)).rejects.toThrow(message);
  });
});
