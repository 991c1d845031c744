import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';

/** Lines of a stored stream matching `pattern`, each prefixed by its 1-based line number (`12: text`). */
export async function matchingLines(path: string, pattern: RegExp, maxBytes: number): Promise<string> {
  const exists = await stat(path).catch(() => undefined);
  if (!exists) return '';
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  const out: string[] = [];
  let size = 0;
  let lineNumber = 0;
  let cut = 0;
  for await (const line of lines) {
    lineNumber++;
    pattern.lastIndex = 0;
    if (!pattern.test(line)) continue;
    const entry = `${lineNumber}: ${line}`;
    if (size + entry.length + 1 > maxBytes) {
      cut++;
      continue;
    }
    out.push(entry);
    size += entry.length + 1;
  }
  if (cut > 0) out.push(`[… ${cut} more matching lines past ${maxBytes} bytes; narrow the match or page with read()]`);
  return out.join('\n');
}
