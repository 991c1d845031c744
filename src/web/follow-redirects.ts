import type { IncomingMessage } from 'node:http';
import { requestOnce } from './request.js';
import { checkTarget, type TargetRules } from './target-check.js';

export interface Followed {
  /** The last URL tried (the final one when a response came). */
  url: URL;
  redirects: string[];
  response?: IncomingMessage;
  blocked?: string;
  error?: string;
}

const REDIRECT_CODES = new Set([301, 302, 303, 307, 308]);

/** GETs `start`, following at most `maxRedirects` redirects, each one checked as the first URL was. */
export async function followRedirects(
  start: URL,
  rules: TargetRules & { maxRedirects: number; headers: Record<string, string> },
  signal: AbortSignal,
): Promise<Followed> {
  const redirects: string[] = [];
  let url = start;
  for (;;) {
    const target = await checkTarget(url, rules, signal);
    if ('blocked' in target)
      return {
        url,
        redirects,
        blocked: redirects.length > 0 ? `redirect to ${url.href} refused: ${target.blocked}` : target.blocked,
      };
    if ('error' in target) return { url, redirects, error: target.error };
    let response: IncomingMessage;
    try {
      response = await requestOnce(url, { headers: rules.headers, signal, target });
    } catch (error) {
      if (signal.aborted) throw error;
      return { url, redirects, error: describeNetworkError(error) };
    }
    const location = response.headers.location;
    if (!REDIRECT_CODES.has(response.statusCode ?? 0) || !location) return { url, redirects, response };
    response.destroy();
    if (redirects.length >= rules.maxRedirects)
      return { url, redirects, error: `stopped after ${rules.maxRedirects} redirects (the next was to ${location})` };
    try {
      url = new URL(location, url);
    } catch {
      return { url, redirects, error: `the redirect went to an invalid URL: ${location}` };
    }
    redirects.push(url.href);
  }
}

function describeNetworkError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
