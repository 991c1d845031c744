export { createPtyManager } from './manager.js';
export type {
  PtyManager,
  PtyManagerOptions,
  PtyOpenOptions,
  PtyReadPage,
  PtyRunOptions,
  PtySession,
  PtyStepResult,
} from './types.js';
