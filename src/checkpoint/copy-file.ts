import { constants } from 'node:fs';
import { chmod, copyFile, stat } from 'node:fs/promises';
import { copySparse, hasHoles } from './sparse-copy.js';

/**
 * Copies files in and out of the store. Whether a source device can clone into the store
 * (`COPYFILE_FICLONE_FORCE`: btrfs, xfs, APFS…) is probed on its first file, then remembered by this copier;
 * otherwise the kernel copies (`copy_file_range`), never through JavaScript buffers, except for a file with holes,
 * which is copied hole for hole (see `copySparse`).
 */
export interface Copier {
  /**
   * Copies `source` to a new file `destination`, readable by the store's owner whatever the source's mode.
   * `sparse` says whether the source has holes, when the caller knows (from its scan); otherwise the source is looked at.
   */
  copy(source: string, destination: string, device: number, mode: number, sparse?: boolean): Promise<void>;
}

export function createCopier(): Copier {
  const canClone = new Map<number, boolean>();

  async function cloneOrCopy(source: string, destination: string, device: number, sparse: boolean | undefined): Promise<void> {
    if (canClone.get(device) !== false) {
      try {
        await copyFile(source, destination, constants.COPYFILE_FICLONE_FORCE | constants.COPYFILE_EXCL);
        canClone.set(device, true);
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EEXIST' || code === 'EACCES' || code === 'EISDIR') throw error;
        canClone.set(device, false);
      }
    }
    if (sparse ?? hasHoles(await stat(source))) return copySparse(source, destination);
    await copyFile(source, destination, constants.COPYFILE_EXCL);
  }

  return {
    async copy(source, destination, device, mode, sparse) {
      await cloneOrCopy(source, destination, device, sparse);
      if ((mode & 0o600) !== 0o600 || (mode & 0o7000) !== 0) await chmod(destination, (mode & 0o777) | 0o600);
    },
  };
}
