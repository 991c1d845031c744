// One catalogue of the programs that run another command, read by the planner (src/plan) to find
// the command to check and by the exit classifier to find the program whose status is reported.
import type { ExitWrapper } from './wrappers.js';

/** A wrapper and how to find the command it runs: an `ExitWrapper`, and whether it changes the user. */
export interface CatalogueWrapper extends ExitWrapper {
  /** The wrapper runs the command as root or another user (`sudo`, `doas`, `su`). */
  readonly elevates?: boolean;
}

const sudoValues = ['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U', '-T', '-R', '--user', '--group', '--host', '--prompt', '--chdir', '--close-from', '--role', '--type', '--other-user', '--command-timeout', '--chroot'];

export const wrapperCatalogue: readonly CatalogueWrapper[] = [
  { programs: ['sudo'], elevates: true, assignments: true, valueOptions: sudoValues, optionalValues: ['-h'], noCommandFlags: ['-l', '-v', '-k', '-K', '-V', '-e', '--list', '--validate', '--edit', '--reset-timestamp', '--remove-timestamp'] },
  { programs: ['doas'], elevates: true, valueOptions: ['-u', '-C'] },
  { programs: ['pkexec'], elevates: true, valueOptions: ['--user'] },
  { programs: ['run0'], elevates: true, valueOptions: ['-u', '--user', '-g', '--group', '-D', '--chdir', '--setenv', '--property', '--unit', '--description', '--slice', '--nice', '--machine'] },
  { programs: ['su'], elevates: true, valueOptions: ['-s', '-g', '-G', '--shell', '--group', '-w', '--whitelist-environment'], shellOption: '-c' },
  { programs: ['runuser'], elevates: true, valueOptions: ['-u', '--user', '-g', '--group', '-G', '--supp-group', '-s', '--shell', '-w'], shellOption: '-c' },
  { programs: ['sg'], valueOptions: [], shellOption: '-c', leadingOperands: 1 },
  { programs: ['env'], assignments: true, valueOptions: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string', '-P', '--default-signal', '--ignore-signal', '--block-signal'] },
  { programs: ['command'], valueOptions: [], noCommandFlags: ['-v', '-V'] },
  { programs: ['builtin', 'nohup', 'setsid', 'unbuffer', 'catchsegv', 'fakeroot', 'proxychains', 'proxychains4', 'torsocks', 'tsocks', 'caffeinate', 'dbus-launch', 'ssh-agent', 'rlwrap', 'busybox', 'eatmydata', 'nocache', 'entr', 'chronic', 'ifne', 'with-contenv'] },
  { programs: ['exec'], valueOptions: ['-a'] },
  { programs: ['time'], valueOptions: ['-f', '-o', '--format', '--output'] },
  { programs: ['nice'], valueOptions: ['-n', '--adjustment'] },
  { programs: ['ionice'], valueOptions: ['-c', '-n', '--class', '--classdata'], noCommandFlags: ['-p', '-P', '-u', '--pid', '--pgid', '--uid'] },
  { programs: ['chrt'], valueOptions: ['-T', '-P', '-D', '--sched-runtime', '--sched-period', '--sched-deadline'], leadingOperands: 1, noCommandFlags: ['-p', '--pid', '-m', '--max'] },
  { programs: ['taskset'], leadingOperands: 1, noCommandFlags: ['-p', '--pid'] },
  { programs: ['numactl'], valueOptions: ['-C', '-N', '-m', '-p', '-i', '--physcpubind', '--cpunodebind', '--membind', '--preferred', '--interleave'], noCommandFlags: ['-H', '-s', '--hardware', '--show'] },
  { programs: ['cpulimit'], valueOptions: ['-l', '--limit', '-p', '--pid', '-e', '--exe'] },
  { programs: ['timeout', 'gtimeout'], valueOptions: ['-s', '-k', '--signal', '--kill-after'], leadingOperands: 1 },
  { programs: ['faketime'], valueOptions: ['-m', '-f'], leadingOperands: 1 },
  { programs: ['watch'], passesStatus: false, valueOptions: ['-n', '--interval', '-q', '--equexit', '-d'], joinsShellString: true },
  { programs: ['stdbuf'], valueOptions: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  { programs: ['chroot'], valueOptions: ['--userspec', '--groups'], leadingOperands: 1 },
  { programs: ['unshare'], valueOptions: ['-S', '-G', '--setuid', '--setgid', '-R', '--root', '-w', '--wd', '--propagation'] },
  { programs: ['nsenter'], valueOptions: ['-t', '--target', '-S', '--setuid', '-G', '--setgid', '-r', '-w'] },
  { programs: ['systemd-run'], valueOptions: ['-u', '--unit', '-p', '--property', '--description', '--slice', '-E', '--setenv', '--uid', '--gid', '--nice', '-M', '--machine', '-H', '--host', '--working-directory', '--on-calendar', '--on-active'] },
  { programs: ['strace', 'ltrace'], passesStatus: false, valueOptions: ['-o', '-e', '-s', '-u', '-E', '-a', '-X', '-b', '-I', '-O', '-S', '-P'], noCommandFlags: ['-p', '--attach'] },
  { programs: ['valgrind'], passesStatus: false },
  { programs: ['xvfb-run'], valueOptions: ['-n', '--server-num', '-s', '--server-args', '-e', '--error-file', '-f', '--auth-file', '-p'] },
  { programs: ['flock'], valueOptions: ['-w', '-E', '--timeout', '--conflict-exit-code'], leadingOperands: 1, shellOption: '-c' },
  { programs: ['xargs'], passesStatus: false, valueOptions: ['-I', '-L', '-n', '-P', '-d', '-E', '-s', '-a', '--max-args', '--max-procs', '--delimiter', '--arg-file', '--max-lines', '--max-chars', '--eof', '--replace', '--process-slot-var'] },
  { programs: ['parallel'], passesStatus: false, valueOptions: ['-j', '-S', '--jobs', '--sshlogin', '--delay', '--timeout', '--joblog', '-I', '--colsep', '--results', '-a', '--arg-file', '--tmpdir', '--workdir', '--wd'] },
];

/** Shells: they run the text given with `-c`, or read a script from stdin. */
export const shellPrograms: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'rbash', 'yash', 'posh', 'busybox-sh', 'tcsh', 'csh']);
