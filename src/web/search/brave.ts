import type { SearchBackend, SearchHit } from '../types.js';
import { getJson, stringField } from './get-json.js';

/** Brave's most results per request. */
const BRAVE_MAX_COUNT = 20;

/**
 * The Brave Search API's web search (`GET /res/v1/web/search?q=…&count=…`, key in `X-Subscription-Token`);
 * its answer holds `web.results[]` of `{ title, url, description }`.
 */
export function braveBackend(settings: { apiKey: string; baseUrl: string; userAgent: string }): SearchBackend {
  return async (query, { numResults, signal }) => {
    const url = new URL('/res/v1/web/search', settings.baseUrl);
    url.searchParams.set('q', query);
    url.searchParams.set('count', String(Math.min(BRAVE_MAX_COUNT, numResults)));
    const answer = await getJson(url, { 'x-subscription-token': settings.apiKey, 'user-agent': settings.userAgent }, signal);
    const web = typeof answer === 'object' && answer !== null ? (answer as { web?: { results?: unknown } }).web : undefined;
    const results = Array.isArray(web?.results) ? (web.results as unknown[]) : [];
    return results
      .map((item): SearchHit => ({
        title: stripTags(stringField(item, 'title')),
        url: stringField(item, 'url'),
        snippet: stripTags(stringField(item, 'description')),
      }))
      .filter((hit) => hit.url !== '');
  };
}

/** Brave marks the query's words with <strong>. */
export function stripTags(text: string): string {
  return text
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}
