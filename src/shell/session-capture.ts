import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_DIR_PREFIX, SESSION_TRAP_FILE, sessionOutFile } from '../trace/bookkeeping.js';

/** The variable naming the file the exit trap writes; the trap unsets it before the command runs. */
export const SESSION_OUT_VARIABLE = 'TERSH_SESSION_OUT';

/**
 * bash reads `$BASH_ENV` before a non-interactive command, so the command text stays the caller's
 * (its plan, its exit classification, its record) while an EXIT trap reports where it ended.
 * The trap leaves the exit status alone, and unsetting BASH_ENV keeps it out of nested scripts.
 */
function trapScript(withEnv: boolean): string {
  const env = withEnv ? ' for __tersh_name in $(compgen -e); do printf "%s=%s\\0" "$__tersh_name" "${!__tersh_name}"; done;' : '';
  return [
    `__tersh_session_out=$${SESSION_OUT_VARIABLE}`,
    `unset ${SESSION_OUT_VARIABLE} BASH_ENV`,
    `trap '{ cd -P . 2>/dev/null || :; printf "%s\\0" "$PWD";${env} } > "$__tersh_session_out" 2>/dev/null' EXIT`,
    '',
  ].join('\n');
}

export interface SessionState {
  /** The physical directory the command ended in, when it still exists. */
  cwd?: string;
  /** The exported environment at the end (only with `persistEnv`). */
  env?: Record<string, string>;
}

export interface PreparedCapture {
  /** Variables to add to the command's environment. */
  env: Record<string, string>;
  outFile: string;
}

/** Per-shell temp folder holding the trap script and one small out file per run. */
export class SessionCapture {
  private dir: string | undefined;
  private script = '';
  private counter = 0;

  constructor(private readonly withEnv: boolean) {}

  prepare(): PreparedCapture {
    if (!this.dir) {
      this.dir = mkdtempSync(join(tmpdir(), SESSION_DIR_PREFIX));
      this.script = join(this.dir, SESSION_TRAP_FILE);
      writeFileSync(this.script, trapScript(this.withEnv), { mode: 0o600 });
    }
    this.counter += 1;
    const outFile = join(this.dir, sessionOutFile(this.counter));
    return { env: { BASH_ENV: this.script, [SESSION_OUT_VARIABLE]: outFile }, outFile };
  }

  /** Reads and removes what the trap wrote; undefined when it did not run (the shell was replaced by `exec`, or killed). */
  async collect(outFile: string): Promise<SessionState | undefined> {
    const bytes = await readFile(outFile).catch(() => undefined);
    await rm(outFile, { force: true });
    if (!bytes || bytes.length === 0) return undefined;
    const [cwd = '', ...entries] = bytes.toString('utf8').split('\0');
    const state: SessionState = {};
    if (cwd.startsWith('/') && statSync(cwd, { throwIfNoEntry: false })?.isDirectory()) state.cwd = cwd;
    if (this.withEnv) {
      state.env = {};
      for (const entry of entries) {
        const at = entry.indexOf('=');
        if (at > 0) state.env[entry.slice(0, at)] = entry.slice(at + 1);
      }
    }
    return state;
  }

  dispose(): void {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }
}
