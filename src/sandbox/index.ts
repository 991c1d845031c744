export { normalizeSandboxOptions } from './options.js';
export type { NormalizedSandboxOptions } from './options.js';
export { defaultProtectedPaths } from './protected-paths.js';
export { sandboxSupport } from './support.js';
export type { SandboxSupport, SandboxSupportOptions } from './support.js';
export { wrapInSandbox } from './wrap.js';
export type { SandboxContext, SandboxedCommand } from './wrap.js';
