import type { RecordStore } from '../store/index.js';
import type { webFetch } from './web-fetch.js';

/**
 * Options of {@link webFetch}. Everything a model may set is validated; a bad field is a `TypeError` naming it.
 */
export interface WebFetchOptions {
  /** What the caller wants from the page; stored with the record and passed to `summarize`. */
  prompt?: string;
  /** Turns a result over the token budget into a summary with the caller's own model; tersh calls no model itself. */
  summarize?: (text: string, prompt: string) => string | Promise<string>;
  /** The web policy: `policy.web` (the command entries of a shell policy, if present, are ignored here). @defaultValue no host rules */
  policy?: {
    /** Which hosts `webFetch` may reach. Entries are hostname globs (`docs.rs`, `*.github.com`; `*` spans dots). */
    web?: {
      /** When non-empty, only hosts matching an entry are fetched. @defaultValue [] */
      allow?: readonly string[];
      /** Hosts never fetched, whatever `allow` says. @defaultValue [] */
      deny?: readonly string[];
    };
    /** Other entries of a shell policy, ignored here. */
    [key: string]: unknown;
  };
  /**
   * Lift the guard against private, loopback and link-local addresses: `true` for every address (local servers,
   * tests), or a list of addresses and CIDR ranges (`['10.1.0.0/16']`) for those only. @defaultValue false
   */
  allowPrivateAddresses?: boolean | readonly string[];
  /** Whole fetch, redirects included. @defaultValue 30000 */
  timeoutMs?: number;
  /** Most body bytes read (after decompression); the rest is dropped and said so. @defaultValue 10 MiB */
  maxBytes?: number;
  /** Most redirects followed, each checked against the policy. @defaultValue 10 */
  maxRedirects?: number;
  /** The User-Agent header sent. @defaultValue `tersh/<version>` */
  userAgent?: string;
  /** Token budget of `result`. @defaultValue 2000 (the condenser's) */
  budgetTokens?: number;
  /** Return an image response as base64 data (`image`) for a caller that shows images to its model. @defaultValue false */
  images?: boolean;
  /** Where the converted text is stored. @defaultValue the default record store (that of a shell without `storeDir`) */
  store?: RecordStore;
  /** Cancels the fetch. */
  signal?: AbortSignal;
}

/** What {@link webFetch} resolves with. */
export type WebFetchResult = Awaited<ReturnType<typeof webFetch>>;

/** Options of {@link webSearch}. */
export interface WebSearchOptions {
  /** Most results returned. @defaultValue 5 */
  numResults?: number;
  /** Only results whose host is one of these domains or under them. */
  allowedDomains?: readonly string[];
  /** Results whose host is one of these domains or under them are dropped. */
  blockedDomains?: readonly string[];
  /** The caller's own backend, used instead of Brave and DuckDuckGo. */
  searchBackend?: (
    query: string,
    context: { numResults: number; signal: AbortSignal },
  ) => Promise<readonly Exclude<WebSearchResult['results'], string>[number][]>;
  /** Brave Search API key. @defaultValue `process.env.BRAVE_SEARCH_API_KEY` */
  braveApiKey?: string;
  /** Base URL of the Brave Search API (for tests and proxies). @defaultValue 'https://api.search.brave.com' */
  braveBaseUrl?: string;
  /** Base URL of the DuckDuckGo API (for tests and proxies). @defaultValue 'https://api.duckduckgo.com' */
  duckDuckGoBaseUrl?: string;
  /** Whole search, in ms. @defaultValue 30000 */
  timeoutMs?: number;
  /** The User-Agent header sent. @defaultValue `tersh/<version>` */
  userAgent?: string;
  /** Cancels the search. */
  signal?: AbortSignal;
}

/** What {@link webSearch} returns. */
export interface WebSearchResult {
  /** The query as searched. */
  query: string;
  /** The hits, or a sentence when there are none. */
  results:
    | {
        /** The page title. */
        title: string;
        /** The page URL. */
        url: string;
        /** A short excerpt of the page. */
        snippet: string;
      }[]
    | string;
  /** How long the search took, in seconds (seed 002's name for it). */
  durationSeconds: number;
  /** Which backend answered: `brave`, `duckduckgo` or `custom`. */
  backend: 'brave' | 'duckduckgo' | 'custom';
}

/**
 * A search backend: the caller's own, or one of tersh's (Brave, DuckDuckGo).
 */
export type SearchBackend = NonNullable<WebSearchOptions['searchBackend']>;

/** Which hosts `webFetch` may reach. */
export type WebPolicyOptions = NonNullable<NonNullable<WebFetchOptions['policy']>['web']>;

/** One search hit: title, URL, snippet. */
export type SearchHit = Exclude<WebSearchResult['results'], string>[number];
