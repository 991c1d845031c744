/**
 * A program that runs another command, and how to find that command in its arguments
 * (`sudo -u root grep x f` runs `grep`).
 * @public
 */
export interface ExitWrapper {
  /** Names the wrapper is invoked by. */
  readonly programs: readonly string[];
  /** Options that take a separate value (`-u root`). Attached forms (`-uroot`, `--user=root`) need no listing. */
  readonly valueOptions?: readonly string[];
  /** Positional words before the command (the duration in `timeout 5 cmd`). @default 0 */
  readonly leadingOperands?: number;
  /** `NAME=value` words before the command are skipped (env, sudo). @default false */
  readonly assignments?: boolean;
  /** Any of these flags means no command is run (`command -v grep` is a lookup). */
  readonly noCommandFlags?: readonly string[];
  /**
   * The wrapper exits with the wrapped command's status, so the wrapped program's rules apply
   * (after the wrapper's own rules, such as `timeout`'s 124). `xargs` maps statuses to its own codes.
   * @default true
   */
  readonly passesStatus?: boolean;
}

/** Wrappers peeled off to find the program whose exit is reported. Plain data; pass more to `classifyExit`. @public */
export const exitWrappers: readonly ExitWrapper[] = [
  { programs: ['sudo'], assignments: true, valueOptions: ['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U', '-T', '-R', '--user', '--group', '--host', '--prompt', '--chdir', '--close-from', '--role', '--type', '--other-user', '--command-timeout', '--chroot'], noCommandFlags: ['-l', '-v', '-k', '-K', '-V', '-e', '--list', '--validate', '--edit'] },
  { programs: ['doas'], valueOptions: ['-u', '-C'] },
  { programs: ['env'], assignments: true, valueOptions: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'] },
  { programs: ['command'], valueOptions: [], noCommandFlags: ['-v', '-V'] },
  { programs: ['builtin', 'nohup', 'setsid', 'unbuffer', 'catchsegv'] },
  { programs: ['exec'], valueOptions: ['-a'] },
  { programs: ['time'], valueOptions: ['-f', '-o', '--format', '--output'] },
  { programs: ['nice'], valueOptions: ['-n', '--adjustment'] },
  { programs: ['ionice'], valueOptions: ['-c', '-n', '--class', '--classdata'], noCommandFlags: ['-p', '-P', '-u', '--pid', '--pgid', '--uid'] },
  { programs: ['chrt', 'taskset'], leadingOperands: 1 },
  { programs: ['timeout'], valueOptions: ['-s', '-k', '--signal', '--kill-after'], leadingOperands: 1 },
  { programs: ['stdbuf'], valueOptions: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  { programs: ['xargs'], passesStatus: false, valueOptions: ['-I', '-L', '-n', '-P', '-d', '-E', '-s', '-a', '--max-args', '--max-procs', '--delimiter', '--arg-file', '--max-lines', '--max-chars', '--eof', '--replace', '--process-slot-var'] },
];
