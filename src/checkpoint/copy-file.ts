import { constants, createReadStream } from 'node:fs';
import { chmod, copyFile, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';

/** Files up to this size are read once, hashed and written from memory; larger ones are copied by the kernel and hashed as a stream. */
const IN_MEMORY_LIMIT = 8 * 1024 * 1024;

const sha1 = (content: Buffer | string): string => createHash('sha1').update(content).digest('hex');

export const EMPTY_HASH = sha1('');

async function hashStream(path: string): Promise<{ hash: string; size: number }> {
  const digest = createHash('sha1');
  let size = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    digest.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hash: digest.digest('hex'), size };
}

export interface CopiedFile {
  hash: string;
  size: number;
}

/**
 * Copies files into the store and hashes them. Whether a source device can clone into the store
 * (`COPYFILE_FICLONE_FORCE`: btrfs, xfs, APFS…) is probed once per device, then remembered by this copier.
 */
export interface Copier {
  copy(source: string, destination: string, device: number, size: number): Promise<CopiedFile>;
  /** Copies a stored file out (cloned where possible), keeping the destination private until renamed into place. */
  copyOut(source: string, destination: string, device: number): Promise<void>;
}

export function createCopier(): Copier {
  const canClone = new Map<number, boolean>();

  async function cloneOrCopy(source: string, destination: string, device: number): Promise<void> {
    const known = canClone.get(device);
    if (known !== false) {
      try {
        await copyFile(source, destination, constants.COPYFILE_FICLONE_FORCE | constants.COPYFILE_EXCL);
        canClone.set(device, true);
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EEXIST' || code === 'EACCES') throw error;
        canClone.set(device, false);
      }
    }
    await copyFile(source, destination, constants.COPYFILE_EXCL);
  }

  return {
    async copy(source, destination, device, size) {
      if (canClone.get(device) !== true && size <= IN_MEMORY_LIMIT && canClone.has(device)) {
        const content = await readFile(source);
        await writeFile(destination, content, { mode: 0o600, flag: 'wx' });
        return { hash: sha1(content), size: content.length };
      }
      await cloneOrCopy(source, destination, device);
      await chmod(destination, 0o600);
      return hashStream(destination);
    },
    async copyOut(source, destination, device) {
      await cloneOrCopy(source, destination, device);
    },
  };
}
