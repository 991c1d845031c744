import { STATUS_CODES } from 'node:http';
import { defaultRecordStore } from '../run/default-store.js';
import { createAddressGuard } from './address-guard.js';
import { convertBody } from './convert.js';
import { followRedirects, type Followed } from './follow-redirects.js';
import { abortedError, normalizeWebFetchOptions, parseUrl, WEB_FETCH_DEFAULTS, type NormalizedFetchOptions } from './options.js';
import { readBody, type ReadBody } from './read-body.js';
import { storeText } from './record.js';
import { resultView } from './result-view.js';
import type { WebFetchOptions, WebFetchResult } from './types.js';

const ACCEPT = 'text/markdown, text/html;q=0.9, application/json;q=0.8, text/plain;q=0.8, */*;q=0.5';

/**
 * Fetches a URL (HTTP or HTTPS) and returns its content as text a model can read: HTML as Markdown,
 * JSON pretty-printed, text as it is. The whole text goes into the record store (`id`); `result` is
 * its condensed view. Every hop is checked against the web policy and the private-address guard;
 * a blocked, failed or timed-out fetch is a result, not an exception. Throws only for misuse
 * (`TypeError`) and when `signal` cancels it (`TershError` `ABORTED`). It resolves with seed 002's fields, and the
 * shell's extras only when they say something.
 */
export async function webFetch(
  url: string,
  options?: WebFetchOptions,
): Promise<{
  /** The final URL, after redirects. */
  url: string;
  /** HTTP status; 0 when no response came (blocked, refused, timed out before the headers). */
  code: number;
  /** HTTP status text, or why no response came (`Blocked`, `Timed out`). */
  codeText: string;
  /** Body bytes read (after decompression). */
  bytes: number;
  /** How long the fetch took, in milliseconds (seed 002's name for it). */
  durationMs: number;
  /** The condensed view (Markdown for HTML) within the token budget, never over 100 000 characters. */
  result: string;
  /** Record id of the whole converted text (`detail(id, { match })`, by line range), when anything was read. */
  id?: string;
  /** Media type of the response. */
  contentType?: string;
  /** Lines of the whole converted text, when `result` shows less. */
  lines?: number;
  /** The policy or the address guard refused the URL or a redirect. */
  blocked?: true;
  /** The response passed `maxBytes`; the rest was not read. */
  truncated?: true;
  /** `timeoutMs` passed before the fetch finished. */
  timedOut?: true;
  /** The caller's AbortSignal stopped the fetch. */
  canceled?: true;
  /** Why no response (or no whole one) came. */
  error?: string;
  /** `result` is the caller's `summarize` output. */
  summarized?: true;
  /** The redirects followed, in order. */
  redirects?: string[];
  /** An image response, when `images` was set. */
  image?: { data: string; mimeType: string };
  /** The caller's `prompt`, echoed with the result. */
  prompt?: string;
  /** What to do next (fetch the rest with `detail`, allow the host…). */
  hint?: string;
}> {
  const started = performance.now();
  const start = parseUrl(url);
  const opts = normalizeWebFetchOptions(options);
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const elapsed = () => Math.round(performance.now() - started);
  const headers = { 'user-agent': opts.userAgent, accept: ACCEPT, 'accept-encoding': 'gzip, deflate, br' };
  const rules = {
    hosts: opts.hosts,
    privateAllowed: opts.privateAllowed,
    isPrivate: createAddressGuard(),
    maxRedirects: opts.maxRedirects,
    headers,
  };
  let followed: Followed;
  try {
    followed = await followRedirects(start, rules, signal);
  } catch (error) {
    if (opts.signal?.aborted) throw abortedError();
    if (!timeout.aborted) throw error;
    return { ...noResponse(start.href, elapsed(), 'Timed out', `No response within ${opts.timeoutMs} ms.`), timedOut: true };
  }
  const redirects = followed.redirects.length > 0 ? { redirects: followed.redirects } : {};
  if (followed.blocked)
    return {
      ...noResponse(followed.url.href, elapsed(), 'Blocked', `Blocked: ${followed.blocked}.`),
      blocked: true,
      ...redirects,
    };
  if (!followed.response)
    return {
      ...noResponse(followed.url.href, elapsed(), 'No response', `No response: ${followed.error ?? 'unknown error'}.`),
      error: followed.error ?? 'unknown error',
      ...redirects,
    };
  const response = followed.response;
  const body = await readBody(response, opts.maxBytes, signal);
  if (opts.signal?.aborted) throw abortedError();
  const contentType = String(response.headers['content-type'] ?? '');
  const converted = await convertBody(body.body, contentType, opts.images);
  const text = withEndNote(converted.text, body, opts, timeout.aborted);
  const code = response.statusCode ?? 0;
  const codeText = response.statusMessage || STATUS_CODES[code] || '';
  const facts = {
    url: followed.url.href,
    code,
    codeText,
    bytes: body.body.length,
    contentType,
    ...(opts.prompt !== undefined ? { prompt: opts.prompt } : {}),
  };
  const id =
    text === ''
      ? undefined
      : await storeText(opts.store ?? defaultRecordStore(), text, {
          ...facts,
          ...redirects,
          ...(body.truncated ? { truncated: true } : {}),
        });
  const view = await resultView(text, {
    recordId: id,
    budgetTokens: opts.budgetTokens,
    maxChars: WEB_FETCH_DEFAULTS.maxResultChars,
    prompt: opts.prompt,
    summarize: opts.summarize,
  });
  return {
    url: facts.url,
    code,
    codeText,
    bytes: facts.bytes,
    durationMs: elapsed(),
    result: view.result,
    ...(id ? { id } : {}),
    ...(contentType ? { contentType: contentType.split(';')[0]!.trim() } : {}),
    ...(view.lines !== undefined ? { lines: view.lines } : {}),
    ...(body.truncated ? { truncated: true as const } : {}),
    ...(timeout.aborted
      ? { timedOut: true as const, error: `the body was still arriving after ${opts.timeoutMs} ms` }
      : body.error
        ? { error: body.error.message }
        : {}),
    ...(view.summarized ? { summarized: true as const } : {}),
    ...redirects,
    ...(converted.image ? { image: converted.image } : {}),
    ...(opts.prompt !== undefined ? { prompt: opts.prompt } : {}),
    ...(view.hint ? { hint: view.hint } : {}),
  };
}

function noResponse(url: string, durationMs: number, codeText: string, result: string): WebFetchResult {
  return { url, code: 0, codeText, bytes: 0, durationMs, result };
}

/** The one line that says the text is not the whole response. */
function withEndNote(text: string, body: ReadBody, opts: NormalizedFetchOptions, timedOut: boolean): string {
  if (body.truncated)
    return `${text}${text.endsWith('\n') ? '' : '\n'}[… response cut at ${opts.maxBytes} bytes; the rest was not read …]\n`;
  if (timedOut)
    return `${text}${text.endsWith('\n') ? '' : '\n'}[… the response was cut by the ${opts.timeoutMs} ms timeout …]\n`;
  if (body.error) return `${text}${text.endsWith('\n') ? '' : '\n'}[… the response broke off: ${body.error.message} …]\n`;
  return text;
}
