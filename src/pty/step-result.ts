import { condense } from '../condense/index.js';
import { classifyExit } from '../exit/index.js';
import type { CapturedStream } from '../run/stream-capture.js';
import { streamView } from '../run/stream-view.js';
import type { PtyStepResult } from './types.js';

const INLINE_MAX_BYTES = 256 * 1024;

/** How a step ended. */
export type StepEnd =
  | { how: 'prompt'; status: number }
  | { how: 'pattern'; sessionPrompt: RegExp | undefined }
  | { how: 'exit'; code: number; signal?: number }
  | { how: 'timeout' }
  | { how: 'canceled' };

export interface StepFacts {
  recordId: string;
  sessionId: string;
  input: string;
  ms: number;
  end: StepEnd;
  captured: CapturedStream;
  /** The program echoes its input (a REPL does; tersh's shells do not). */
  echoes: boolean;
  budgetTokens?: number | undefined;
}

/** The quiet result of one step: the verdict, the exit status a shell gave, and the condensed new output. */
export function stepResult(facts: StepFacts): PtyStepResult {
  const { end } = facts;
  const result: PtyStepResult = { id: facts.recordId, sessionId: facts.sessionId, ok: end.how === 'pattern', ms: facts.ms };
  if (end.how === 'prompt') {
    const meaning = classifyExit({ command: facts.input.trim() || ':', exitCode: end.status });
    result.ok = meaning.status === 'ok';
    result.exit = end.status;
    if (meaning.message) result.hint = meaning.message;
  } else if (end.how === 'exit') {
    result.exited = true;
    result.exit = end.code;
    result.ok = end.code === 0;
  } else if (end.how === 'timeout') {
    result.timedOut = true;
  } else if (end.how === 'canceled') {
    result.canceled = true;
  }
  addOutput(result, facts);
  return result;
}

function addOutput(result: PtyStepResult, facts: StepFacts): void {
  const view = streamView(facts.captured, 'stdout', facts.recordId, INLINE_MAX_BYTES);
  let raw = view.isBinary ? view.text : view.raw;
  if (facts.echoes) raw = withoutEcho(raw, facts.input);
  if (facts.end.how === 'pattern' && facts.end.sessionPrompt) raw = withoutTrailingPrompt(raw, facts.end.sessionPrompt);
  if (raw.trim() === '') return;
  const condensed = condense(
    { command: facts.input, stdout: raw, exitCode: result.exit ?? null },
    {
      recordId: facts.recordId,
      ...(facts.budgetTokens !== undefined ? { budgetTokens: facts.budgetTokens } : {}),
      ...(view.cut ? { cuts: { stdout: view.cut } } : {}),
    },
  );
  if (condensed.stdout !== '') result.output = condensed.stdout;
  if (view.truncatedBytes > 0 || condensed.stdoutOmitted.length > 0) result.outputLines = view.lines;
}

/** A REPL prints the line it was given before its answer. */
function withoutEcho(raw: string, input: string): string {
  const firstLine = input.split(/\r?\n/, 1)[0]!.trim();
  if (firstLine === '') return raw;
  const newline = raw.indexOf('\n');
  // eslint-disable-next-line no-control-regex
  const head = (newline === -1 ? raw : raw.slice(0, newline)).replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').trim();
  return head.endsWith(firstLine) ? (newline === -1 ? '' : raw.slice(newline + 1)) : raw;
}

/** The program's own prompt at the end of its answer says nothing. */
function withoutTrailingPrompt(raw: string, prompt: RegExp): string {
  const from = Math.max(0, raw.length - 4096);
  const tail = raw.slice(from);
  const global = new RegExp(prompt.source, `${prompt.flags}g`);
  let last: RegExpExecArray | undefined;
  for (let match = global.exec(tail); match; match = global.exec(tail)) {
    last = match;
    if (match[0] === '') global.lastIndex++;
  }
  if (!last || tail.slice(last.index + last[0].length).trim() !== '') return raw;
  return raw.slice(0, from + last.index);
}
