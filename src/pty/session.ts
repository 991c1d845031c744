import stripAnsi from 'strip-ansi';
import { TershError } from '../errors.js';
import { screenCommand } from '../run/run-policy.js';
import type { Policy } from '../plan/index.js';
import { startRecord, type RecordStore, type RecordWriter } from '../store/index.js';
import type { PtyProcess } from './load-pty.js';
import type { PromptWatch } from './prompt.js';
import { endSession, type SessionProcesses } from './session-processes.js';
import { StepCapture } from './step-capture.js';
import { stepResult, type StepEnd } from './step-result.js';
import { normalizeRunOptions } from './options.js';
import type { PtyReadPage, PtyRunOptions, PtySession, PtyStepResult } from './types.js';

const PAUSE_ABOVE_PENDING_BYTES = 2 * 1024 * 1024;
const INTERRUPT_WAIT_MS = 1_000;
const CLOSE_GRACE_MS = 300;

interface Step {
  capture: StepCapture;
  pattern: RegExp | undefined;
  /** The input line a REPL echoes back before its answer: a prompt pattern is not looked for inside it. */
  echo: string | undefined;
  finish(end: StepEnd): void;
}

export interface SessionParts {
  proc: PtyProcess;
  watch: PromptWatch;
  transcript: RecordWriter;
  store: RecordStore;
  policy: Policy | undefined;
  command: string;
  cwd: string;
  processes: SessionProcesses;
  onClosed(session: TerminalSession): void;
}

/** One program on a pseudo-terminal, driven step by step. */
export class TerminalSession implements PtySession {
  readonly id: string;
  readonly pid: number;
  readonly command: string;
  lastUsed = Date.now();
  private step: Step | undefined;
  private atPrompt = false;
  private ended: { code: number; signal?: number } | undefined;
  private closing: Promise<void> | undefined;
  private readonly exited: Promise<void>;
  private paused = false;
  private stepping = false;

  constructor(private readonly parts: SessionParts) {
    this.id = parts.transcript.id;
    this.pid = parts.proc.pid;
    this.command = parts.command;
    parts.proc.onData((data) => this.take(typeof data === 'string' ? Buffer.from(data) : data));
    this.exited = new Promise((resolve) => {
      parts.proc.onExit((event) => {
        this.ended = { code: event.exitCode, ...(event.signal ? { signal: event.signal } : {}) };
        this.step?.finish({ how: 'exit', code: event.exitCode, ...(event.signal ? { signal: event.signal } : {}) });
        resolve();
        void this.close();
      });
    });
  }

  get closed(): boolean {
    return this.closing !== undefined || this.ended !== undefined;
  }

  /** Waits for the program's first prompt (discarding its banner into the transcript). */
  async start(timeoutMs: number): Promise<boolean> {
    const end = await this.wait(undefined, this.parts.watch.pattern, timeoutMs, undefined);
    return end.how === 'prompt' || end.how === 'pattern';
  }

  async run(input: string, runOptions?: PtyRunOptions): Promise<PtyStepResult> {
    const options = normalizeRunOptions(input, runOptions);
    this.ensureUsable();
    this.stepping = true;
    try {
      return await this.runStep(options);
    } finally {
      this.stepping = false;
      this.lastUsed = Date.now();
    }
  }

  private async runStep(options: ReturnType<typeof normalizeRunOptions>): Promise<PtyStepResult> {
    const { input } = options;
    this.lastUsed = Date.now();
    const started = Date.now();
    if (this.parts.watch.shell && this.atPrompt) {
      const screening = await screenCommand(input, this.parts.policy);
      if (screening.decision?.action === 'block') return this.blocked(input, screening.decision, started);
    }
    const record = startRecord(this.parts.store, {
      command: options.secret ? '[secret input]' : input,
      cwd: this.parts.cwd,
      kind: 'pty-step',
      sessionId: this.id,
    });
    const capture = new StepCapture(record.stdout);
    this.parts.proc.write(options.enter ? `${input}\r` : input);
    this.atPrompt = false;
    const echo = !this.parts.watch.shell && options.enter ? echoedLine(input) : undefined;
    const end = await this.wait(capture, options.expect ?? this.parts.watch.pattern, options.timeoutMs, options.signal, echo);
    const interrupted =
      (end.how === 'timeout' || end.how === 'canceled') && options.interruptOnTimeout ? await this.interrupt() : undefined;
    const result = stepResult({
      recordId: record.id,
      sessionId: this.id,
      input,
      ms: Date.now() - started,
      end: end.how === 'pattern' ? { how: 'pattern', sessionPrompt: options.expect ? undefined : this.parts.watch.pattern } : end,
      captured: capture.result(),
      echoes: !this.parts.watch.shell,
      budgetTokens: options.budgetTokens,
    });
    if (interrupted !== undefined)
      result.hint = interrupted
        ? 'Interrupted with Ctrl-C; the session is at its prompt again.'
        : 'Ctrl-C did not bring the prompt back: the program still runs; write "\\x03" again or close the session.';
    if (end.how === 'pattern' && options.expect && this.parts.watch.shell)
      result.hint = 'The expected text came; the shell has not returned to its prompt (the next input goes to the program).';
    await record.finish({
      ok: result.ok,
      ms: result.ms,
      exit: result.exit ?? null,
      ...(result.timedOut ? { timedOut: true } : {}),
    });
    return result;
  }

  write(data: string): void {
    if (typeof data !== 'string')
      throw new TypeError(`Expected \`data\` to be a string, got \`${String(data)}\` (${typeof data})`);
    this.ensureOpen();
    this.lastUsed = Date.now();
    this.atPrompt = false;
    this.parts.proc.write(data);
  }

