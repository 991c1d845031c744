import { startRecord, type RecordStore } from '../store/index.js';

/** Stores the whole converted text as a record's stdout, so `detail` by line range and `match` work on it. */
export async function storeText(store: RecordStore, text: string, facts: Record<string, unknown>): Promise<string> {
  const writer = startRecord(store, { command: `web_fetch ${String(facts.url)}`, cwd: '', kind: 'web', ...facts });
  writer.stdout.append(Buffer.from(text, 'utf8'));
  const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  await writer.finish({ ...facts, stdoutLines: lines, exit: 0 });
  return writer.id;
}
