import { TershError } from '../errors.js';

/** The part of `@lydell/node-pty` tersh uses. */
export interface PtyProcess {
  readonly pid: number;
  onData(listener: (data: Buffer | string) => void): unknown;
  onExit(listener: (event: { exitCode: number; signal?: number }) => void): unknown;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  pause(): void;
  resume(): void;
  kill(signal?: string): void;
}

export interface PtyModule {
  spawn(
    file: string,
    args: string[],
    options: { name: string; cols: number; rows: number; cwd: string; env: NodeJS.ProcessEnv; encoding: null },
  ): PtyProcess;
}

const PACKAGE = '@lydell/node-pty';

/** Loads the optional pseudo-terminal package, or says clearly why there is none. */
export async function loadPty(): Promise<PtyModule> {
  if (process.platform === 'win32') {
    throw new TershError(
      'PTY_UNAVAILABLE',
      'PTY sessions are unsupported on Windows (POSIX only); use run() or background jobs.',
    );
  }
  try {
    const loaded = (await import(PACKAGE)) as { default?: PtyModule } & Partial<PtyModule>;
    const module = typeof loaded.spawn === 'function' ? (loaded as PtyModule) : loaded.default;
    if (!module || typeof module.spawn !== 'function') throw new Error(`${PACKAGE} has no spawn()`);
    return module;
  } catch (cause) {
    throw new TershError(
      'PTY_UNAVAILABLE',
      `PTY sessions need the optional dependency ${PACKAGE} (npm install ${PACKAGE}); it could not be loaded: ${(cause as Error).message}`,
      { cause },
    );
  }
}
