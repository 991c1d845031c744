import { resolve } from 'node:path';
import { x } from 'tinyexec';
import { DEFAULT_SEARCH_IGNORES, displayPath } from './search-paths.js';
import { clipLine, HARD_MATCH_LIMIT, type GrepMatch, type GrepOutcome, type GrepQuery } from './grep-types.js';

interface RgMessage {
  type: string;
  data?: { path?: { text?: string; bytes?: string }; lines?: { text?: string; bytes?: string }; line_number?: number };
}

/** Searches with `rg --json`, files in path order, the hidden ones included and no ignore files read (as the JS engine). */
export async function grepWithRipgrep(rg: string, query: GrepQuery): Promise<GrepOutcome> {
  const args = ['--json', '--no-config', '--no-ignore', '--hidden', '--sort', 'path', '--no-messages'];
  if (query.ignoreCase) args.push('--ignore-case');
  if (query.fixedStrings) args.push('--fixed-strings');
  if (!query.includeIgnored) for (const name of DEFAULT_SEARCH_IGNORES) args.push('--glob', `!${name}`);
  for (const glob of query.globs) args.push('--glob', glob);
  args.push('--regexp', query.pattern, '--', query.root);
  const child = x(rg, args, {
    nodeOptions: { cwd: query.cwd, stdio: ['ignore', 'pipe', 'pipe'] },
    timeout: 60_000,
    throwOnError: false,
  });
  const matches: GrepMatch[] = [];
  const files = new Set<string>();
  const errors: string[] = [];
  let count = 0;
  let capped = false;
  for await (const line of child) {
    if (!line.startsWith('{')) {
      errors.push(line);
      continue;
    }
    const message = JSON.parse(line) as RgMessage;
    if (message.type !== 'match' || !message.data) continue;
    const path = displayPath(query.cwd, resolve(query.cwd, decode(message.data.path)));
    count++;
    files.add(path);
    if (matches.length < query.maxResults)
      matches.push({ path, line: message.data.line_number ?? 0, text: clipLine(decode(message.data.lines)) });
    if (count >= HARD_MATCH_LIMIT) {
      capped = true;
      child.kill();
      break;
    }
  }
  if (!capped && child.exitCode !== undefined && child.exitCode > 1) {
    throw new TypeError(
      `Expected \`pattern\` to be a valid search: ripgrep says ${errors.join(' ').slice(0, 500) || `exit ${child.exitCode}`}`,
    );
  }
  return { matches, count, files: files.size, capped };
}

function decode(field: { text?: string; bytes?: string } | undefined): string {
  if (!field) return '';
  if (field.text !== undefined) return field.text;
  return Buffer.from(field.bytes ?? '', 'base64').toString('utf8');
}
