const BARE_SLEEP = /^\s*sleep\s+(\d+(?:\.\d+)?)s?\s*$/;

/** A hint when the whole command is `sleep N` with N ≥ 2 seconds, which only burns the agent's turn. */
export function idleSleepRefusal(command: string): string | undefined {
  const match = BARE_SLEEP.exec(command);
  if (!match || Number(match[1]) < 2) return undefined;
  return `Refused to run a bare \`${command.trim()}\`: sleeping blocks the turn. Run the thing you are waiting for with background: true and poll its logs, or wait on a condition (e.g. \`until curl -s localhost:3000; do sleep 1; done\`).`;
}
