/** Commands longer than this are planned every time (a memo of them would hold their text). */
const MAX_COMMAND_LENGTH = 4096;

/**
 * The plan warnings of the commands screened lately without a policy, by their text, so that a command run again is
 * not parsed again: a plan depends on the text alone (its rules are fixed), except one the parse deadline cut short,
 * which the caller does not keep. The least recently used goes first.
 */
export class WarningMemo {
  private readonly warnings = new Map<string, string | null>();

  constructor(private readonly capacity: number) {}

  /** The warning (null: none) of a command kept, else undefined. */
  get(command: string): string | null | undefined {
    const warning = this.warnings.get(command);
    if (warning === undefined) return undefined;
    this.warnings.delete(command);
    this.warnings.set(command, warning);
    return warning;
  }

  keep(command: string, warning: string | undefined): void {
    if (command.length > MAX_COMMAND_LENGTH) return;
    this.warnings.delete(command);
    this.warnings.set(command, warning ?? null);
    if (this.warnings.size > this.capacity) this.warnings.delete(this.warnings.keys().next().value!);
  }
}