  async read(options: { offset?: number; maxBytes?: number } = {}): Promise<PtyReadPage> {
    const page = await this.parts.store.read(this.id, 'stdout', options);
    if ('expired' in page)
      throw new TershError('RECORD_EXPIRED', `The transcript of session ${this.id} was evicted`, { details: { id: this.id } });
    return { data: page.data, nextOffset: page.nextOffset, totalBytes: this.parts.transcript.stdout.bytesWritten };
  }

  resize(cols: number, rows: number): void {
    this.ensureOpen();
    for (const [field, value, min] of [
      ['cols', cols, 10],
      ['rows', rows, 2],
    ] as const) {
      if (!Number.isSafeInteger(value) || value < min || value > 1000)
        throw new TypeError(
          `Expected \`${field}\` to be an integer from ${min} to 1000, got \`${String(value)}\` (${typeof value})`,
        );
    }
    this.parts.proc.resize(cols, rows);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.step?.finish({ how: 'canceled' });
      await endSession(this.parts.processes, this.ended ? 0 : CLOSE_GRACE_MS);
      try {
        this.parts.proc.kill('SIGKILL');
      } catch {
        // already gone
      }
      await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 200))]);
      this.parts.watch.dispose();
      await this.parts.transcript.finish({ exit: this.ended?.code ?? null, kind: 'pty' });
      this.parts.onClosed(this);
    })();
    return this.closing;
  }

  get busy(): boolean {
    return this.stepping;
  }

  private ensureUsable(): void {
    this.ensureOpen();
    if (this.stepping)
      throw new TershError(
        'PTY_BUSY',
        `Session ${this.id} is still running a step; wait for it, or write "\\x03" to interrupt it.`,
        { details: { id: this.id } },
      );
  }

  private ensureOpen(): void {
    if (this.closed)
      throw new TershError(
        'PTY_CLOSED',
        `Session ${this.id} is closed${this.ended ? ` (its program exited with ${this.ended.code})` : ''}; open a new one.`,
        { details: { id: this.id } },
      );
  }

  private async blocked(input: string, decision: { rule?: string; reason?: string }, started: number): Promise<PtyStepResult> {
    const rule = decision.rule ? ` (rule \`${decision.rule}\`)` : '';
    const message = `[BLOCKED] Not run${rule}: ${decision.reason ?? 'denied by policy'}`;
    const record = startRecord(this.parts.store, { command: input, cwd: this.parts.cwd, kind: 'pty-step', sessionId: this.id });
    await record.finish({ exit: null, blocked: true, message });
    return { id: record.id, sessionId: this.id, ok: false, ms: Date.now() - started, blocked: true, message };
  }

  /** Ctrl-C, then a short wait for the prompt. True when it came back. */
  private async interrupt(): Promise<boolean> {
    if (this.ended) return false;
    this.parts.proc.write('\x03');
    const end = await this.wait(undefined, this.parts.watch.pattern, INTERRUPT_WAIT_MS, undefined);
    return end.how === 'prompt' || end.how === 'pattern';
  }

  private wait(
    capture: StepCapture | undefined,
    pattern: RegExp | undefined,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    echo?: string,
  ): Promise<StepEnd> {
    if (this.ended) return Promise.resolve({ how: 'exit', code: this.ended.code });
    const sink = capture ?? new StepCapture(undefined);
    return new Promise<StepEnd>((resolve) => {
      const timer = setTimeout(() => this.step?.finish({ how: 'timeout' }), timeoutMs);
      const onAbort = (): void => this.step?.finish({ how: 'canceled' });
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) queueMicrotask(onAbort);
      this.step = {
        capture: sink,
        pattern,
        echo,
        finish: (end) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          this.step = undefined;
          if (end.how !== 'prompt') sink.release();
          if (end.how === 'prompt' || end.how === 'pattern') this.atPrompt = end.how === 'prompt' || !this.parts.watch.shell;
          resolve(end);
        },
      };
    });
  }

  private take(chunk: Buffer): void {
    const transcript = this.parts.transcript.stdout;
    transcript.append(chunk);
    const step = this.step;
    if (step) {
      const status = step.capture.take(chunk, this.parts.watch.findSentinel);
      if (status !== undefined) step.finish({ how: 'prompt', status });
      else if (step.pattern) {
        const recent = stripAnsi(step.capture.recent().toString('utf8'));
        if (step.echo !== undefined && step.capture.sawNewline) step.echo = undefined;
        if ((step.echo === undefined || !echoing(recent, step.echo)) && step.pattern.test(recent))
          step.finish({ how: 'pattern', sessionPrompt: undefined });
      }
    }
    if (
      !this.paused &&
      (transcript.pendingBytes > PAUSE_ABOVE_PENDING_BYTES || (step && step.capture.pendingBytes > PAUSE_ABOVE_PENDING_BYTES))
    ) {
      this.paused = true;
      this.parts.proc.pause();
      void Promise.all([transcript.flush(), step?.capture.flush()]).then(() => {
        this.paused = false;
        if (!this.ended) this.parts.proc.resume();
      });
    }
  }
}

const ECHO_COMPARED_CHARS = 512;

/** What a REPL echoes of an input before its answer: the first line, as far as it is compared. */
function echoedLine(input: string): string {
  return input.split(/\r?\n/, 1)[0]!.slice(0, ECHO_COMPARED_CHARS);
}

/** The text still ends inside the echo of the input line (a prompt-like `=> ` in the input is not the prompt). */
function echoing(text: string, echo: string): boolean {
  const line = text.slice(Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1);
  for (let length = Math.min(echo.length, line.length); length > 0; length--)
    if (line.endsWith(echo.slice(0, length))) return true;
  return false;
}
