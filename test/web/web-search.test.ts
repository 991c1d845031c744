import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isTershError, webSearch, type WebSearchOptions } from '../../src/index.js';

type SearchBackend = NonNullable<WebSearchOptions['searchBackend']>;
import { fixture, startServer, type TestServer } from './server.js';

let brave: TestServer;
let ddg: TestServer;
const savedKey = process.env.BRAVE_SEARCH_API_KEY;

beforeAll(async () => {
  brave = await startServer({
    '/res/v1/web/search': (req, res) => {
      const params = new URL(req.url!, 'http://x').searchParams;
      if (req.headers['x-subscription-token'] !== 'test-key')
        return void res
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"type":"ErrorResponse","error":{"code":"SUBSCRIPTION_TOKEN_INVALID","status":401}}');
      if (params.get('q') === 'zzqqxx nothing')
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"type":"search","query":{"original":"zzqqxx nothing"},"mixed":{"main":[]}}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(fixture('brave-web-search.json'));
    },
  });
  ddg = await startServer({
    '/': (req, res) => {
      const params = new URL(req.url!, 'http://x').searchParams;
      if (params.get('q') === 'slow query') return; // never answers
      if (params.get('q') === 'broken') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream error');
      const body = params.get('format') === 'json' ? fixture('duckduckgo-instant-answer.json') : Buffer.from('<html></html>');
      res.writeHead(200, { 'content-type': 'application/x-javascript' }).end(body);
    },
  });
});

afterEach(() => {
  if (savedKey === undefined) delete process.env.BRAVE_SEARCH_API_KEY;
  else process.env.BRAVE_SEARCH_API_KEY = savedKey;
});

afterAll(async () => {
  await Promise.all([brave.close(), ddg.close()]);
});

const braveOptions = (extra: WebSearchOptions = {}): WebSearchOptions => ({
  braveApiKey: 'test-key',
  braveBaseUrl: brave.url(''),
  ...extra,
});
const ddgOptions = (extra: WebSearchOptions = {}): WebSearchOptions => ({
  duckDuckGoBaseUrl: ddg.url(''),
  braveBaseUrl: brave.url(''),
  ...extra,
});

