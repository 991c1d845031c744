import { wrapperCatalogue } from './wrapper-catalogue.js';

/**
 * A program that runs another command, and how to find that command in its arguments
 * (`sudo -u root grep x f` runs `grep`).
 */
export interface ExitWrapper {
  /** Names the wrapper is invoked by. */
  readonly programs: readonly string[];
  /** Options that take a separate value (`-u root`). Attached forms (`-uroot`, `--user=root`) need no listing. */
  readonly valueOptions?: readonly string[];
  /** Positional words before the command (the duration in `timeout 5 cmd`). @defaultValue 0 */
  readonly leadingOperands?: number;
  /** `NAME=value` words before the command are skipped (env, sudo). @defaultValue false */
  readonly assignments?: boolean;
  /** Any of these flags means no command is run (`command -v grep` is a lookup). */
  readonly noCommandFlags?: readonly string[];
  /**
   * The wrapper exits with the wrapped command's status, so the wrapped program's rules apply
   * (after the wrapper's own rules, such as `timeout`'s 124). `xargs` maps statuses to its own codes.
   * @defaultValue true
   */
  readonly passesStatus?: boolean;
  /** Options whose separate value is taken only when the word after that value is not an option (`sudo -h host cmd`). */
  readonly optionalValues?: readonly string[];
  /** An option whose value is a shell string (`su -c "…"`): the program it runs is not a word of its own. */
  readonly shellOption?: string;
  /** The remaining words form one shell string (`watch "…"`). @defaultValue false */
  readonly joinsShellString?: boolean;
}

/** Wrappers peeled off to find the program whose exit is reported. Plain data; pass more to `classifyExit`. */
export const exitWrappers: readonly ExitWrapper[] = wrapperCatalogue;
