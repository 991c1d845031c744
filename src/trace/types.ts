/**
 * What a traced run did to the file system, which programs it ran and where it connected.
 */
export interface TraceSummary {
  /** Files opened for reading (not directories; /proc, /sys and /dev left out). */
  filesRead: {
    /** The entries listed: absolute, deduplicated, in first-seen order, the first 100. */
    items: string[];
    /** How many distinct entries there were, listed or not. */
    count: number;
  };
  /** Files opened for writing or truncated. */
  filesWritten: TraceSummary['filesRead'];
  /**
   * Files, directories, links and nodes that came into existence: mkdir/mknod/symlink/link, an open with
   * O_CREAT|O_EXCL, or an O_CREAT open of a path the run had seen missing or whose birth time is after the trace began.
   */
  filesCreated: TraceSummary['filesRead'];
  /** Paths removed by unlink, unlinkat or rmdir. */
  filesDeleted: TraceSummary['filesRead'];
  /** Renames as `old → new`. */
  filesRenamed: TraceSummary['filesRead'];
  /** Programs executed (the path given to execve, made absolute). */
  processes: TraceSummary['filesRead'];
  /** Network endpoints connected or sent to, as `address:port` (`[v6]:port`, `unix:/path`), attempts included. */
  connections: TraceSummary['filesRead'];
}

/** One list in a trace summary: absolute, deduplicated, in first-seen order, capped at `maxListed`. */
export type TraceList = TraceSummary['filesRead'];

/** Options of `summarizeTrace`. */
export interface SummarizeTraceOptions {
  /** The working directory the traced command started in; relative paths resolve against it. */
  cwd: string;
  /** How many entries each list keeps; `count` still counts them all. @defaultValue 100 */
  maxListed?: number;
  /**
   * The programs that run before the command when something wraps it (a sandbox's `launchers`), in order,
   * as the absolute paths they are executed by. Their own calls (mount setup, path lookups) are left out,
   * from the start of the trace until the command itself is executed.
   * @defaultValue []
   */
  launchers?: string[];
}
