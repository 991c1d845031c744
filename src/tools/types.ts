import type { JobManager } from '../jobs/index.js';
import type { PtyManager } from '../pty/index.js';
import type { Plan, toolAnnotations } from '../plan/index.js';
import type { RecordStore } from '../store/index.js';
import type { RunOptions, RunResult } from '../run/index.js';
import type { WebFetchOptions, WebSearchOptions } from '../web/index.js';

/** A JSON Schema (draft 2020-12) as plain data: the subset the tools' handlers validate by hand. */
export interface JsonSchema {
  /** The JSON Schema dialect. */
  $schema?: string;
  /** The JSON type, or several. */
  type?:
    | 'object'
    | 'string'
    | 'integer'
    | 'number'
    | 'boolean'
    | 'array'
    | 'null'
    | readonly ('object' | 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'null')[];
  /** What the value is for, written for a model. */
  description?: string;
  /** Schemas of an object's properties. */
  properties?: Record<string, JsonSchema>;
  /** Properties an object must have. */
  required?: readonly string[];
  /** Whether (or which) other properties are allowed. */
  additionalProperties?: boolean | JsonSchema;
  /** Schema of an array's items. */
  items?: JsonSchema;
  /** The allowed values. */
  enum?: readonly (string | number | boolean)[];
  /** The value matches at least one of these. */
  anyOf?: readonly JsonSchema[];
  /** Least number allowed. */
  minimum?: number;
  /** Greatest number allowed. */
  maximum?: number;
  /** Shortest string allowed. */
  minLength?: number;
  /** Longest string allowed. */
  maxLength?: number;
  /** Fewest items allowed. */
  minItems?: number;
  /** Most items allowed. */
  maxItems?: number;
}

/**
 * The names of the ready-made tools.
 */
export type ToolName =
  | 'sh_run'
  | 'sh_detail'
  | 'sh_plan'
  | 'sh_checkpoint'
  | 'sh_restore'
  | 'sh_checkpoints'
  | 'sh_logs'
  | 'sh_kill'
  | 'sh_jobs'
  | 'sh_glob'
  | 'sh_grep'
  | 'web_fetch'
  | 'web_search'
  | 'sh_pty_open'
  | 'sh_pty_run'
  | 'sh_pty_close'
  | 'terminal_pty_open'
  | 'terminal_pty_run'
  | 'terminal_pty_close';

/**
 * One tool, ready for an MCP server or an agent framework. `handler` never rejects: misuse and
 * failures come back as `isError` results a model can read and correct.
 */
export interface ToolDefinition {
  /** The tool's name, as the model calls it. */
  name: ToolName;
  /** Short, written for a model. */
  description: string;
  /** JSON Schema 2020-12 of the arguments: an object schema, the shape MCP's `tools/list` takes as it is. */
  inputSchema: {
    /** The JSON Schema dialect, 2020-12's URI. */
    $schema?: string;
    /** The arguments are one object. */
    type: 'object';
    /** Each argument's own schema (plain JSON Schema data). */
    properties: Record<string, object>;
    /** The arguments a call must give. */
    required?: string[];
    /** `false`: a call with an argument not in `properties` is refused. */
    additionalProperties?: boolean;
  };
  /** MCP's behaviour hints. */
  annotations: ReturnType<typeof toolAnnotations>;
  /**
   * Runs the tool. What it resolves with is MCP's CallToolResult (`text` is `structuredContent` as compact JSON).
   * `extra` is optional: MCP's handler `extra` can be passed as it is (only `signal`, `onProgress` and `onOutput` are read).
   */
  handler(
    args: unknown,
    /** What the caller gives beside the arguments; the shape of the MCP SDK's `extra`. */
    extra?: {
      /** Cancels the call (MCP's `extra.signal`): a running command's whole process group is killed and the result says `canceled: true`. */
      signal?: AbortSignal;
      /** Called every few seconds while a long call runs (forward it as MCP's `notifications/progress`). */
      onProgress?: (progress: {
        /** Milliseconds since the call started; it grows with every report, so it serves as MCP's `progress`. */
        elapsedMs: number;
        /** Output lines so far, stdout and stderr together. */
        lines: number;
        /** Both in words, e.g. `12 s, 340 lines so far`. */
        message: string;
      }) => void;
      /** `sh_run`'s output as it arrives (decoded chunks of either stream), for a UI or a terminal; a throwing listener is reported in `callback_error`. */
      onOutput?: (chunk: string, stream: 'stdout' | 'stderr') => void;
    },
  ): Promise<{
    /** The JSON (or, with `format: 'text'`, terse) text, then an image block for an image on `sh_run`'s stdout or a `web_fetch` of an image when `web.images` is set. */
    content: [{ type: 'text'; text: string }, ...{ type: 'image'; data: string; mimeType: string }[]];
    /** The result as seed-shaped snake_case JSON. */
    structuredContent: Record<string, unknown>;
    /** True for a failed call (misuse, a failed command): the model reads `text` and corrects itself. */
    isError: boolean;
  }>;
}

/**
 * What the tools need of a shell: `createShell()` returns one; any object of this shape will do.
 * Results are passed on to the model in snake_case, so their exact shapes are the shell's.
 */
