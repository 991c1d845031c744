/**
 * Seed 003's terse text for callers that want text, not JSON: the output as it is, then one line of
 * bracketed tags saying only what the output cannot (`[exit:2]`, `[timed out]`, `[id:r1…]` to fetch the rest).
 */
export function terseText(result: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof result.stdout === 'string' && result.stdout !== '') parts.push(result.stdout.replace(/\n$/, ''));
  if (typeof result.stderr === 'string' && result.stderr !== '') parts.push(`[stderr]\n${result.stderr.replace(/\n$/, '')}`);
  const tags = statusTags(result);
  if (tags.length > 0 || parts.length === 0) parts.push(tags.length > 0 ? tags.join(' ') : '[ok]');
  return parts.join('\n');
}

function statusTags(result: Record<string, unknown>): string[] {
  const tags: string[] = [];
  const { exit, ok } = result;
  if (result.blocked === true) tags.push(String(result.message ?? result.hint ?? '[BLOCKED]'));
  else if (result.job_id !== undefined) tags.push(`[job:${String(result.job_id)} running]`);
  else if (exit !== 0 || ok === false) {
    tags.push(exit === null ? '[exit:none]' : `[exit:${String(exit)}]`);
    if (ok === true) tags.push('[ok]');
    if (typeof result.message === 'string') tags.push(result.message);
  }
  if (result.timed_out === true) tags.push('[timed out]');
  if (result.canceled === true) tags.push('[canceled]');
  if (typeof result.signal === 'string') tags.push(`[signal:${result.signal}]`);
  const image = result.stdout_image as { mime_type?: string; bytes?: number } | undefined;
  if (image) tags.push(`[${String(image.mime_type)} ${String(image.bytes)} bytes]`);
  if (result.assert_ok === false)
    tags.push(`[assert failed] ${(result.assertions_failed as string[] | undefined)?.join('; ') ?? ''}`.trimEnd());
  const elided =
    result.stdout_lines !== undefined ||
    result.stderr_lines !== undefined ||
    result.stdout_truncated === true ||
    result.stderr_truncated === true;
  if (elided || ok === false || result.stdout_binary === true) tags.push(`[id:${String(result.id)}]`);
  for (const name of ['warning', 'advice', 'hint', 'callback_error'] as const) {
    if (typeof result[name] === 'string' && !(name === 'hint' && result.blocked === true))
      tags.push(`[${name.replace('_', ' ')}] ${result[name] as string}`);
  }
  return tags;
}
