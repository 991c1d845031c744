import { StringDecoder } from 'node:string_decoder';
import iconv from 'iconv-lite';
import { splitLines } from '../split-lines.js';
import type { StreamCapture } from './stream-capture.js';

/** Which stream a live chunk or line came from. */
export type OutputStreamName = 'stdout' | 'stderr';

/** The caller's live-output callbacks, as run() validated them. */
export interface LiveOutputCallbacks {
  onStdout: ((chunk: string) => void) | undefined;
  onStderr: ((chunk: string) => void) | undefined;
  onLine: ((line: string, stream: OutputStreamName) => void) | undefined;
}

/** What the live feed hands back when the run ends: why a callback stopped being called, if one threw. */
export interface LiveOutputFeed {
  /** Stops the feed (a run promoted to a job: its call has returned). */
  stop(): void;
  /** Decodes what is left, delivers the unterminated last lines, and says which callback threw. */
  finish(): string | undefined;
}

interface Decoder {
  write(chunk: Buffer): string;
  end(): string;
}

function decoderFor(encoding: string | undefined): Decoder {
  if (encoding && !/^utf-?8$/i.test(encoding)) {
    const decoder = iconv.getDecoder(encoding);
    return { write: (chunk) => decoder.write(chunk), end: () => decoder.end() ?? '' };
  }
  const decoder = new StringDecoder('utf8');
  return { write: (chunk) => decoder.write(chunk), end: () => decoder.end() };
}

/**
 * Feeds a foreground run's output to the caller as it arrives: chunks decoded (a character split
 * across chunks is held until it is whole), lines split whatever the chunking (`\r\n` counts as one end; a line
 * over 1 MiB comes in pieces of that size).
 * A callback that throws is not called again, and the run goes on; `finish()` reports it.
 */
export function feedLiveOutput(
  streams: Record<OutputStreamName, StreamCapture>,
  callbacks: LiveOutputCallbacks,
  encoding: string | undefined,
): LiveOutputFeed | undefined {
  if (!callbacks.onStdout && !callbacks.onStderr && !callbacks.onLine) return undefined;
  let failure: string | undefined;
  let stopped = false;
  const live = { onStdout: callbacks.onStdout, onStderr: callbacks.onStderr, onLine: callbacks.onLine };
  const call = (name: keyof typeof live, invoke: () => void): void => {
    try {
      invoke();
    } catch (error) {
      live[name] = undefined;
      failure ??= `${name} threw and was not called again: ${error instanceof Error ? error.message : String(error)}`;
    }
  };
  const feeds = (['stdout', 'stderr'] as const).map((stream) => {
    const decoder = decoderFor(encoding);
    const chunkCallback = stream === 'stdout' ? 'onStdout' : 'onStderr';
    let partial = '';
    const deliver = (text: string, last: boolean): void => {
      if (text === '' && !last) return;
      const chunkListener = live[chunkCallback];
      if (text !== '' && chunkListener) call(chunkCallback, () => chunkListener(text));
      if (!live.onLine) return;
      const split = splitLines(partial, text, last);
      partial = split.partial;
      for (const line of split.lines) {
        const lineListener = live.onLine;
        if (!lineListener) break;
        call('onLine', () => lineListener(line, stream));
      }
    };
    const unsubscribe = streams[stream].onData((chunk) => {
      if (!stopped) deliver(decoder.write(chunk), false);
    });
    return { unsubscribe, flush: () => deliver(decoder.end(), true) };
  });
  return {
    stop() {
      stopped = true;
      for (const feed of feeds) feed.unsubscribe();
    },
    finish() {
      if (!stopped) for (const feed of feeds) feed.flush();
      this.stop();
      return failure;
    },
  };
}
