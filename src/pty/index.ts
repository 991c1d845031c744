export { createPtyManager } from './manager.js';
export type { PtyManager, PtyOpenOptions, PtyReadPage, PtyRunOptions, PtySession, PtyStepResult } from './types.js';
