import type { SearchBackend, SearchHit } from '../types.js';
import { stripTags } from './brave.js';
import { getJson, stringField } from './get-json.js';

/**
 * DuckDuckGo's Instant Answer API (`GET /?q=…&format=json&no_html=1&skip_disambig=1`): the abstract
 * (`Heading`, `AbstractText`, `AbstractURL`), then `Results[]` and `RelatedTopics[]` (`Text`, `FirstURL`;
 * a topic group nests its own `Topics[]`). It answers from an index of topics, not the whole web.
 */
export function duckDuckGoBackend(settings: { baseUrl: string; userAgent: string }): SearchBackend {
  return async (query, { signal }) => {
    const url = new URL('/', settings.baseUrl);
    for (const [key, value] of [
      ['q', query],
      ['format', 'json'],
      ['no_html', '1'],
      ['skip_disambig', '1'],
      ['no_redirect', '1'],
    ])
      url.searchParams.set(key!, value!);
    const answer = await getJson(url, { 'user-agent': settings.userAgent }, signal);
    const hits: SearchHit[] = [];
    const abstractUrl = stringField(answer, 'AbstractURL');
    if (abstractUrl !== '') {
      hits.push({
        title: stringField(answer, 'Heading') || query,
        url: abstractUrl,
        snippet: stringField(answer, 'AbstractText'),
      });
    }
    const record = answer as Record<string, unknown>;
    for (const list of [record?.Results, record?.RelatedTopics]) collectTopics(list, hits);
    return hits;
  };
}

function collectTopics(list: unknown, into: SearchHit[]): void {
  if (!Array.isArray(list)) return;
  for (const topic of list) {
    if (Array.isArray((topic as { Topics?: unknown })?.Topics)) {
      collectTopics((topic as { Topics: unknown[] }).Topics, into);
      continue;
    }
    const url = stringField(topic, 'FirstURL');
    const text = stripTags(stringField(topic, 'Text'));
    if (url === '' || text === '') continue;
    // "Rust (programming language) A multi-paradigm…": the link's words open the text.
    const title = stripTags(/<a [^>]*>([^<]*)<\/a>/.exec(stringField(topic, 'Result'))?.[1] ?? '') || text.split(' - ')[0]!;
    into.push({ title, url, snippet: text });
  }
}
