import { TershError } from '../errors.js';
import type { PtyManager } from '../pty/index.js';
import { defineTool, pick } from './define-tool.js';
import { idSchema } from './schemas.js';
import { toSnakeCase } from './snake-case.js';
import type { ToolDefinition, ToolShell } from './types.js';

/** tersh's names and seed 001's (`terminal_pty_*`) for the same tools. */
type PtyToolName =
  'sh_pty_open' | 'sh_pty_run' | 'sh_pty_close' | 'terminal_pty_open' | 'terminal_pty_run' | 'terminal_pty_close';

function terminals(shell: ToolShell): PtyManager {
  if (!shell.pty) throw new TershError('PTY_UNAVAILABLE', 'This shell has no PTY sessions (pass a shell from createShell()).');
  return shell.pty;
}

const sessionId: typeof idSchema = { ...idSchema, description: 'The session_id from sh_pty_open.' };

export function ptyOpenTool(shell: ToolShell, name: PtyToolName = 'sh_pty_open'): ToolDefinition {
  return defineTool({
    name: name as ToolDefinition['name'],
    description:
      'Open an interactive terminal session that keeps state across calls: bash by default (cwd, env, exit status per step), ' +
      'or a REPL/debugger (python3, node, gdb) with its prompt. Drive it with sh_pty_run; close it with sh_pty_close.',
    properties: {
      command: { type: 'string', minLength: 1, maxLength: 4096, description: 'Program to start. Default bash.' },
      args: { type: 'array', items: { type: 'string', maxLength: 4096 }, maxItems: 256 },
      cwd: { type: 'string', minLength: 1, maxLength: 4096 },
      prompt: {
        type: 'string',
        minLength: 1,
        maxLength: 1000,
        description: "A non-shell program's prompt, literal text (e.g. '>>> ', '(gdb) ').",
      },
      cols: { type: 'integer', minimum: 10, maximum: 1000 },
      rows: { type: 'integer', minimum: 2, maximum: 1000 },
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    async call(args) {
      const session = await terminals(shell).open(
        pick(args, { command: 'command', args: 'args', cwd: 'cwd', prompt: 'prompt', cols: 'cols', rows: 'rows' }),
      );
      return { session_id: session.id, pid: session.pid, command: session.command };
    },
  });
}

export function ptyRunTool(shell: ToolShell, name: PtyToolName = 'sh_pty_run'): ToolDefinition {
  return defineTool({
    name: name as ToolDefinition['name'],
    description:
      'Send input to a terminal session (Enter pressed) and wait for its prompt or `expect`; returns the new output and, ' +
      'in a shell, the exit status. Control keys alone are sent as they are: "\\u0003" is Ctrl-C, "\\u0004" EOF.',
    properties: {
      session_id: sessionId,
      input: { type: 'string', maxLength: 1_000_000 },
      expect: {
        type: 'string',
        minLength: 1,
        maxLength: 1000,
        description: 'Literal text that ends this step (a password prompt).',
      },
      timeout_ms: { type: 'integer', minimum: 1, maximum: 3_600_000, description: 'Default 30000; then Ctrl-C is sent.' },
      enter: { type: 'boolean' },
      secret: { type: 'boolean', description: 'Keep the input out of the record (passwords).' },
      budget_tokens: { type: 'integer', minimum: 50, maximum: 1_000_000 },
    },
    required: ['session_id', 'input'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    async call(args, { signal }) {
      const session = terminals(shell).get(args.session_id as string);
      const options = pick(args, {
        expect: 'expect',
        timeout_ms: 'timeoutMs',
        enter: 'enter',
        secret: 'secret',
        budget_tokens: 'budgetTokens',
      });
      if (signal) options.signal = signal;
      return toSnakeCase(await session.run(args.input as string, options)) as Record<string, unknown>;
    },
  });
}

export function ptyCloseTool(shell: ToolShell, name: PtyToolName = 'sh_pty_close'): ToolDefinition {
  return defineTool({
    name: name as ToolDefinition['name'],
    description: 'Close a terminal session, killing everything it started. Its transcript stays readable with sh_detail.',
    properties: { session_id: sessionId },
    required: ['session_id'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    async call(args) {
      const session = terminals(shell).get(args.session_id as string);
      await session.close();
      return { session_id: session.id, closed: true };
    },
  });
}
