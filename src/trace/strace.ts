import { stat, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { x } from 'tinyexec';
import { findExecutable } from '../process/find-executable.js';

/**
 * How to trace; the binary is injectable for tests and unusual installs.
 */
export interface TraceWrapOptions {
  /** Where strace writes its output. The caller owns the file (and the folder it is in). */
  traceFile: string;
  /** The strace binary (looked up on PATH, or an absolute path). @defaultValue 'strace' */
  stracePath?: string;
  /** @defaultValue process.platform */
  platform?: NodeJS.Platform;
}

/**
 * The traced command, or why it cannot be traced (the run should go ahead untraced and say so).
 */
export type TracedCommand = { file: string; args: string[] } | { unavailable: string };

const base = ['-f', '-qq'];
const events = ['-e', 'trace=%file,%process,%network,fchdir'];
// Each optional flag is dropped in turn when this strace refuses it: -yy (fd details) and
// --seccomp-bpf (stops only on traced calls: 6.5x slowdown on a find instead of 32x) are newer than -f.
const optional = [['--seccomp-bpf'], ['-yy'], ['-y']];

// Facts about installed binaries, probed once per process and binary.
const probes = new Map<string, Promise<{ path: string; flags: string[] } | { unavailable: string }>>();

/**
 * Rewrites `command` to run under `strace -f -qq -y -yy --seccomp-bpf -e trace=%file,%process,%network,fchdir -o traceFile`
 * (fchdir is not in any class but is needed to follow the working directory).
 * Never throws for a missing strace or a denied ptrace: it says why in `unavailable`.
 */
export async function wrapInTrace(command: { file: string; args: string[] }, options: TraceWrapOptions): Promise<TracedCommand> {
  const platform = options.platform ?? process.platform;
  if (platform !== 'linux') return { unavailable: `Tracing needs strace, which is Linux-only (this is ${platform}).` };
  const name = options.stracePath ?? 'strace';
  let probe = probes.get(name);
  if (probe === undefined) {
    probe = probeStrace(name);
    probes.set(name, probe);
  }
  const found = await probe;
  if ('unavailable' in found) return { unavailable: found.unavailable };
  const marked = await markTraceStart(options.traceFile).catch((error: Error) => error);
  if (marked instanceof Error) return { unavailable: `The trace file could not be made (${marked.message}).` };
  return {
    file: found.path,
    args: [...base, ...found.flags, ...events, '-o', options.traceFile, '--', command.file, ...command.args],
  };
}

/**
 * The kernel stamps a file's birth from a clock that moves once a tick (up to 10 ms), so a file made just before the
 * run can share its birth time with the trace file's, and would read as made by the run (summarize.ts). The trace
 * file is made here (strace's own open truncates it, keeping its birth time), and the command starts only once more
 * than a tick has passed: whatever the run makes is then born strictly after it, whatever came before is not.
 */
const CLOCK_TICK_MARGIN_MS = 12;

async function markTraceStart(traceFile: string): Promise<void> {
  await writeFile(traceFile, '', { mode: 0o600 });
  const wait = (await stat(traceFile)).birthtimeMs + CLOCK_TICK_MARGIN_MS - Date.now();
  if (wait > 0) await sleep(wait);
}

async function probeStrace(name: string): Promise<{ path: string; flags: string[] } | { unavailable: string }> {
  const path = await findExecutable(name);
  if (path === undefined) {
    return {
      unavailable: `strace (\`${name}\`) was not found on PATH; install it with \`apt-get install strace\` (or dnf/apk/pacman).`,
    };
  }
  let said = '';
  for (let dropped = 0; dropped <= optional.length; dropped += 1) {
    const flags = optional.slice(dropped).flat();
    const result = await x(path, [...base, ...flags, ...events, '-o', '/dev/null', '--', 'true'], {
      throwOnError: false,
      timeout: 10_000,
    });
    if (result.exitCode === 0) return { path, flags };
    said = result.stderr.trim();
    if (/ptrace|Operation not permitted|EPERM/i.test(said)) break;
  }
  const reason = /ptrace|Operation not permitted/i.test(said)
    ? 'ptrace is denied here (a container without CAP_SYS_PTRACE, a seccomp profile, or kernel.yama.ptrace_scope=3)'
    : `strace at ${path} failed its probe`;
  return { unavailable: `${reason}: ${said}` };
}
