/** What a manifest records for each path. */
export type CheckpointEntryType = CheckpointEntry['type'];

/**
 * Snapshots of folders, kept outside them, restorable exactly. Created by {@link createCheckpointStore}.
 */
export interface CheckpointStore {
  /** The folder holding the checkpoints. */
  readonly dir: string;
  /** Snapshots `sourceDir` under `label` (unique per origin; `CHECKPOINT_EXISTS` otherwise). */
  save(
    label: string,
    sourceDir: string,
    options?: {
      /**
       * minimatch globs (relative to the source folder, `dot` and `matchBase` on) of paths left out of the checkpoint.
       * A folder matching a glob, or whose path followed by `/` matches it, is skipped whole. Replaces the defaults:
       * pass `[...DEFAULT_CHECKPOINT_EXCLUDES, 'dist/**']` to extend them, `[]` to keep everything.
       * @defaultValue DEFAULT_CHECKPOINT_EXCLUDES
       */
      exclude?: string[];
      /**
       * The save stops with `CHECKPOINT_TOO_LARGE` before copying anything when the files to keep add up to more bytes.
       * @defaultValue 2147483648 (2 GiB)
       */
      maxBytes?: number;
      /**
       * The save stops with `CHECKPOINT_TOO_LARGE` before copying anything when the tree holds more entries (files, folders, links…).
       * @defaultValue 200000
       */
      maxFiles?: number;
    },
  ): Promise<{
    /** The label it was saved under (unique per origin). */
    label: string;
    /** Real path of the folder checkpointed. */
    origin: string;
    /** ISO 8601. */
    createdAt: string;
    /** Entries in the manifest (files, folders, links, special files, the origin itself). */
    entries: number;
    /** Total size of the files kept, in bytes. */
    bytes: number;
    /** Bytes actually copied by this save; unchanged files share the copies of the origin's previous checkpoint. */
    copiedBytes: number;
    /** The exclude globs this checkpoint was taken with (a restore leaves matching paths alone). */
    exclude: string[];
    /** The `maxBytes` limit it was saved with. */
    maxBytes: number;
    /** The `maxFiles` limit it was saved with. */
    maxFiles: number;
    /** Set on the checkpoint a restore takes of the state it is about to replace: the label restored. */
    undoOf?: string;
    /** How long the save took, in milliseconds. */
    ms: number;
    /**
     * Set by `list`: bytes the origin's whole store takes on disk (every checkpoint of that origin together; allocated
     * blocks, so holes cost nothing and a copy shared by several checkpoints counts once).
     */
    storeBytes?: number;
  }>;
  /**
   * Puts the origin back as it was at `label`, after checkpointing its current state (see `undoLabel`). `options` names
   * the folders: `origin` (the folder checkpointed), `target` (the folder restored into, whose real path must be the
   * origin's; else `CHECKPOINT_TARGET_MISMATCH`), or both; each defaults to the other.
   */
  restore(
    label: string,
    options: { origin: string; target?: string } | { origin?: string; target: string },
  ): Promise<{
    /** The label restored. */
    label: string;
    /** Real path restored. */
    origin: string;
    /** Label of the checkpoint of the state just before the restore: restore it to undo this one. */
    undoLabel: string;
    /** Files, links and special files rewritten because their content or type differed. */
    written: string[];
    /** Paths created since the checkpoint, now deleted. */
    deleted: string[];
    /** Paths deleted since the checkpoint, now recreated. */
    created: string[];
    /** Paths whose mode or modification time only was put back. */
    metadata: string[];
    /** Special files that cannot be recreated here (sockets, devices), left absent. */
    skipped: string[];
    /** How long the restore took, in milliseconds. */
    ms: number;
  }>;
  /** Complete checkpoints, oldest first: those of one origin, or all. */
  list(origin?: string): Promise<Awaited<ReturnType<CheckpointStore['save']>>[]>;
  /** Deletes a checkpoint; false when there was none with that label. */
  drop(
    label: string,
    options: {
      /** The folder the checkpoint was taken of (any path resolving to the same real path). */
      origin: string;
    },
  ): Promise<boolean>;
  /** Compares the origin as it is now with a checkpoint, changing nothing. */
  diff(
    label: string,
    options: Parameters<CheckpointStore['restore']>[1],
  ): Promise<{
    /** Content or type differs: a restore rewrites them. */
    changed: string[];
    /** Present now, absent from the checkpoint: a restore deletes them. */
    created: string[];
    /** In the checkpoint, missing now: a restore recreates them. */
    deleted: string[];
    /** Only the mode or the modification time differs. */
    metadata: string[];
  }>;
  /** The manifest of a checkpoint. */
  manifest(
    label: string,
    options: Parameters<CheckpointStore['drop']>[1],
  ): Promise<
    {
      /** Relative to the origin with `/` separators; `.` is the origin folder itself. */
      path: string;
      /** What the path is: a file, a folder, a symlink or a special file. */
      type: 'file' | 'dir' | 'symlink' | 'fifo' | 'socket' | 'char-device' | 'block-device';
      /** Permission bits including setuid, setgid and sticky (`st_mode & 0o7777`). */
      mode: number;
      /** Bytes, for files. */
      size: number;
      /** Modification time in nanoseconds since the epoch, as a decimal string (restored to the microsecond). */
      mtimeNs: string;
      /**
       * Name of the stored copy of a non-empty file in the origin's object pool. Later checkpoints of the file untouched
       * share it, so equal ids mean equal content. No content hash is computed (see docs/checkpoint.md).
       */
      contentId?: string;
      /** Where a symlink points, as written (never followed). */
      target?: string;
      /** Inode number and change time when saved: a file with the same inode, size, mtime and ctime is not read again. */
      ino: number;
      /** Status-change time in nanoseconds since the epoch, as a decimal string. */
      ctimeNs: string;
    }[]
  >;
}

/**
 * Options of {@link CheckpointStore.diff}: as for a restore, the folder compared must be the origin itself.
 */
export type DiffOptions = Parameters<CheckpointStore['diff']>[1];

/**
 * Differences between a folder and a checkpoint, named for what a restore would do.
 * Paths are relative to the origin, with `/` separators.
 */
export type CheckpointDiff = Awaited<ReturnType<CheckpointStore['diff']>>;

/**
 * One path of a checkpoint's manifest.
 */
export type CheckpointEntry = Awaited<ReturnType<CheckpointStore['manifest']>>[number];

/** Options of {@link CheckpointStore.save}. */
export type SaveOptions = NonNullable<Parameters<CheckpointStore['save']>[2]>;

/** A checkpoint as listed. */
export type CheckpointInfo = Awaited<ReturnType<CheckpointStore['save']>>;

/** The folders a restore or a diff acts on: `origin`, `target`, or both. */
export type RestoreOptions = Parameters<CheckpointStore['restore']>[1];

/** What a restore did. */
export type RestoreReport = Awaited<ReturnType<CheckpointStore['restore']>>;

/** Which checkpoint a method addresses: labels are unique per origin folder. */
export type CheckpointRef = Parameters<CheckpointStore['drop']>[1];
