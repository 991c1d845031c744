import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { x } from 'tinyexec';
import { findInPath, systemProbe } from '../process/find-in-path.js';
import { localLauncher } from '../process/local-launcher.js';
import type { Executor, ExecutorTarget, TargetOutput } from './types.js';

const EXEC_TIMEOUT_MS = 30_000;

/**
 * This host, behind the executor seam: today's local launcher (own session, cgroup, tied to the host's life)
 * and the host's environment, PATH and file system. run() without `executor` behaves the same.
 */
export function localExecutor(): Executor {
  return createLocalExecutor();
}

/** {@link localExecutor} with the seam run() calls. */
export function createLocalExecutor(): ExecutorTarget {
  return {
    kind: 'local',
    name: 'local',
    launch: (request) => localLauncher.launch(request),
    async exec(argv, options = {}): Promise<TargetOutput> {
      const [file, ...args] = argv;
      try {
        const out = x(file!, args, {
          throwOnError: false,
          timeout: options.timeoutMs ?? EXEC_TIMEOUT_MS,
          nodeOptions: { stdio: ['pipe', 'pipe', 'pipe'] },
        });
        if (options.input !== undefined) out.process?.stdin?.end(options.input);
        else out.process?.stdin?.end();
        const done = await out;
        return { code: done.exitCode ?? null, stdout: Buffer.from(done.stdout), stderr: done.stderr };
      } catch (error) {
        return { code: null, stdout: Buffer.alloc(0), stderr: (error as Error).message };
      }
    },
    async baseEnv() {
      return { ...process.env };
    },
    async defaultCwd() {
      return process.cwd();
    },
    async findProgram(name, env) {
      const probe = { ...systemProbe(), env: { PATH: env.PATH ?? '' } };
      if (name.includes('/')) return probe.isExecutable(name) ? name : undefined;
      return findInPath(name, probe);
    },
    async isDirectory(path) {
      return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
    },
    async pathsExist(paths, cwd) {
      return paths.map((path) => {
        const absolute = isAbsolute(path) ? path : resolve(cwd, path);
        return existsSync(absolute);
      });
    },
    async close() {},
  };
}
