export { TershError, isTershError } from './errors.js';
export type { TershErrorCode } from './errors.js';
