import { emptySources, protectedPathPatterns } from './rules/protected-paths.js';
import type { PlanEffect } from './types.js';

/** True for a system path, device or dotfile (`/etc/hosts`, `/dev/sda`, `~/.bashrc`, `.env`). */
export function isProtectedPath(path: string): boolean {
  return protectedPathPatterns.some((pattern) => pattern.test(path));
}

const copyValueOptions = new Set([
  '-t',
  '--target-directory',
  '-S',
  '--suffix',
  '-m',
  '--mode',
  '-o',
  '--owner',
  '-g',
  '--group',
]);

function operandsOf(args: readonly string[]): { operands: string[]; target: string | undefined } {
  const operands: string[] = [];
  let target: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-t' || arg === '--target-directory') target = args[++i];
    else if (arg.startsWith('--target-directory=')) target = arg.slice(19);
    else if (copyValueOptions.has(arg)) i++;
    else if (!arg.startsWith('-') || arg === '-') operands.push(arg);
  }
  return { operands, target: target ?? (operands.length > 1 ? operands.at(-1) : undefined) };
}

/** The remote path of `host:path` (scp, rsync), or the word itself. */
function localPart(word: string): string {
  const match = /^(?:[^/\s@]+@)?[A-Za-z0-9.-]+:(.*)$/.exec(word);
  return match ? (match[1] as string) : word;
}

export interface Overwrite {
  rule: 'fs.overwrite-protected' | 'fs.truncate-copy';
  effect: PlanEffect;
}

/** An irreversible overwrite by a copy, move or tee: onto a protected path, or from an empty source. */
export function findOverwrite(program: string, args: readonly string[]): Overwrite | undefined {
  if (program === 'tee') {
    if (args.some((a) => a === '-a' || a === '--append' || /^-[a-z]*a/.test(a))) return undefined;
    const path = args.find((a) => !a.startsWith('-') && isProtectedPath(a));
    return path === undefined ? undefined : { rule: 'fs.overwrite-protected', effect: { path, kind: 'modify' } };
  }
  if (!['cp', 'mv', 'install', 'scp', 'rsync', 'ln'].includes(program)) return undefined;
  if (args.some((a) => a === '-n' || a === '--no-clobber' || a === '--update=none' || a === '--ignore-existing'))
    return undefined;
  if (program === 'ln' && !args.some((a) => /^-[a-zA-Z]*f|^--force$/.test(a))) return undefined;
  const { operands, target } = operandsOf(args);
  if (target === undefined) return undefined;
  const path = localPart(target);
  if (operands.slice(0, -1).some((source) => emptySources.has(source)) && program !== 'ln')
    return { rule: 'fs.truncate-copy', effect: { path, kind: 'modify' } };
  if (isProtectedPath(path)) return { rule: 'fs.overwrite-protected', effect: { path, kind: 'modify' } };
  return undefined;
}
