import { TershError } from '../../errors.js';
import type { SearchBackend, SearchHit, WebSearchOptions, WebSearchResult } from '../types.js';
import { braveBackend } from './brave.js';
import { filterByDomain } from './domains.js';
import { duckDuckGoBackend } from './duckduckgo.js';
import { normalizeSearchQuery, normalizeWebSearchOptions, type NormalizedSearchOptions } from './search-options.js';

/** Asked of a backend when domain filters may drop some hits. */
const FILTER_HEADROOM = 4;

/**
 * Searches the web: the caller's `searchBackend`, else the Brave Search API when a key is set
 * (`braveApiKey` or `BRAVE_SEARCH_API_KEY`), else DuckDuckGo's Instant Answer API. Results are
 * filtered by `allowedDomains` / `blockedDomains` and cut to `numResults`; none is a sentence, not
 * an error. Throws a `TypeError` for misuse, `TershError` `ABORTED` when `signal` cancels, and an
 * `Error` naming the backend when it fails or does not answer in time.
 */
export async function webSearch(query: string, options?: WebSearchOptions): Promise<WebSearchResult> {
  const started = performance.now();
  const text = normalizeSearchQuery(query);
  const opts = normalizeWebSearchOptions(options);
  const { backend, name } = pickBackend(opts);
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const filtering = opts.allowedDomains.length > 0 || opts.blockedDomains.length > 0;
  let hits: readonly SearchHit[];
  try {
    hits = await backend(text, { numResults: filtering ? opts.numResults * FILTER_HEADROOM : opts.numResults, signal });
  } catch (error) {
    if (opts.signal?.aborted) throw new TershError('ABORTED', 'The search was canceled');
    if (timeout.aborted) {
      throw new TershError('WEB_SEARCH_FAILED', `The ${name} search backend did not answer within ${opts.timeoutMs} ms`, {
        details: { backend: name, timedOut: true },
      });
    }
    const message = `The ${name} search backend failed: ${error instanceof Error ? error.message : String(error)}`;
    throw new TershError('WEB_SEARCH_FAILED', message, { cause: error, details: { backend: name } });
  }
  if (!Array.isArray(hits))
    throw new TypeError(`Expected \`searchBackend\` to resolve with an array of { title, url, snippet }, got ${typeof hits}`);
  const kept = filterByDomain(hits.map(toHit), opts.allowedDomains, opts.blockedDomains).slice(0, opts.numResults);
  return {
    query: text,
    results: kept.length > 0 ? kept : `No results found for "${text}"${filtering ? ' within the domain filters' : ''}.`,
    durationSeconds: Math.round(performance.now() - started) / 1000,
    backend: name,
  };
}

function pickBackend(opts: NormalizedSearchOptions): { backend: SearchBackend; name: WebSearchResult['backend'] } {
  if (opts.searchBackend) return { backend: opts.searchBackend, name: 'custom' };
  if (opts.braveApiKey)
    return {
      backend: braveBackend({ apiKey: opts.braveApiKey, baseUrl: opts.braveBaseUrl, userAgent: opts.userAgent }),
      name: 'brave',
    };
  return { backend: duckDuckGoBackend({ baseUrl: opts.duckDuckGoBaseUrl, userAgent: opts.userAgent }), name: 'duckduckgo' };
}

function toHit(item: SearchHit): SearchHit {
  const field = (key: keyof SearchHit) => (typeof item?.[key] === 'string' ? item[key] : '');
  return { title: field('title'), url: field('url'), snippet: field('snippet') };
}
