import type { ExitWrapper } from './wrappers.js';

/** One program in a chain of wrappers: `sudo timeout 5 grep x` is sudo → timeout → grep. */
export interface ProgramLayer {
  /** The program's base name (`/usr/bin/grep` → `grep`). */
  readonly program: string;
  readonly args: readonly string[];
  readonly wrapper?: ExitWrapper;
}

const assignment = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

export function baseName(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash === -1 ? word : word.slice(slash + 1);
}

/** Index of the wrapped command in `args`, or -1 when the wrapper runs none. */
function commandIndex(args: readonly string[], wrapper: ExitWrapper): number {
  if (wrapper.joinsShellString) return -1;
  let operands = wrapper.leadingOperands ?? 0;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') return operands === 0 ? i + 1 : skipOperands(args, i + 1, operands);
    if (arg.startsWith('-') && arg.length > 1) {
      if (wrapper.noCommandFlags?.includes(arg) || arg === wrapper.shellOption) return -1;
      if (wrapper.valueOptions?.includes(arg) && !(wrapper.optionalValues?.includes(arg) && (args[i + 2] ?? '-').startsWith('-')))
        i++;
      continue;
    }
    if (wrapper.assignments && assignment.test(arg)) continue;
    if (operands > 0) {
      operands--;
      continue;
    }
    return i;
  }
  return -1;
}

function skipOperands(args: readonly string[], from: number, count: number): number {
  return from + count < args.length ? from + count : -1;
}

/**
 * Peels leading assignments and wrappers off a command's words, outermost first.
 * Returns an empty list when there is no program (a bare assignment, a subshell).
 */
export function resolveProgram(words: readonly string[], wrappers: readonly ExitWrapper[]): ProgramLayer[] {
  let start = 0;
  while (start < words.length && assignment.test(words[start] as string)) start++;
  const layers: ProgramLayer[] = [];
  let rest = words.slice(start);
  while (rest.length > 0) {
    const program = baseName(rest[0] as string);
    const args = rest.slice(1);
    const wrapper = wrappers.find((w) => w.programs.includes(program));
    if (!wrapper) {
      layers.push({ program, args });
      break;
    }
    layers.push({ program, args, wrapper });
    const index = commandIndex(args, wrapper);
    if (index === -1) break;
    rest = args.slice(index);
  }
  return layers;
}
