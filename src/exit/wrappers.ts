import { wrapperCatalogue } from './wrapper-catalogue.js';
import type { ClassifyExitInput } from './classify-exit.js';

/**
 * A program that runs another command, and how to find that command in its arguments
 * (`sudo -u root grep x f` runs `grep`).
 */
export type ExitWrapper = NonNullable<ClassifyExitInput['wrappers']>[number];

/** Wrappers peeled off to find the program whose exit is reported. Plain data; pass more to `classifyExit`. */
export const exitWrappers: readonly ExitWrapper[] = wrapperCatalogue;
