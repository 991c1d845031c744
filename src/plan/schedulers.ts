// `at`, `batch` and `crontab` run the text they read later, as `sh -c` would: their payload is shell code.

/** Programs that read a job's shell code from stdin (unless given `-f file`). */
export const schedulers: ReadonlySet<string> = new Set(['at', 'batch']);

const schedule = /^\s*(@\w+|(\S+\s+){5})/;

/** The commands of a crontab: each line without its schedule fields; comments and assignments dropped. */
export function crontabCommands(table: string): string {
  return table
    .split('\n')
    .filter((line) => !/^\s*(#|$|[A-Za-z_][A-Za-z0-9_]*\s*=)/.test(line))
    .map((line) => line.replace(schedule, ''))
    .join('\n');
}
