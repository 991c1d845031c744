import { resolve } from 'node:path';
import { TershError } from '../errors.js';
import { createPtyManager, type PtyManager, type PtyOpenOptions } from '../pty/index.js';
import type { Policy } from '../plan/index.js';
import type { RecordStore } from '../store/index.js';
import { invalid, isPlainObject } from '../validate.js';

export interface ShellPtyContext {
  store: RecordStore;
  policy: Policy | undefined;
  sandboxed: boolean;
  maxSessions?: number | undefined;
  /** The session's directory and environment when a terminal is opened. */
  cwd(): string;
  env(): Record<string, string>;
  ensureOpen(): void;
}

/**
 * The shell's terminals: opened in the session's directory and environment, screened by its policy,
 * recorded in its store. Refused in a sandboxed shell (the sandbox does not yet confine a terminal).
 */
export function shellPty(context: ShellPtyContext): PtyManager & { started(): boolean } {
  let manager: PtyManager | undefined;
  const sessions = (): PtyManager =>
    (manager ??= createPtyManager({
      store: context.store,
      ...(context.policy ? { policy: context.policy } : {}),
      ...(context.maxSessions ? { maxSessions: context.maxSessions } : {}),
    }));
  return {
    async open(options?: PtyOpenOptions) {
      context.ensureOpen();
      if (options !== undefined && !isPlainObject(options)) throw invalid('options', 'a plain object', options);
      if (context.sandboxed) {
        throw new TershError(
          'SANDBOX_UNAVAILABLE',
          'This shell sandboxes every run, and PTY sessions cannot be sandboxed yet: refused rather than run unconfined.',
        );
      }
      const given: PtyOpenOptions = options ?? {};
      return sessions().open({
        ...given,
        cwd: resolve(context.cwd(), given.cwd ?? '.'),
        env: { ...context.env(), ...(given.env ?? {}) },
      });
    },
    get(id) {
      context.ensureOpen();
      return sessions().get(id);
    },
    list() {
      return manager?.list() ?? [];
    },
    async closeAll() {
      await manager?.closeAll();
    },
    started: () => manager !== undefined,
  };
}
