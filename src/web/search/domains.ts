import type { SearchHit } from '../types.js';

/** Keeps the hits whose host is under an allowed domain (when any is given) and under no blocked one. */
export function filterByDomain(hits: readonly SearchHit[], allowed: readonly string[], blocked: readonly string[]): SearchHit[] {
  const allow = allowed.map(normalizeDomain);
  const block = blocked.map(normalizeDomain);
  return hits.filter((hit) => {
    const host = hostOf(hit.url);
    if (host === undefined) return false;
    if (block.some((domain) => isUnder(host, domain))) return false;
    return allow.length === 0 || allow.some((domain) => isUnder(host, domain));
  });
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** `https://docs.rs/x` → `docs.rs`; `*.example.com` → `example.com`. */
function normalizeDomain(domain: string): string {
  const bare = domain
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^\*\./, '')
    .replace(/^www\./, '');
  return bare.split('/')[0]!.replace(/\.$/, '');
}

function isUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`) || host === `www.${domain}`;
}