export interface ToolShell {
  /** The session's working directory; relative paths given to the tools resolve against it. */
  readonly cwd: string;
  /** Moves the session (`sh_run`'s `cwd` persists through it, seed 003); without it a `cwd` applies to its call only. */
  cd?(path: string): string;
  /** Runs a command (what `sh_run` calls). */
  run(command: string, options?: RunOptions & Record<string, unknown>): Promise<RunResult>;
  /** A record's stream or lines (what `sh_detail` calls). */
  detail(id: string, options?: Parameters<RecordStore['detail']>[1]): Promise<string>;
  /** A page of a record's stream by byte offset. */
  read(
    id: string,
    stream: Parameters<RecordStore['read']>[1],
    options?: Parameters<RecordStore['read']>[2],
  ): ReturnType<RecordStore['read']>;
  /** Plans a command (what `sh_plan` calls). */
  plan(command: string): Promise<Plan>;
  /** Background jobs (what `sh_logs` and `sh_kill` call). */
  readonly jobs: {
    logs(jobId: string, options?: Parameters<JobManager['logs']>[1]): Promise<object>;
    signal(jobId: string, signal: NodeJS.Signals): unknown;
    /** TERM, then KILL after the grace; `sh_kill` uses it for SIGTERM when present. */
    cancel?(jobId: string): Promise<unknown>;
    /** One job's status, for `background_action: 'status'`. */
    get?(jobId: string): object;
    /** Live and recent jobs, for `sh_jobs`. */
    list?(): readonly object[];
  };
  /** Snapshots the working directory (what `sh_checkpoint` calls). */
  checkpoint(label: string, options?: Record<string, unknown>): Promise<object>;
  /** Restores a checkpoint (what `sh_restore` calls). */
  restore(label: string, options?: Record<string, unknown>): Promise<object>;
  /** The checkpoints of the working directory, or of `origin` (what `sh_checkpoints` calls). */
  checkpoints(options?: Record<string, unknown>): Promise<readonly object[]>;
  /** Terminal sessions, for the `sh_pty_*` tools. */
  readonly pty?: PtyManager;
}

/**
 * Options of {@link createTools}.
 */
export interface CreateToolsOptions {
  /**
   * Which tools to expose, in this order (each costs context on every request). Opt-in: `web_fetch`, `web_search`,
   * and the terminal tools `sh_pty_open`, `sh_pty_run`, `sh_pty_close` (or seed 001's `terminal_pty_*`). @defaultValue the ten `sh_*` tools
   */
  include?: readonly ToolName[];
  /**
   * Options of the `web_fetch` and `web_search` tools, fixed by the host: the `webFetch` / `webSearch` options a model
   * may not set (it gives only the URL, the prompt, the query and its filters). @defaultValue `{}`
   */
  web?: Omit<WebFetchOptions, 'prompt' | 'signal'> &
    Pick<WebSearchOptions, 'searchBackend' | 'braveApiKey' | 'braveBaseUrl' | 'duckDuckGoBaseUrl'>;
  /**
   * `short`: terse descriptions and schemas without bounds or aliases (the handlers still check every
   * bound and accept the aliases), 1 175 o200k tokens for the ten tools; `full`: the long texts (2 607).
   * @defaultValue 'short'
   */
  descriptions?: 'short' | 'full';
  /**
   * `claude-code`: `sh_run` results also carry Claude Code's Bash fields, one meaning each: `stdout` and `stderr`
   * (always, `''` when empty), `interrupted`, `returnCodeInterpretation` (non-zero exits), `backgroundTaskId`, `isImage`.
   * Its input names (`timeout`, `description`, `run_in_background`, `dangerouslyDisableSandbox`) are accepted in any dialect.
   * @defaultValue 'tersh'
   */
  dialect?: 'tersh' | 'claude-code';
  /**
   * `text`: `sh_run`'s content text is seed 003's terse text (the output, then `[exit:N]`-style tags) instead of
   * JSON; `structuredContent` is the same either way. @defaultValue 'json'
   */
  format?: 'json' | 'text';
  /** Cap of each stream `sh_run { inline: true }` returns verbatim; a larger one shows its head and tail. @defaultValue 16384 */
  inlineMaxBytes?: number;
  /**
   * Finds the ripgrep binary for `sh_grep`; return `undefined` to use the JavaScript search.
   * @defaultValue looks for `rg` on `PATH`
   */
  findRipgrep?: () => string | undefined | Promise<string | undefined>;
}

/** What a handler resolves with: MCP's CallToolResult. */
export type ToolResult = Awaited<ReturnType<ToolDefinition['handler']>>;

/** What the caller of a handler gives beside the arguments. */
export type ToolCallExtra = NonNullable<Parameters<ToolDefinition['handler']>[1]>;

/** How far a long call has got, for `extra.onProgress`. */
export type ToolProgress = Parameters<NonNullable<NonNullable<Parameters<ToolDefinition['handler']>[1]>['onProgress']>>[0];

/** Options of the `web_fetch` and `web_search` tools, fixed by the host. */
export type WebToolsOptions = NonNullable<CreateToolsOptions['web']>;
