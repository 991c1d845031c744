// Logs, named instead of sampled: an access log's failed requests (4xx, 5xx) and requests for paths seldom asked
// for, each distinct one once; an application log's problem-level messages once each with their detail lines, and
// its rare messages (a slow statement, a startup line among thousands of connection lines).

import { shapeOf } from '../shape.js';
import type { DataView } from './data-view-types.js';

const REQUEST = /"([A-Z]+) (\S+) HTTP\/[\d.]+" (\d{3})\b/;
const PROBLEM_LEVEL = /\b(?:ERROR|FATAL|PANIC|CRITICAL|SEVERE|ALERT|EMERG|WARNING|WARN)\b:?\s*(.*)$/;
const DETAIL = /\b(?:DETAIL|HINT|STATEMENT|CONTEXT|QUERY|LOCATION):|^\s+\S/;
const MAX_PINNED = 80;
const RARE_PATH_MAX = 2;
const MIN_LINES = 100;
const MAX_DETAIL_LINES = 3;

export function rareRequests(lines: readonly string[]): DataView | undefined {
  const pinned = new Set<number>();
  const pin = (i: number): void => {
    if (pinned.size < MAX_PINNED) pinned.add(i);
  };
  const requests = requestLines(lines);
  const seen = new Set<string>();
  const byPath = new Map<string, number>();
  for (const [, request] of requests) byPath.set(request.path, (byPath.get(request.path) ?? 0) + 1);
  let failed = 0;
  for (const [i, request] of requests) {
    const bad = request.status >= 400;
    if (!bad && (requests.size < MIN_LINES || (byPath.get(request.path) as number) > RARE_PATH_MAX)) continue;
    if (bad) failed++;
    const key = `${request.method} ${request.target} ${request.status}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pin(i);
  }
  const messages = new Set<string>();
  const shapes = lines.length >= MIN_LINES ? new Map<number, number[]>() : undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '' || requests.has(i)) continue;
    const problem = PROBLEM_LEVEL.exec(line);
    if (problem !== null) {
      const message = (problem[0] as string).trim();
      if (messages.has(message)) continue;
      messages.add(message);
      pin(i);
      for (let j = i + 1; j <= i + MAX_DETAIL_LINES && j < lines.length && DETAIL.test(lines[j] as string); j++) pin(j);
      continue;
    }
    if (shapes === undefined) continue;
    const shape = shapeOf(line);
    const list = shapes.get(shape);
    if (list === undefined) shapes.set(shape, [i]);
    else if (list.length <= RARE_PATH_MAX + 1) list.push(i);
  }
  if (shapes !== undefined) {
    const rareLimit = Math.max(RARE_PATH_MAX + 1, Math.floor(lines.length / 200));
    const rare = [...shapes.values()].filter((list) => list.length <= rareLimit);
    // A log whose every other line is unlike the rest has no rare lines to tell apart.
    if (rare.length * 20 <= lines.length) for (const list of rare) for (const i of list) pin(i);
  }
  if (pinned.size === 0) return undefined;
  const header =
    requests.size > 0
      ? [`[overview: ${requests.size} requests, ${failed} failed; ${seen.size} distinct failed or seldom-requested shown]`]
      : [];
  return { header, pinned: [...pinned].sort((a, b) => a - b) };
}

interface Request {
  method: string;
  target: string;
  path: string;
  status: number;
}

function requestLines(lines: readonly string[]): Map<number, Request> {
  const requests = new Map<number, Request>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.includes('HTTP/')) continue;
    const match = REQUEST.exec(line);
    if (match === null) continue;
    const target = match[2] as string;
    const query = target.indexOf('?');
    requests.set(i, {
      method: match[1] as string,
      target,
      path: query === -1 ? target : target.slice(0, query),
      status: Number(match[3]),
    });
  }
  return requests;
}
