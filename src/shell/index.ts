export { createShell } from './shell.js';
export type { Shell, ShellOptions, ShellRunDefaults, ShellRunOptions } from './types.js';
