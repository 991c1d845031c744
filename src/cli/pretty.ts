/** A readable form of a tool result: `key: value` lines, nested objects indented, long text as blocks. */
export function pretty(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return `${indent}(none)`;
    return value
      .map((item) => (isObject(item) ? `${indent}-\n${pretty(item, `${indent}  `)}` : `${indent}- ${scalar(item)}`))
      .join('\n');
  }
  if (!isObject(value)) return `${indent}${scalar(value)}`;
  const lines: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' && item.includes('\n')) {
      lines.push(
        `${indent}${key}: |`,
        ...item
          .replace(/\n$/, '')
          .split('\n')
          .map((line) => `${indent}  ${line}`),
      );
    } else if (Array.isArray(item) && item.every((entry) => !isObject(entry))) {
      lines.push(`${indent}${key}: ${item.length === 0 ? '(none)' : item.map(scalar).join(', ')}`);
    } else if (isObject(item) || Array.isArray(item)) {
      lines.push(`${indent}${key}:`, pretty(item, `${indent}  `));
    } else {
      lines.push(`${indent}${key}: ${scalar(item)}`);
    }
  }
  return lines.join('\n');
}

/**
 * `tersh run --pretty`: the streams as they are, then one status line. `streamed`: the output was already
 * written as it came (in a terminal), so only the status line is left to print.
 */
export function prettyRun(result: Record<string, unknown>, streamed = false): { stdout: string; stderr: string } {
  const { stdout, stderr, id, exit, ok, ms, ...rest } = result;
  const out = typeof stdout === 'string' && !streamed ? stdout : '';
  const parts = [`exit ${exit === null ? '-' : String(exit)}`, ok ? 'ok' : 'failed', `${String(ms)} ms`, `id ${String(id)}`];
  const details = Object.keys(rest).length > 0 ? `\n${pretty(rest, '  ')}` : '';
  const err = `${typeof stderr === 'string' && !streamed ? stderr : ''}── ${parts.join(' · ')}${details}\n`;
  return { stdout: out, stderr: err };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function scalar(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
