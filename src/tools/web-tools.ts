import { readOptionsObject } from '../validate.js';
import { webFetch, webSearch, type WebFetchOptions, type WebSearchOptions } from '../web/index.js';
import { normalizeWebFetchOptions, WEB_FETCH_OPTION_KEYS } from '../web/options.js';
import { normalizeWebSearchOptions } from '../web/search/search-options.js';
import { defineTool } from './define-tool.js';
import { toSnakeCase } from './snake-case.js';
import { toolResult } from './tool-result.js';
import type { ToolDefinition, WebToolsOptions } from './types.js';

const SEARCH_KEYS = ['searchBackend', 'braveApiKey', 'braveBaseUrl', 'duckDuckGoBaseUrl'] as const;
const FETCH_KEYS = WEB_FETCH_OPTION_KEYS.filter((key) => key !== 'prompt' && key !== 'signal');

/** Checks `web` once, when the tools are made, so a bad host option fails there rather than on a model's call. */
export function readWebToolsOptions(value: unknown): { fetch: WebFetchOptions; search: WebSearchOptions } {
  const raw = readOptionsObject('web', value as WebToolsOptions | undefined, [
    ...FETCH_KEYS,
    ...SEARCH_KEYS,
    'timeoutMs',
    'userAgent',
  ]);
  const fetch: Record<string, unknown> = {};
  const search: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(raw)) {
    if (item === undefined) continue;
    if ((FETCH_KEYS as readonly string[]).includes(key)) fetch[key] = item;
    if ((SEARCH_KEYS as readonly string[]).includes(key) || key === 'timeoutMs' || key === 'userAgent') search[key] = item;
  }
  normalizeWebFetchOptions(fetch);
  normalizeWebSearchOptions(search);
  return { fetch: fetch as WebFetchOptions, search: search as WebSearchOptions };
}

export function webFetchTool(options: WebFetchOptions): ToolDefinition {
  const tool = defineTool({
    name: 'web_fetch',
    description:
      'Fetch an http(s) URL: HTML as Markdown, JSON pretty-printed, text as is. Returns a condensed view; the whole text is ' +
      'stored under `id` (read it with sh_detail by match or line range). Private addresses and hosts outside the policy are blocked.',
    properties: {
      url: { type: 'string', minLength: 1, maxLength: 8192, description: 'The http or https URL.' },
      prompt: { type: 'string', maxLength: 10_000, description: 'What to find on the page.' },
    },
    required: ['url'],
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    async call(args, extra) {
      const result = await webFetch(args.url as string, {
        ...options,
        ...(args.prompt !== undefined ? { prompt: args.prompt as string } : {}),
        ...(extra.signal ? { signal: extra.signal } : {}),
      });
      return toSnakeCase(result) as Record<string, unknown>;
    },
  });
  return {
    ...tool,
    // An image travels as an image block, not as base64 inside the JSON text.
    async handler(args, extra) {
      const answer = await tool.handler(args, extra);
      const image = answer.structuredContent.image as { data: string; mime_type: string } | undefined;
      if (!image) return answer;
      const structured = {
        ...answer.structuredContent,
        image: { mime_type: image.mime_type, bytes: Buffer.byteLength(image.data, 'base64') },
      };
      const plain = toolResult(structured, answer.isError);
      return { ...plain, content: [plain.content[0], { type: 'image', data: image.data, mimeType: image.mime_type }] };
    },
  };
}

export function webSearchTool(options: WebSearchOptions): ToolDefinition {
  const domains = (description: string) => ({
    type: 'array' as const,
    items: { type: 'string' as const, minLength: 1, maxLength: 253 },
    maxItems: 50,
    description,
  });
  return defineTool({
    name: 'web_search',
    description: 'Search the web: titles, URLs and snippets.',
    properties: {
      query: { type: 'string', minLength: 2, maxLength: 2000, description: 'The search query.' },
      num_results: { type: 'integer', minimum: 1, maximum: 20, description: 'Most results. Default 5.' },
      allowed_domains: domains('Only results from these domains.'),
      blocked_domains: domains('No results from these domains.'),
    },
    required: ['query'],
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    async call(args, extra) {
      const result = await webSearch(args.query as string, {
        ...options,
        ...(args.num_results !== undefined ? { numResults: args.num_results as number } : {}),
        ...(args.allowed_domains !== undefined ? { allowedDomains: args.allowed_domains as string[] } : {}),
        ...(args.blocked_domains !== undefined ? { blockedDomains: args.blocked_domains as string[] } : {}),
        ...(extra.signal ? { signal: extra.signal } : {}),
      });
      return toSnakeCase(result) as Record<string, unknown>;
    },
  });
}
