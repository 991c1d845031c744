export { run } from './run.js';
export type { RunOptions } from './run-options.js';
export type { RunResult } from './run-result.js';
export type { ShellKind } from './shell-resolve.js';
export { resolveShell } from './shell-resolve.js';
export type { ShellProbe, ResolvedShell } from './shell-resolve.js';
export { NON_INTERACTIVE_ENV } from './child-env.js';
