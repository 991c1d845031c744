import { cmdSchema, commandSchema, exitCodes, stringOrList } from './schemas.js';
import type { JsonSchema } from './types.js';

const expectSchema: JsonSchema = {
  type: 'object',
  description: 'Post-conditions checked in the same call; failures come back in assert_ok and assertions_failed.',
  properties: {
    exit: exitCodes('Expected exit code(s).'),
    stdout_contains: stringOrList('Text stdout must contain.'),
    stdout_matches: { type: 'string', minLength: 1, description: 'A regular expression stdout must match (multiline).' },
    stderr_empty: { type: 'boolean' },
    file_exists: stringOrList('Paths that must exist afterwards.'),
    file_absent: stringOrList('Paths that must not exist afterwards.'),
    changed: {
      anyOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 }],
      description: 'Git-visible files must (true) or must not (false) change, or these paths must.',
    },
    max_ms: { type: 'integer', minimum: 0 },
  },
  additionalProperties: false,
};

const sandboxSchema: JsonSchema = {
  anyOf: [
    { type: 'boolean' },
    {
      type: 'object',
      properties: {
        network: { type: 'boolean', description: 'false: no network.' },
        writable: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Extra writable paths.' },
        protect: {
          anyOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'string', minLength: 1 } }],
          description: 'Hide credentials (true) or these paths.',
        },
        allow_unix_sockets: { type: 'boolean' },
      },
      additionalProperties: false,
    },
  ],
  description: 'OS sandbox: true confines writes to cwd and temp; refuses to run when unavailable.',
};

export const runProperties: Record<string, JsonSchema> = {
  command: commandSchema,
  cmd: cmdSchema,
  description: {
    type: 'string',
    maxLength: 1000,
    description: "What the command is for, in a few words (kept in the record's meta).",
  },
  cwd: {
    type: 'string',
    minLength: 1,
    description: "Working directory, relative to the shell's; it persists for the next calls.",
  },
  env: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra environment variables.' },
  input: { type: 'string', description: 'Written to stdin, which is then closed.' },
  timeout_ms: {
    type: 'integer',
    minimum: 0,
    maximum: 3_600_000,
    description:
      'Kill the process group this long after the start, time as a job included. Default 120000; 0: no deadline (the job lifetime), promotion on.',
  },
  timeout: { type: 'integer', minimum: 0, maximum: 3_600_000, description: 'Alias of timeout_ms (milliseconds).' },
  full: { type: 'boolean', description: 'Return the streams uncondensed.' },
  raw: { type: 'boolean', description: 'Alias of full: skip condensing (verbatim).' },
  inline: {
    type: 'boolean',
    description:
      'Verbatim up to the inline cap (16 KiB by default); a larger stream shows its head and tail, the rest stays in the store.',
  },
  dangerously_disable_sandbox: {
    type: 'boolean',
    description:
      "Run this call outside the shell's sandbox; refused unless the host allowed it (allowDangerouslyDisableSandbox).",
  },
  dangerouslyDisableSandbox: { type: 'boolean', description: 'Alias of dangerously_disable_sandbox (Claude Code).' },
  expect: expectSchema,
  retries: { type: 'integer', minimum: 0, maximum: 100, description: 'Attempts after a failing first one.' },
  retry_on_exit: exitCodes('Only these exit codes are retried.'),
  backoff_ms: { type: 'integer', minimum: 0, maximum: 3_600_000, description: 'Wait before the first retry, doubled each time.' },
  retry_on_assert_fail: { type: 'boolean', description: 'Also retry when expect fails.' },
  sandbox: sandboxSchema,
  trace: { type: 'boolean', description: 'Summarise files and network touched (strace, Linux).' },
  run_in_background: { type: 'boolean', description: 'Start as a job and return job_id at once; read it with sh_logs.' },
  background: { type: 'boolean', description: 'Alias of run_in_background.' },
  pipefail: { type: 'boolean', description: "A pipeline reports its first failing segment's status (bash)." },
  shell: {
    anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['bash', 'sh', 'powershell', 'cmd'] }],
    description: 'true forces a shell, false forbids one, or name it. Default: by the syntax.',
  },
  allow_idle_sleep: { type: 'boolean', description: 'Run a bare `sleep N` instead of refusing it.' },
  condense: {
    type: 'string',
    enum: ['smart', 'lossless'],
    description: 'lossless: only normalise the output (ANSI, progress), never elide.',
  },
  prefer_local: { type: 'boolean', description: 'Put node_modules/.bin of cwd and its parents first on PATH.' },
  background_action: {
    type: 'string',
    enum: ['status', 'cancel'],
    description: "Seed 003's shape: with job_id, a job's status or cancel it (no command).",
  },
  job_id: { type: 'string', minLength: 1, maxLength: 200, description: 'The job for background_action.' },
  auto_background_after_ms: {
    type: 'integer',
    minimum: 0,
    maximum: 3_600_000,
    description: 'Move a run still going after this long to a job (default 30000; 0: stay in the foreground, at most 600000 ms).',
  },
};

export const expectKeys: Record<string, string> = {
  exit: 'exit',
  stdout_contains: 'stdoutContains',
  stdout_matches: 'stdoutMatches',
  stderr_empty: 'stderrEmpty',
  file_exists: 'fileExists',
  file_absent: 'fileAbsent',
  changed: 'changed',
  max_ms: 'maxMs',
};

export const sandboxKeys: Record<string, string> = {
  network: 'network',
  writable: 'writable',
  protect: 'protect',
  allow_unix_sockets: 'allowUnixSockets',
};
