/** How a command ended, read for a model: `ok` includes grep finding nothing. */
export type ExitStatus = ExitRule['status'];

/**
 * What one program's exit codes mean. Plain data: pass more to `classifyExit({ rules })`;
 * they are tried before the built-in ones.
 */
export interface ExitRule {
  /** Program base names (`grep`, `egrep`); wrappers such as `sudo` are peeled first. */
  programs: readonly string[];
  /** Only when the first operand is one of these (`git diff`), skipping the program's global options. */
  subcommands?: readonly string[];
  /** Only when one of these arguments is present (`--exit-code`); `--opt=value` forms match `--opt`. */
  withArgs?: readonly string[];
  /** The exit codes this rule reads. */
  codes: readonly number[];
  /** The verdict for these codes (`ok` for grep's "no match" 1). */
  status: 'ok' | 'error' | 'signal' | 'timeout';
  /** The short interpretation shown to the model ("No matches found"). */
  message: string;
}
