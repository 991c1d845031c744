import { readBody } from '../read-body.js';
import { requestOnce } from '../request.js';

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * GETs a search backend's JSON answer. The backend's URL is the caller's configuration, not the model's,
 * so it is not put through the private-address guard (a test may point it at 127.0.0.1).
 */
export async function getJson(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`Expected the search backend URL to be http: or https:, got ${url.protocol}`);
  const response = await requestOnce(url, {
    headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', ...headers },
    signal,
  });
  const { body, truncated, error } = await readBody(response, MAX_ANSWER_BYTES, signal);
  if (error) throw error;
  const code = response.statusCode ?? 0;
  if (code < 200 || code > 299)
    throw new Error(
      `the search backend answered ${code} ${response.statusMessage ?? ''}: ${body.toString('utf8').slice(0, 200)}`,
    );
  if (truncated) throw new Error(`the search backend's answer passed ${MAX_ANSWER_BYTES} bytes`);
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new Error(`the search backend's answer is not JSON: ${body.toString('utf8').slice(0, 200)}`);
  }
}

/** A string field of a JSON value, or ''. */
export function stringField(value: unknown, key: string): string {
  const field = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof field === 'string' ? field : '';
}
