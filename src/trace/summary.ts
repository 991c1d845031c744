import { posix } from 'node:path';
import { CappedSet } from './collector.js';
import type { SyscallEvent } from './line.js';
import { socketAddresses } from './sockaddr.js';
import { annotatedPath, quotedString, splitArgs } from './syntax.js';
import { isBookkeepingPath } from './bookkeeping.js';
import { pseudoRoots, syscallShapes, type SyscallShape } from './syscalls.js';
import type { TraceSummary } from './types.js';

interface ProcessState {
  cwd: string;
  /** While set, the process is still one of the launchers (their calls are not the command's): the next one expected. */
  launchStep?: number | undefined;
}

/** An O_CREAT open of a path not known to be missing: created or merely truncated, decided afterwards by birth time. */
export interface CreationCandidate {
  listed: string;
  current: string;
}

export interface TraceAccumulator {
  add(event: SyscallEvent): void;
  candidates(): CreationCandidate[];
  finish(created: string[]): TraceSummary;
}

export function createAccumulator(options: { cwd: string; maxListed: number; launchers: readonly string[] }): TraceAccumulator {
  const lists = {
    filesRead: new CappedSet(options.maxListed),
    filesWritten: new CappedSet(options.maxListed),
    filesCreated: new CappedSet(options.maxListed),
    filesDeleted: new CappedSet(options.maxListed),
    filesRenamed: new CappedSet(options.maxListed),
    processes: new CappedSet(options.maxListed),
    connections: new CappedSet(options.maxListed),
  };
  const processes = new Map<number, ProcessState>();
  const parents = new Map<number, number>();
  // Paths this run saw missing (ENOENT) and not since made: an O_CREAT open of one is a creation.
  // Only absences are kept: a trace of a `find` stats every file, and remembering each would cost memory for nothing.
  const absent = new Set<string>();
  const candidates = new Map<string, CreationCandidate>();
  let lastForker: number | undefined;

  const stateOf = (pid: number): ProcessState => {
    let state = processes.get(pid);
    if (state === undefined) {
      const parent = processes.get(parents.get(pid) ?? lastForker ?? -1);
      state = parent ? { ...parent } : { cwd: options.cwd, launchStep: 0 };
      processes.set(pid, state);
    }
    return state;
  };
  const isPseudo = (path: string): boolean => pseudoRoots.some((root) => path === root || path.startsWith(`${root}/`));

  function resolve(
    state: ProcessState,
    args: string[],
    pathIndex: number | undefined,
    dirIndex: number | undefined,
  ): string | undefined {
    const raw = pathIndex === undefined ? undefined : quotedString(args[pathIndex]);
    if (raw === undefined) return undefined;
    const dirArg = dirIndex === undefined ? 'AT_FDCWD' : (args[dirIndex] ?? '');
    const base = raw.startsWith('/') ? '/' : (annotatedPath(dirArg) ?? (dirArg.startsWith('AT_FDCWD') ? state.cwd : undefined));
    const path = base === undefined ? undefined : posix.resolve(base, raw);
    return path === undefined || isBookkeepingPath(path) ? undefined : path;
  }

  function onOpen(event: SyscallEvent, shape: SyscallShape, args: string[], path: string | undefined, ok: boolean): void {
    if (path === undefined) return;
    if (!ok) {
      if (/^-1 ENOENT/.test(event.result)) absent.add(path);
      return;
    }
    const flags = event.name === 'creat' ? 'O_WRONLY|O_CREAT|O_TRUNC' : (args[shape.flags ?? -1] ?? '');
    const opened = annotatedPath(event.result) ?? path;
    if (/O_DIRECTORY|O_PATH/.test(flags) || isPseudo(opened)) return void absent.delete(path);
    if (/O_RDWR/.test(flags)) lists.filesRead.add(opened);
    if (/O_WRONLY|O_RDWR/.test(flags)) lists.filesWritten.add(opened);
    else lists.filesRead.add(opened);
    if (/O_CREAT/.test(flags)) {
      if (/O_EXCL/.test(flags) || absent.has(path)) lists.filesCreated.add(opened);
      else if (!candidates.has(opened)) candidates.set(opened, { listed: opened, current: opened });
    }
    absent.delete(path);
  }

  function add(event: SyscallEvent): void {
    const shape = syscallShapes[event.name];
    if (shape === undefined) return;
    const state = stateOf(event.pid);
    const ok = /^(\d|0x)/.test(event.result);
    if (shape.kind === 'fork') {
      lastForker = event.pid;
      if (ok && Number(event.result) > 0) parents.set(Number(event.result), event.pid);
      return;
    }
    const args = splitArgs(event.args);
    const cwdNow = annotatedPath(args.find((arg) => arg.startsWith('AT_FDCWD<')));
    if (cwdNow !== undefined) state.cwd = cwdNow;
    const path = resolve(state, args, shape.path, shape.dir);
    if (shape.kind === 'chdir' || shape.kind === 'fchdir') {
      const target = shape.kind === 'chdir' ? path : annotatedPath(args[0]);
      if (ok && target !== undefined) state.cwd = target;
      return;
    }
    if (shape.kind === 'exec') {
      if (!ok || path === undefined) return;
      if (state.launchStep !== undefined && options.launchers[state.launchStep] === path) state.launchStep += 1;
      else {
        state.launchStep = undefined;
        lists.processes.add(path);
      }
      return;
    }
    if (state.launchStep !== undefined) return;
    switch (shape.kind) {
      case 'open':
        return onOpen(event, shape, args, path, ok);
      case 'probe':
        if (path !== undefined && ok) absent.delete(path);
        else if (path !== undefined && /^-1 ENOENT/.test(event.result)) absent.add(path);
        return;
      case 'write':
        if (ok && path !== undefined) lists.filesWritten.add(path);
        return;
      case 'create':
        if (ok && path !== undefined) {
          lists.filesCreated.add(path);
          absent.delete(path);
        }
        return;
      case 'link': {
        const target = resolve(state, args, shape.target, shape.targetDir);
        if (ok && target !== undefined) {
          lists.filesCreated.add(target);
          absent.delete(target);
        }
        return;
      }
      case 'delete':
        if (ok && path !== undefined) {
          lists.filesDeleted.add(path);
          absent.add(path);
          candidates.delete(path);
        }
        return;
      case 'rename': {
        const target = resolve(state, args, shape.target, shape.targetDir);
        if (!ok || path === undefined || target === undefined) return;
        lists.filesRenamed.add(`${path} → ${target}`);
        absent.add(path);
        absent.delete(target);
        for (const candidate of candidates.values()) if (candidate.current === path) candidate.current = target;
        return;
      }
      case 'connect':
        for (const address of socketAddresses(event.args, ok)) lists.connections.add(address);
        return;
    }
  }

  return {
    add,
    candidates: () => [...candidates.values()],
    finish(created) {
      for (const path of created) lists.filesCreated.add(path);
      return Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, list.toList()])) as unknown as TraceSummary;
    },
  };
}
