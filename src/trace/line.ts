/** One system call, with an `<unfinished ...>` line and its `<... resumed>` line joined back together. */
export interface SyscallEvent {
  pid: number;
  name: string;
  /** The raw argument text, not yet split. */
  args: string;
  /** The raw return value text: `0`, `3</tmp/a>`, `-1 ENOENT (No such file or directory)`, `?`. */
  result: string;
}

const prefix = /^(\d+)\s+(.*)$/;
const resumed = /^<\.\.\. ([\w]+) resumed>(.*)$/;
// Greedy: the result is after the last `) = `, whatever the arguments contain.
const complete = /^([\w]+)\((.*)\)\s+=\s+(.*)$/s;
const unfinishedSuffix = ' <unfinished ...>';

/** Turns strace output lines into events. Keeps the half-lines of interrupted calls per pid. */
export function createLineReader(): (line: string) => SyscallEvent | undefined {
  const pending = new Map<number, string>();
  return (line) => {
    const match = prefix.exec(line);
    const pid = match ? Number(match[1]) : 0;
    let rest = match ? (match[2] as string) : line;
    if (rest.startsWith('---') || rest.startsWith('+++')) return undefined;
    if (rest.endsWith(unfinishedSuffix)) {
      pending.set(pid, rest.slice(0, -unfinishedSuffix.length));
      return pendingForkEvent(pid, rest);
    }
    const continued = resumed.exec(rest);
    if (continued) {
      const start = pending.get(pid);
      pending.delete(pid);
      rest = start === undefined ? `${continued[1] as string}(${continued[2] as string}` : `${start}${continued[2] as string}`;
    }
    const call = complete.exec(rest);
    if (!call) return undefined;
    return { pid, name: call[1] as string, args: call[2] as string, result: call[3] as string };
  };
}

// A fork that has started but not returned still tells who the next new pid's parent is.
function pendingForkEvent(pid: number, rest: string): SyscallEvent | undefined {
  const name = /^([\w]+)\(/.exec(rest)?.[1];
  if (name === undefined || !/^(clone3?|v?fork)$/.test(name)) return undefined;
  return { pid, name, args: '', result: '?' };
}
