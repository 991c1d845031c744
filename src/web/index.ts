export { webFetch } from './web-fetch.js';
export { webSearch } from './search/web-search.js';
export type {
  SearchBackend,
  SearchHit,
  WebFetchOptions,
  WebFetchResult,
  WebPolicyOptions,
  WebSearchOptions,
  WebSearchResult,
} from './types.js';
