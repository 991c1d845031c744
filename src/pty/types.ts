/** A program running on a pseudo-terminal, driven step by step; from {@link PtyManager.open}. */
export interface PtySession {
  /** The session's id: its transcript record (`detail`, `read`) and its handle in the tools. */
  readonly id: string;
  /** Pid of the program on the terminal. */
  readonly pid: number;
  /** The program started. */
  readonly command: string;
  /** True once the program ended or the session was closed. */
  readonly closed: boolean;
  /** Writes the input (Enter pressed), waits for the prompt or `expect`, returns the step's quiet result. */
  run(
    input: string,
    options?: {
      /** What ends this step: a RegExp or a literal string, searched in the step's new output. @defaultValue the session's prompt */
      expect?: RegExp | string;
      /** The step gives up waiting after this long (the program is interrupted with Ctrl-C unless `interruptOnTimeout` is false). @defaultValue 30 000 */
      timeoutMs?: number;
      /** On a timeout, send Ctrl-C and wait briefly for the prompt, so the session stays usable. @defaultValue true */
      interruptOnTimeout?: boolean;
      /** Press Enter after the input. @defaultValue true, false when the input ends in a newline or is only control keys */
      enter?: boolean;
      /** Cancels the wait (Ctrl-C is sent); the result says `canceled`. */
      signal?: AbortSignal;
      /** Token budget of the condensed output. @defaultValue that of `condense` */
      budgetTokens?: number;
      /** The input is a secret (a password): it is not written into the step's record. @defaultValue false */
      secret?: boolean;
    },
  ): Promise<{
    /** The record of this step's output (`detail`, `read`). */
    id: string;
    /** The session the step ran in. */
    sessionId: string;
    /** The step's verdict: the shell reported exit 0, or the expected prompt came. */
    ok: boolean;
    /** Wall time of the step. */
    ms: number;
    /** Exit status of the command, where the program is a shell and its prompt came back. */
    exit?: number;
    /** The step's new output, ANSI and redraws normalised, condensed. */
    output?: string;
    /** True line count, when `output` is not all of it. */
    outputLines?: number;
    /** The expected prompt never came within `timeoutMs`. */
    timedOut?: boolean;
    /** The wait was canceled through `signal`. */
    canceled?: boolean;
    /** The program on the terminal ended (its exit code is `exit`). */
    exited?: boolean;
    /** Refused by the policy without being written (`message` says why). */
    blocked?: boolean;
    /** Why the step was blocked. */
    message?: string;
    /** The plan's warning for the line (`may force-remove files`). */
    warning?: string;
    /** How to read the result or what to do next. */
    hint?: string;
  }>;
  /** Writes raw data (control keys included: `\x03` Ctrl-C, `\x04` EOF), waiting for nothing. */
  write(data: string): void;
  /** A page of the whole transcript by byte offset. */
  read(options?: { offset?: number; maxBytes?: number }): Promise<{
    /** Transcript text from `offset` (ANSI kept, as the terminal sent it). */
    data: string;
    /** Where the next read starts. */
    nextOffset: number;
    /** Bytes of transcript so far. */
    totalBytes: number;
  }>;
  /** Resizes the terminal. */
  resize(cols: number, rows: number): void;
  /** Kills everything the session started and completes its transcript. */
  close(): Promise<void>;
}

/** Terminal sessions for interactive programs (REPLs, debuggers, prompts); a shell holds one as `pty`. */
export interface PtyManager {
  /** Starts a program on a new pseudo-terminal and waits for its first prompt. */
  open(options?: {
    /** The program to start on the terminal. `bash` and `sh` get a sentinel prompt, so each step's exit status is known. @defaultValue 'bash' */
    command?: string;
    /** Its arguments. @defaultValue [] (for bash: tersh's own non-interactive-safe startup, no rc files) */
    args?: string[];
    /** Terminal width. @defaultValue 120 */
    cols?: number;
    /** Terminal height. @defaultValue 40 */
    rows?: number;
    /** Working directory. @defaultValue the shell's */
    cwd?: string;
    /** Variables added to the environment (the non-interactive set and `TERM=dumb` are under them). */
    env?: Record<string, string>;
    /** The prompt that ends a step of a program that is not a shell (`>>> `, `(gdb) `): a RegExp or a literal string. */
    prompt?: RegExp | string;
    /** How long `open` waits for the first prompt. @defaultValue 10 000 */
    startTimeoutMs?: number;
  }): Promise<PtySession>;
  /** The open session with this id; throws `PTY_NOT_FOUND`. */
  get(id: string): PtySession;
  /** The open sessions. */
  list(): PtySession[];
  /** Closes every session. */
  closeAll(): Promise<void>;
}

/** Options of {@link PtySession.run}: what ends the step, how long to wait, and how to treat the input. */
export type PtyRunOptions = NonNullable<Parameters<PtySession['run']>[1]>;

/**
 * The quiet result of one step of a terminal session. `id` addresses the step's output in the record store.
 */
export type PtyStepResult = Awaited<ReturnType<PtySession['run']>>;

/** A page of a session's whole transcript. */
export type PtyReadPage = Awaited<ReturnType<PtySession['read']>>;

/** Options of {@link PtyManager.open}: the program, its terminal and how a step ends. */
export type PtyOpenOptions = NonNullable<Parameters<PtyManager['open']>[0]>;
