import { setTimeout as delay } from 'node:timers/promises';
import type { LaunchedProcess, TargetTransport } from '../types.js';

/** Waits between attempts to reach the host again after a run's connection was lost (about a minute in all). */
const RETRY_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000];

/**
 * After a run's connection was lost: once the host answers again, SIGKILL whatever of the run is left over there.
 * The wrapper's watchdog does it first when sshd closes the session; this covers a session sshd keeps (a half-open
 * connection it has not noticed yet). Runs in the background and never holds the host's event loop open.
 */
export async function sweepWhenBack(
  launched: LaunchedProcess,
  transport: TargetTransport,
  isClosed: () => boolean,
): Promise<void> {
  for (const wait of RETRY_DELAYS_MS) {
    if (isClosed()) return;
    const reached = await transport.exec(['true'], { timeoutMs: 10_000 });
    if (reached.code !== null) {
      await launched.group.kill();
      return;
    }
    await delay(wait, undefined, { ref: false });
  }
}
