import { constants } from 'node:os';

// Built once from an immutable table: number → first name (SIGABRT before its alias SIGIOT).
const namesByNumber: ReadonlyMap<number, string> = (() => {
  const map = new Map<number, string>();
  for (const [name, number] of Object.entries(constants.signals)) if (!map.has(number)) map.set(number, name);
  return map;
})();

const descriptions: Readonly<Record<string, string>> = {
  SIGSEGV: 'segmentation fault',
  SIGABRT: 'aborted',
  SIGBUS: 'bus error',
  SIGFPE: 'arithmetic error',
  SIGILL: 'illegal instruction',
  SIGPIPE: 'broken pipe',
  SIGHUP: 'hangup',
  SIGINT: 'interrupted',
  SIGXCPU: 'CPU time limit',
  SIGXFSZ: 'file size limit',
};

/** The name of signal number `n` on this platform (`9` → `SIGKILL`). */
export function signalName(n: number): string | undefined {
  return namesByNumber.get(n);
}

/** "Killed by SIGSEGV (segmentation fault)". */
export function describeSignal(name: string): string {
  const description = descriptions[name];
  return description === undefined ? `Killed by ${name}` : `Killed by ${name} (${description})`;
}
