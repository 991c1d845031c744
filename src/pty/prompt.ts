import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** How a session knows that a step is over. */
export interface PromptWatch {
  /** The shell the session runs, when tersh set its prompt. */
  shell?: 'bash' | 'sh';
  /** Program arguments and environment that install the prompt. */
  args: string[];
  env: Record<string, string>;
  /** Finds tersh's sentinel prompt in the raw text of a step (latin1 of the bytes), with the status the shell reported. */
  findSentinel(raw: string): { index: number; length: number; status: number } | undefined;
  /** The program's own prompt, searched in the step's text with ANSI stripped. */
  pattern?: RegExp;
  /** Removes what the watch needed on disk. */
  dispose(): void;
}

const SHELLS: Record<string, 'bash' | 'sh'> = { bash: 'bash', sh: 'sh', dash: 'sh' };

/**
 * For bash and sh: an rc file that turns echo off and sets an invisible sentinel prompt (an OSC
 * sequence terminals ignore) carrying `$?`; for other programs, the caller's prompt pattern.
 */
export function watchPrompt(
  command: string,
  args: readonly string[] | undefined,
  prompt: RegExp | string | undefined,
): PromptWatch {
  const shell = SHELLS[basename(command)];
  if (shell && args === undefined) return sentinelPrompt(shell);
  return {
    args: [...(args ?? [])],
    env: {},
    findSentinel: () => undefined,
    ...(prompt === undefined ? {} : { pattern: toPattern(prompt) }),
    dispose: () => undefined,
  };
}

function sentinelPrompt(shell: 'bash' | 'sh'): PromptWatch {
  const nonce = randomBytes(8).toString('hex');
  const folder = mkdtempSync(join(tmpdir(), 'tersh-pty-'));
  const rcFile = join(folder, 'rc.sh');
  const rc = [
    'stty -echo 2>/dev/null',
    'unset ENV PROMPT_COMMAND HISTFILE',
    "PS2=''",
    `PS1="$(printf '\\033]7331;${nonce};')\\$?$(printf '\\007')"`,
    '',
  ].join('\n');
  writeFileSync(rcFile, rc, { mode: 0o600 });
  const sentinel = new RegExp(`\\x1b\\]7331;${nonce};(\\d+)\\x07`);
  return {
    shell,
    args: shell === 'bash' ? ['--noprofile', '--rcfile', rcFile, '--noediting', '-i'] : ['-i'],
    env: shell === 'sh' ? { ENV: rcFile } : {},
    findSentinel(raw) {
      const match = sentinel.exec(raw);
      return match ? { index: match.index, length: match[0].length, status: Number(match[1]) } : undefined;
    },
    dispose: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** A caller's prompt: a RegExp as it is (its flags kept, made non-global), a string as literal text. */
export function toPattern(prompt: RegExp | string): RegExp {
  if (typeof prompt === 'string') return new RegExp(prompt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(prompt.source, prompt.flags.replace(/[gy]/g, ''));
}
