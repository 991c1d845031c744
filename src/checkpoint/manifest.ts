import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TershError } from '../errors.js';
import { INFO_FILE, MANIFEST_FILE } from './layout.js';
import type { CheckpointEntry, CheckpointInfo } from './types.js';

const VERSION = 1;

export async function writeManifest(folder: string, entries: readonly CheckpointEntry[]): Promise<void> {
  await writeFile(join(folder, MANIFEST_FILE), JSON.stringify({ version: VERSION, entries }), { mode: 0o600 });
}

export async function writeInfo(folder: string, info: CheckpointInfo): Promise<void> {
  await writeFile(join(folder, INFO_FILE), `${JSON.stringify({ version: VERSION, ...info }, null, 2)}\n`, { mode: 0o600 });
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new TershError('STORE_IO', `Cannot read ${file}: ${(error as Error).message}`, { cause: error, details: { file } });
  }
}

export async function readManifest(folder: string): Promise<CheckpointEntry[]> {
  const data = await readJson(join(folder, MANIFEST_FILE));
  return data.entries as CheckpointEntry[];
}

export async function readInfo(folder: string): Promise<CheckpointInfo> {
  const { version: _version, ...info } = await readJson(join(folder, INFO_FILE));
  return info as unknown as CheckpointInfo;
}
