import { invalid, optionalInteger, optionalString, optionalStringArray, readOptionsObject } from '../../validate.js';
import type { SearchBackend, WebSearchOptions } from '../types.js';
import { DEFAULT_USER_AGENT } from '../version.js';

export const WEB_SEARCH_DEFAULTS = {
  numResults: 5,
  timeoutMs: 30_000,
  braveBaseUrl: 'https://api.search.brave.com',
  duckDuckGoBaseUrl: 'https://api.duckduckgo.com',
} as const;

export const WEB_SEARCH_OPTION_KEYS = [
  'numResults',
  'allowedDomains',
  'blockedDomains',
  'searchBackend',
  'braveApiKey',
  'braveBaseUrl',
  'duckDuckGoBaseUrl',
  'timeoutMs',
  'userAgent',
  'signal',
] as const;

export interface NormalizedSearchOptions {
  numResults: number;
  allowedDomains: string[];
  blockedDomains: string[];
  searchBackend: SearchBackend | undefined;
  braveApiKey: string | undefined;
  braveBaseUrl: string;
  duckDuckGoBaseUrl: string;
  timeoutMs: number;
  userAgent: string;
  signal: AbortSignal | undefined;
}

export function normalizeSearchQuery(query: unknown): string {
  if (typeof query !== 'string' || query.trim().length < 2 || query.length > 2000) {
    throw invalid('query', 'a string of 2 to 2000 characters', query);
  }
  return query.trim();
}

export function normalizeWebSearchOptions(options: WebSearchOptions | undefined): NormalizedSearchOptions {
  const raw = readOptionsObject('options', options, WEB_SEARCH_OPTION_KEYS);
  if (raw.searchBackend !== undefined && typeof raw.searchBackend !== 'function')
    throw invalid('searchBackend', 'a function', raw.searchBackend);
  if (raw.signal !== undefined && !(raw.signal instanceof AbortSignal)) throw invalid('signal', 'an AbortSignal', raw.signal);
  const braveApiKey =
    optionalString('braveApiKey', raw.braveApiKey, { nonEmpty: true, maxLength: 500 }) ??
    (process.env.BRAVE_SEARCH_API_KEY || undefined);
  const userAgent = optionalString('userAgent', raw.userAgent, { nonEmpty: true, maxLength: 500 });
  for (const [field, value] of [
    ['braveApiKey', braveApiKey],
    ['userAgent', userAgent],
  ] as const) {
    if (value !== undefined && /[\r\n]/.test(value))
      throw invalid(field, 'a string without line breaks', field === 'braveApiKey' ? '(hidden)' : value);
  }
  return {
    numResults: optionalInteger('numResults', raw.numResults, { min: 1, max: 50 }) ?? WEB_SEARCH_DEFAULTS.numResults,
    allowedDomains: optionalStringArray('allowedDomains', raw.allowedDomains) ?? [],
    blockedDomains: optionalStringArray('blockedDomains', raw.blockedDomains) ?? [],
    searchBackend: raw.searchBackend as SearchBackend | undefined,
    braveApiKey,
    braveBaseUrl: baseUrl('braveBaseUrl', raw.braveBaseUrl) ?? WEB_SEARCH_DEFAULTS.braveBaseUrl,
    duckDuckGoBaseUrl: baseUrl('duckDuckGoBaseUrl', raw.duckDuckGoBaseUrl) ?? WEB_SEARCH_DEFAULTS.duckDuckGoBaseUrl,
    timeoutMs: optionalInteger('timeoutMs', raw.timeoutMs, { min: 1, max: 600_000 }) ?? WEB_SEARCH_DEFAULTS.timeoutMs,
    userAgent: userAgent ?? DEFAULT_USER_AGENT,
    signal: raw.signal as AbortSignal | undefined,
  };
}

function baseUrl(field: string, value: unknown): string | undefined {
  const text = optionalString(field, value, { nonEmpty: true, maxLength: 2000 });
  if (text === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw invalid(field, 'an http: or https: URL', value);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalid(field, 'an http: or https: URL', value);
  return text;
}
