import { aliased } from './define-tool.js';

/** Options of the tool layer that shape how `sh_run` arguments become run options. */
export interface SeedArgSettings {
  /** Cap of a stream shown verbatim by `inline: true`. */
  inlineMaxBytes: number;
}

/**
 * Seed 003's `raw` (no condensing: `full`'s other name) and `inline` (verbatim up to the inline cap; a larger
 * stream shows its head and tail and leaves the rest to the store), and Claude Code's `dangerouslyDisableSandbox`.
 */
export function applySeedArgs(args: Record<string, unknown>, options: Record<string, unknown>, settings: SeedArgSettings): void {
  const full = aliased(args, 'full', 'raw');
  if (full !== undefined) options.full = full;
  if (args.inline === true) {
    if (full !== undefined) throw new TypeError('Give `inline` or `raw` (`full`), not both');
    options.full = true;
    options.inlineMaxBytes = settings.inlineMaxBytes;
  }
  const lift = aliased(args, 'dangerously_disable_sandbox', 'dangerouslyDisableSandbox');
  if (lift !== undefined) options.dangerouslyDisableSandbox = lift;
}
