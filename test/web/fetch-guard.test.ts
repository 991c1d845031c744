import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordStore, webFetch, type RecordStore } from '../../src/index.js';
import { createAddressGuard } from '../../src/web/address-guard.js';
import { requestOnce } from '../../src/web/request.js';
import { fixture, html, redirect, startServer, type TestServer } from './server.js';

// Two servers on two loopback addresses: 127.0.0.2 plays the allowed outside host, 127.0.0.1 the inside one.
let inside: TestServer;
let outside: TestServer;
let store: RecordStore;
let storeDir: string;

beforeAll(async () => {
  storeDir = mkdtempSync(join(tmpdir(), 'tersh-web-guard-'));
  store = createRecordStore({ dir: storeDir });
  inside = await startServer({ '/secret': html('<p>internal admin page</p>') }, '127.0.0.1');
  outside = await startServer(
    {
      '/page': html(fixture('scripts-and-styles.html')),
      '/to-inside': redirect(() => inside.url('/secret')),
      '/to-inside-301': redirect(() => inside.url('/secret'), 301),
      '/to-localhost-name': redirect(() => inside.url('/secret').replace('127.0.0.1', 'localhost')),
      '/to-mapped': redirect(() => inside.url('/secret').replace('127.0.0.1', '[::ffff:127.0.0.1]')),
      '/to-file': redirect('file:///etc/passwd'),
      '/to-denied-host': redirect(() => outside.url('/page').replace('127.0.0.2', 'localhost')),
    },
    '127.0.0.2',
  );
});

afterAll(async () => {
  await Promise.all([inside.close(), outside.close()]);
  rmSync(storeDir, { recursive: true, force: true });
});

const onlyOutside = {
  allowPrivateAddresses: ['127.0.0.2'],
  get store() {
    return store;
  },
};

describe('webFetch address guard and web policy', () => {
  it('blocks a loopback URL without allowPrivateAddresses, before sending anything', async () => {
    const result = await webFetch(inside.url('/secret'), { store });
    expect(result).toMatchObject({ blocked: true, code: 0, codeText: 'Blocked', bytes: 0 });
    expect(result.result).toContain('127.0.0.1 is a private, loopback or link-local address');
    expect(inside.seen).toHaveLength(0);
  });

  it('fetches the allowed outside server', async () => {
    const result = await webFetch(outside.url('/page'), onlyOutside);
    expect(result).toMatchObject({ code: 200 });
    expect(result.blocked).toBeUndefined();
  });

  it.each(['/to-inside', '/to-inside-301', '/to-localhost-name', '/to-mapped'])(
    'blocks a redirect from the allowed server to an inside address (%s) and never connects there',
    async (path) => {
      const result = await webFetch(outside.url(path), onlyOutside);
      expect(result.blocked).toBe(true);
      expect(result.result).toMatch(/^Blocked: redirect to \S+ refused: .*(private, loopback or link-local)/);
      expect(result.redirects).toHaveLength(1);
      expect(inside.seen).toHaveLength(0);
    },
  );

  it('blocks a redirect to file: as it blocks a file: URL', async () => {
    const redirected = await webFetch(outside.url('/to-file'), onlyOutside);
    expect(redirected).toMatchObject({ blocked: true, url: 'file:///etc/passwd' });
    expect(redirected.result).toContain('only http: and https: URLs are fetched, not file:');
    for (const url of [
      'file:///etc/passwd',
      'ftp://127.0.0.2/x',
      'data:text/plain,hello',
      'javascript:alert(1)',
      'gopher://127.0.0.2/',
    ]) {
      expect(await webFetch(url, { allowPrivateAddresses: true, store })).toMatchObject({ blocked: true, code: 0 });
    }
  });

  // Only loopback spellings go through webFetch, so that even a broken guard sends nothing off this machine.
  it.each([
    'http://127.1/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://localhost/',
    'http://LocalHost/',
  ])('blocks the loopback address %s in any spelling', async (url) => {
    const result = await webFetch(url, { store, timeoutMs: 2000 });
    expect(result.blocked).toBe(true);
  });

  it.each([
    ['169.254.169.254', true],
    ['10.0.0.1', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.1.1', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::', true],
    ['ff02::1', true],
    ['::ffff:10.1.2.3', true],
    ['64:ff9b::7f00:1', true],
    ['2002:7f00:1::', true],
    ['2002:a9fe:a9fe::1', true],
    ['not-an-ip', true],
    ['8.8.8.8', false],
    ['1.1.1.1', false],
    ['172.32.0.1', false],
    ['2606:4700::1111', false],
    ['::ffff:8.8.8.8', false],
    ['2002:808:808::', false],
  ] as const)('classes %s as inside: %s', (address, inside) => {
    expect(createAddressGuard()(address)).toBe(inside);
  });

  it('connects to the address that was checked, not to what the name resolves to later (DNS rebinding)', async () => {
    // `.invalid` never resolves (RFC 6761): the request can only reach the server through the pinned address.
    const port = new URL(outside.url('/')).port;
    const response = await requestOnce(new URL(`http://rebind.invalid:${port}/page`), {
      headers: {},
      signal: AbortSignal.timeout(5000),
      target: { address: '127.0.0.2', family: 4 },
    });
    response.resume();
    expect(response.statusCode).toBe(200);
    expect(outside.seen.at(-1)!.headers.host).toBe(`rebind.invalid:${port}`);
  });

  it('applies policy.web deny and allow globs to the URL and to every redirect', async () => {
    const denied = await webFetch(outside.url('/page'), { ...onlyOutside, policy: { web: { deny: ['127.0.0.*'] } } });
    expect(denied).toMatchObject({ blocked: true });
    expect(denied.result).toContain("matches the web policy's deny entry `127.0.0.*`");
    const notListed = await webFetch(outside.url('/page'), {
      ...onlyOutside,
      policy: { web: { allow: ['docs.rs', '*.github.com'] } },
    });
    expect(notListed.result).toContain("127.0.0.2 is not on the web policy's allow list");
    const listed = await webFetch(outside.url('/page'), { ...onlyOutside, policy: { web: { allow: ['127.0.0.2'] } } });
    expect(listed.code).toBe(200);
    const redirected = await webFetch(outside.url('/to-denied-host'), {
      allowPrivateAddresses: true,
      store,
      policy: { web: { deny: ['LOCALHOST'] } },
    });
    expect(redirected).toMatchObject({ blocked: true });
    expect(redirected.result).toContain('redirect to http://localhost:');
  });

  it('takes a shell policy object with its command entries beside web', async () => {
    const result = await webFetch(outside.url('/page'), {
      ...onlyOutside,
      policy: { allow: ['git status'], mode: 'enforce', web: { allow: ['127.0.0.2'] } },
    });
    expect(result.code).toBe(200);
  });
});
