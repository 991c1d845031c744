import { statSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  createCheckpointStore,
  type CheckpointInfo,
  type CheckpointStore,
  type RestoreReport,
  type SaveOptions,
} from '../checkpoint/index.js';
import { TershError } from '../errors.js';
import { optionalString, readOptionsObject } from '../validate.js';

export interface ShellCheckpointSettings {
  checkpointDir: string | undefined;
  maxUndoCheckpoints: number | undefined;
  /** The directory the shell started in: its checkpoints stay in reach after the session moves away. */
  startCwd: string;
}

export interface ShellCheckpoints {
  save(label: string, options?: SaveOptions): Promise<CheckpointInfo>;
  restore(label: string, options?: unknown): Promise<RestoreReport>;
  list(options?: unknown): Promise<CheckpointInfo[]>;
}

/**
 * A checkpoint belongs to the folder it was taken of, not to wherever the session is now: a label is
 * looked up in the session's directory, then in every folder this shell checkpointed (latest first),
 * then in the one it started in. `cwd` and `setCwd` are the session's.
 */
export function shellCheckpoints(
  settings: ShellCheckpointSettings,
  cwd: () => string,
  setCwd: (dir: string) => void,
): ShellCheckpoints {
  let store: CheckpointStore | undefined;
  const origins: string[] = [];
  const checkpoints = (): CheckpointStore =>
    (store ??= createCheckpointStore({
      ...(settings.checkpointDir === undefined ? {} : { dir: settings.checkpointDir }),
      ...(settings.maxUndoCheckpoints === undefined ? {} : { maxUndoCheckpoints: settings.maxUndoCheckpoints }),
    }));

  /** The folders whose checkpoints the session can reach, real paths, nearest first. */
  const reachable = async (): Promise<string[]> => {
    const folders = [cwd(), ...[...origins].reverse(), settings.startCwd];
    const real = await Promise.all(folders.map((folder) => realpath(folder).catch(() => undefined)));
    return [...new Set(real.filter((folder): folder is string => folder !== undefined))];
  };

  const findOrigin = async (label: string, first?: string): Promise<string | undefined> => {
    const folders = first === undefined ? await reachable() : [await realpath(first).catch(() => first), ...(await reachable())];
    for (const folder of folders) {
      if ((await checkpoints().list(folder)).some((info) => info.label === label)) return folder;
    }
    return undefined;
  };

  const pathOption = (field: string, value: unknown): string | undefined => {
    const path = optionalString(field, value, { nonEmpty: true });
    return path === undefined ? undefined : resolve(cwd(), path);
  };

  return {
    async save(label, options) {
      const info = await checkpoints().save(label, cwd(), options);
      const at = origins.indexOf(info.origin);
      if (at >= 0) origins.splice(at, 1);
      origins.push(info.origin);
      return info;
    },

    async restore(label, options) {
      const raw = readOptionsObject('options', options as Record<string, unknown> | undefined, ['origin', 'target']);
      const target = pathOption('target', raw.target);
      const origin = pathOption('origin', raw.origin) ?? (await findOrigin(label, target));
      if (origin === undefined) {
        const searched = await reachable();
        throw new TershError(
          'CHECKPOINT_NOT_FOUND',
          `No checkpoint labelled "${label}" for ${searched.join(', ')} (the session's folder, those it checkpointed, the one it started in); pass \`origin\` for another folder.`,
          {
            details: { label, searched },
          },
        );
      }
      const report = await checkpoints().restore(label, { origin, target: target ?? origin });
      // The restore may have removed the folder the session was in (created after the checkpoint).
      if (!statSync(cwd(), { throwIfNoEntry: false })?.isDirectory()) setCwd(report.origin);
      return report;
    },

    async list(options) {
      const raw = readOptionsObject('options', options as Record<string, unknown> | undefined, ['origin']);
      const origin = pathOption('origin', raw.origin);
      if (origin !== undefined) return checkpoints().list(origin);
      const lists = await Promise.all((await reachable()).map((folder) => checkpoints().list(folder)));
      return lists.flat().sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
  };
}
