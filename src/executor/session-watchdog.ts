import type { RunWatch, TargetChannel } from './types.js';
import { SESSION_WATCHDOG_SCRIPT } from './watchdog-script.js';

/** The argv that starts SESSION_WATCHDOG_SCRIPT in a target. */
export function watchdogArgv(tagVariable: string): string[] {
  return ['sh', '-c', SESSION_WATCHDOG_SCRIPT, 'tersh-watchdog', tagVariable];
}

const SAFE_TAG = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * The host's side of one session watchdog (see SESSION_WATCHDOG_SCRIPT): a long-lived channel into the target
 * whose end of file kills every run still listed. Opened at the first run; when it is lost while the executor
 * lives (its connection dropped, someone killed it), the next run opens another and lists the live runs again.
 */
export class SessionWatchdog {
  private channel: Promise<TargetChannel | undefined> | undefined;
  private readonly runs = new Map<string, number | undefined>();
  private closed = false;

  constructor(private readonly openChannel: () => Promise<TargetChannel>) {}

  /**
   * Lists `tag` before its run starts; undefined when no watchdog could be started there (then, as for a
   * transport without one, a run without a stdin of its own relies on its lifeline alone).
   */
  async watch(tag: string): Promise<RunWatch | undefined> {
    if (!SAFE_TAG.test(tag)) return undefined;
    const channel = await this.ready();
    if (!channel) return undefined;
    this.runs.set(tag, undefined);
    this.send(channel, `run ${tag}`);
    let ended = false;
    return {
      grouped: (pgid) => {
        if (ended || !Number.isSafeInteger(pgid) || pgid <= 1) return;
        this.runs.set(tag, pgid);
        void this.ready().then((open) => open && this.send(open, `group ${tag} ${pgid}`));
      },
      end: () => {
        if (ended) return;
        ended = true;
        this.runs.delete(tag);
        void this.ready().then((open) => open && this.send(open, `done ${tag}`));
      },
    };
  }

  /** Ends the channel: the watchdog over there kills whatever is still listed. */
  async close(): Promise<void> {
    this.closed = true;
    const channel = await this.channel?.catch(() => undefined);
    channel?.stdin.end();
    channel?.close();
  }

  private ready(): Promise<TargetChannel | undefined> {
    if (this.closed) return Promise.resolve(undefined);
    this.channel ??= this.openChannel().then(
      (channel) => {
        channel.stdout.resume();
        channel.stderr.resume();
        channel.stdin.on('error', () => undefined);
        void channel.exit.then(() => {
          if (this.channel === opened) this.channel = undefined;
        });
        for (const [tag, pgid] of this.runs)
          this.send(channel, pgid === undefined ? `run ${tag}` : `run ${tag}\ngroup ${tag} ${pgid}`);
        return channel;
      },
      () => {
        this.channel = undefined;
        return undefined;
      },
    );
    const opened = this.channel;
    return opened;
  }

  private send(channel: TargetChannel, line: string): void {
    if (channel.stdin.writable) channel.stdin.write(`${line}\n`);
  }
}