describe('webSearch', () => {
  it('asks the Brave Search API when a key is given, and returns its first 5 hits without markup', async () => {
    const result = await webSearch('tokio async runtime rust tutorial', braveOptions());
    expect(result.backend).toBe('brave');
    expect(result.query).toBe('tokio async runtime rust tutorial');
    expect(result.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(result.results).toHaveLength(5);
    expect((result.results as { title: string }[])[0]).toEqual({
      title: 'Tutorial | Tokio - An asynchronous Rust runtime',
      url: 'https://tokio.rs/tokio/tutorial',
      snippet:
        'Tokio is an asynchronous runtime for the Rust programming language. It provides the building blocks needed for writing networking applications.',
    });
    expect((result.results as { snippet: string }[])[1]!.snippet).toContain('I/O platform & more.');
    const request = brave.seen.at(-1)!;
    expect(request.path).toBe('/res/v1/web/search?q=tokio+async+runtime+rust+tutorial&count=5');
    expect(request.headers['user-agent']).toMatch(/^tersh\/\d/);
  });

  it('reads the key from BRAVE_SEARCH_API_KEY', async () => {
    process.env.BRAVE_SEARCH_API_KEY = 'test-key';
    const result = await webSearch('tokio tutorial', { braveBaseUrl: brave.url(''), numResults: 2 });
    expect(result.backend).toBe('brave');
    expect(result.results).toHaveLength(2);
  });

  it('falls back to the DuckDuckGo Instant Answer API without a key, abstract first and topic groups flattened', async () => {
    delete process.env.BRAVE_SEARCH_API_KEY;
    const result = await webSearch('rust programming language', ddgOptions({ numResults: 10 }));
    expect(result.backend).toBe('duckduckgo');
    expect(result.results).toEqual([
      {
        title: 'Rust (programming language)',
        url: 'https://en.wikipedia.org/wiki/Rust_(programming_language)',
        snippet: 'Rust is a general-purpose programming language emphasizing performance, type safety, and concurrency.',
      },
      { title: 'Official site', url: 'https://www.rust-lang.org/', snippet: 'Official site' },
      {
        title: 'Cargo (package manager)',
        url: 'https://duckduckgo.com/Cargo_(package_manager)',
        snippet: 'Cargo (package manager) The package manager and build system of Rust.',
      },
      {
        title: 'Servo (software)',
        url: 'https://duckduckgo.com/Servo_(software)',
        snippet: 'Servo (software) - An experimental browser engine written in Rust.',
      },
      {
        title: 'Rust (programming language) software',
        url: 'https://duckduckgo.com/c/Rust_(programming_language)_software',
        snippet: 'Rust (programming language) software',
      },
      {
        title: 'Concurrent programming languages',
        url: 'https://duckduckgo.com/c/Concurrent_programming_languages',
        snippet: 'Concurrent programming languages',
      },
    ]);
    const params = new URL(ddg.seen.at(-1)!.path, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toMatchObject({ q: 'rust programming language', format: 'json', no_html: '1' });
  });

  it('keeps only allowed domains (and their subdomains) and drops blocked ones', async () => {
    const allowed = await webSearch('tokio tutorial', braveOptions({ allowedDomains: ['tokio.rs', 'github.io'] }));
    expect((allowed.results as { url: string }[]).map((hit) => hit.url)).toEqual([
      'https://tokio.rs/tokio/tutorial',
      'https://tokio.rs/tokio/tutorial/async',
      'https://rust-lang.github.io/async-book/',
      'https://tokio.rs/tokio/tutorial/spawning',
    ]);
    const blocked = await webSearch(
      'tokio tutorial',
      braveOptions({ blockedDomains: ['tokio.rs', 'reddit.com'], numResults: 10 }),
    );
    expect((blocked.results as { url: string }[]).map((hit) => hit.url)).toEqual([
      'https://docs.rs/tokio/latest/tokio/',
      'https://github.com/tokio-rs/tokio',
      'https://rust-lang.github.io/async-book/',
    ]);
    expect(brave.seen.at(-1)!.path).toContain('count=20');
    const none = await webSearch('tokio tutorial', braveOptions({ allowedDomains: ['example.org'] }));
    expect(none.results).toBe('No results found for "tokio tutorial" within the domain filters.');
  });

  it('says so in a sentence when there are no results', async () => {
    expect((await webSearch('zzqqxx nothing', braveOptions())).results).toBe('No results found for "zzqqxx nothing".');
  });

  it('uses the caller’s own backend when one is given', async () => {
    const calls: { query: string; numResults: number; isSignal: boolean }[] = [];
    const searchBackend: SearchBackend = async (query, { numResults, signal }) => {
      calls.push({ query, numResults, isSignal: signal instanceof AbortSignal });
      return [{ title: 'Mine', url: 'https://mine.example/a', snippet: 'from my index' }];
    };
    const result = await webSearch('  my query  ', { ...braveOptions(), searchBackend, numResults: 3 });
    expect(result).toMatchObject({
      backend: 'custom',
      query: 'my query',
      results: [{ title: 'Mine', url: 'https://mine.example/a', snippet: 'from my index' }],
    });
    expect(calls).toEqual([{ query: 'my query', numResults: 3, isSignal: true }]);
  });

  it('throws WEB_SEARCH_FAILED naming the backend when it fails, refuses the key, or does not answer in time', async () => {
    const failed = await webSearch('broken', ddgOptions()).catch((error: unknown) => error);
    expect(isTershError(failed) && failed.code).toBe('WEB_SEARCH_FAILED');
    expect((failed as Error).message).toMatch(/duckduckgo search backend failed: the search backend answered 500/);
    const refused = await webSearch('tokio', braveOptions({ braveApiKey: 'wrong' })).catch((error: unknown) => error);
    expect((refused as Error).message).toContain('answered 401');
    const slow = await webSearch('slow query', ddgOptions({ timeoutMs: 300 })).catch((error: unknown) => error);
    expect(isTershError(slow) && slow.details).toMatchObject({ backend: 'duckduckgo', timedOut: true });
  });

  it.each([
    ['a', {}, /Expected `query` to be a string of 2 to 2000 characters/],
    ['  x ', {}, /Expected `query`/],
    [42, {}, /Expected `query`/],
    ['ok query', { numResults: 0 }, /Expected `numResults` to be an integer from 1 to 50/],
    ['ok query', { allowedDomains: 'docs.rs' }, /Expected `allowedDomains` to be an array of strings/],
    ['ok query', { braveBaseUrl: 'file:///tmp/x' }, /Expected `braveBaseUrl` to be an http: or https: URL/],
    ['ok query', { engine: 'google' }, /Unknown option `engine`/],
  ])('rejects misuse %j %j with a TypeError naming the field', async (query, options, message) => {
    await expect(webSearch(query as string, options as WebSearchOptions)).rejects.toThrow(message);
  });
});
