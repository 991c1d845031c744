import type { JsonSchema, ToolName } from './types.js';

/**
 * What a model reads by default (`descriptions: 'short'`): the tool's description, and the property
 * descriptions kept (a property not listed goes without one; its name and type say enough).
 * `descriptions: 'full'` shows the tools' own texts instead.
 */
export interface ShortText {
  description: string;
  properties?: Record<string, string>;
  /** Aliases accepted by the handler but not advertised (Claude Code's Bash names). */
  hidden?: readonly string[];
  /** Shorter shapes shown for these properties (the handler checks the full one). */
  shapes?: Record<string, JsonSchema>;
}

export const SHORT_TEXTS: Partial<Record<ToolName, ShortText>> = {
  sh_run: {
    description:
      'Run a shell command; quiet result (id, exit, ok, ms, condensed output). Full output: sh_detail(id). ok is semantic.',
    properties: {
      command: 'bash command',
      cwd: 'relative to the session',
      timeout_ms: 'default 120000',
      expect: 'post-conditions → assert_ok',
      retries: 'extra attempts',
      sandbox: 'true: confine writes to cwd; or {network, writable, protect}',
      shell: 'or bash, sh, powershell, cmd',
      trace: 'strace summary',
      run_in_background: 'job_id now; read with sh_logs',
      auto_background_after_ms: 'default 30000; 0: never',
    },
    hidden: [
      'cmd',
      'timeout',
      'background',
      'background_action',
      'job_id',
      'raw',
      'inline',
      'dangerously_disable_sandbox',
      'dangerouslyDisableSandbox',
    ],
    shapes: { sandbox: { type: ['boolean', 'object'] }, shell: { type: ['boolean', 'string'] } },
  },
  sh_detail: {
    description: "A past run's stored output by id: a stream, its meta, matching lines or a line range.",
    properties: { selector: 'default stdout', match: 'regex: matching lines only', from_line: '1-based', offset: 'byte offset' },
  },
  sh_plan: { description: 'What a command may do (category, destructive, warnings), without running it.' },
  sh_checkpoint: {
    description: 'Snapshot the working directory under a label, for sh_restore.',
    properties: { exclude: 'globs; replaces the defaults' },
  },
  sh_restore: { description: 'Put the working directory back as at a checkpoint (undoable).' },
  sh_checkpoints: { description: 'List checkpoints.' },
  sh_logs: {
    description: "A background job's output from offsets (pass back next_*_offset); can wait for its exit.",
    properties: { wait_ms: 'default 30000' },
    hidden: ['background_action'],
  },
  sh_kill: { description: "Signal a job's whole process group (default SIGTERM).", hidden: ['background_action'] },
  sh_jobs: { description: 'List background jobs.' },
  sh_glob: { description: 'Find files by glob.', properties: { path: 'default cwd' } },
  sh_grep: {
    description: 'Search file contents by regex; file:line:text.',
    properties: { path: 'file or folder, default cwd', fixed_strings: 'pattern is plain text' },
  },
};
