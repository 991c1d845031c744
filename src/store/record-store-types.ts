// The store's public shape, and the internal names derived from its signatures.

/**
 * Run records on disk, by id: what `run()`, jobs, terminal steps and web fetches keep in full. Created by
 * {@link createRecordStore}, or held by a shell.
 */
export interface RecordStore {
  /** The folder holding the records. */
  readonly dir: string;
  /** What the record says about its run (stored as `meta.json` beside the streams); throws `RECORD_NOT_FOUND` or `RECORD_EXPIRED`. */
  meta(id: string): Promise<{
    /** The record id, also the `id` of the run's result. */
    id: string;
    /** The command as given. */
    command: string;
    /** Its working directory. */
    cwd: string;
    /** ISO time the run started. */
    startedAt: string;
    /** ISO time the run ended; absent while it runs. */
    endedAt?: string;
    /** `running` while the command runs; `complete` once every byte is on disk. */
    state: 'running' | 'complete';
    /** Pid of the process (leader of its group). */
    pid?: number;
    /** The exit code, or null when a signal ended it. */
    exit?: number | null;
    /** The signal that ended it, if one did. */
    signal?: NodeJS.Signals | null;
    /** How long it ran, in milliseconds. */
    ms?: number;
    /** Bytes of stdout stored. */
    stdoutBytes?: number;
    /** Bytes of stderr stored. */
    stderrBytes?: number;
    /** Lines of stdout stored. */
    stdoutLines?: number;
    /** Lines of stderr stored. */
    stderrLines?: number;
    /** Any further facts the run recorded (status, shellKind, timedOut, attempts, jobId…). */
    [key: string]: unknown;
  }>;
  /** A whole stream, the meta as JSON, or numbered lines: those matching `match`, within `fromLine`–`toLine`. */
  detail(
    id: string,
    options?: {
      /** Which part of the record. @defaultValue 'stdout' */
      selector?: 'stdout' | 'stderr' | 'trace' | 'meta';
      /**
       * A regular expression: only the lines matching it, each prefixed by its line number. It runs on RE2, in time
       * linear in the record; backreferences and lookaround are refused with a TypeError.
       */
      match?: string;
      /** First line (1-based) of a stream to return, numbered as in `match` results and the condenser's markers. */
      fromLine?: number;
      /** Last line (inclusive) of a stream to return. */
      toLine?: number;
      /** Most bytes returned; past it a marker says how to page on. @defaultValue 8 MiB */
      maxBytes?: number;
    },
  ): Promise<string>;
  /** A page of a stream by byte offset, or `{ expired: true }` for an evicted record. */
  read(
    id: string,
    stream: 'stdout' | 'stderr' | 'trace',
    options?: {
      /** Byte offset to start at. @defaultValue 0 */
      offset?: number;
      /** Most bytes returned (never splitting a UTF-8 character). @defaultValue 64 KiB */
      maxBytes?: number;
    },
  ): Promise<
    | {
        /** The decoded text of the page (never a split UTF-8 character). */
        data: string;
        /** Where this page starts (moved forward past a split character when the asked offset fell inside one). */
        offset: number;
        /** Pass this as `offset` to read on. */
        nextOffset: number;
        /** True when the record is complete and nothing is left past `nextOffset`. */
        eof: boolean;
        /** Never set on a page: tells a page from an expired record's `{ expired: true }`. */
        expired?: never;
      }
    | {
        /** Always true: the record was evicted by the store's caps or TTL, and is gone. */
        expired: true;
      }
  >;
  /** Applies the caps and the TTL now, after re-reading the folder (it also runs by itself now and then). */
  sweep(): Promise<string[]>;
}

/** Options of {@link RecordStore.detail}: which part of a record, and which lines. */
export type DetailOptions = NonNullable<Parameters<RecordStore['detail']>[1]>;

/** What `detail` can select. */
export type DetailSelector = NonNullable<DetailOptions['selector']>;

/** Options of {@link RecordStore.read}: a page by byte offset. */
export type ReadOptions = NonNullable<Parameters<RecordStore['read']>[2]>;

/** A page of a stored stream. */
export type ReadPage = Exclude<Awaited<ReturnType<RecordStore['read']>>, { expired: true }>;

/** Returned instead of a page when the record was evicted by the store's caps or TTL. */
export type ExpiredRead = Extract<Awaited<ReturnType<RecordStore['read']>>, { expired: true }>;

/** What a new record starts with: the command and folder it is of, and any other meta facts. */
export type RecordInit = { command: string; cwd: string; [key: string]: unknown };
