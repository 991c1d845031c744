import { condense } from '../condense/index.js';
import { condenseRead, recogniserFor, testersFor } from '../condense/condense.js';
import type { ReadStream } from '../condense/condense.js';
import { normalizeCondense } from '../condense/options.js';
import { isBoundedByHeadOrTail } from '../condense/passthrough.js';
import { firstLines, readLines } from '../condense/read-lines.js';
import { windowFor } from '../condense/stream.js';
import type { CondenseResult } from '../condense/index.js';
import type { StreamFile } from '../store/index.js';
import type { CapturedStream } from './stream-capture.js';
import type { StreamView } from './stream-view.js';
import { scanStoredStream } from './stream-scan.js';

/** One stream of a finished run: its in-memory view, what was captured, and its record file. */
export interface CapturedView {
  view: StreamView;
  captured: CapturedStream;
  file: StreamFile;
}

export interface CondenseCapturedOptions {
  command: string;
  exitCode: number | null;
  recordId: string;
  mode: 'smart' | 'lossless';
  budgetTokens?: number | undefined;
  encoding?: string | undefined;
}

/**
 * Condenses a run's streams. One held whole in memory is condensed from its text; one past the inline cap is
 * scanned from its record file, so a failure anywhere in it reaches the view, numbered as the record numbers it.
 */
export async function condenseCaptured(
  stdout: CapturedView,
  stderr: CapturedView,
  options: CondenseCapturedOptions,
): Promise<CondenseResult> {
  const { command, exitCode, recordId, mode } = options;
  const text = (stream: CapturedView): string => (stream.view.isBinary ? stream.view.text : stream.view.raw);
  const budget = options.budgetTokens !== undefined ? { budgetTokens: options.budgetTokens } : {};
  const scanned = (stream: CapturedView): boolean =>
    stream.view.cut !== undefined && !stream.view.isBinary && stream.file.error === undefined;
  if ((!scanned(stdout) && !scanned(stderr)) || mode === 'lossless' || isBoundedByHeadOrTail(command)) {
    const cuts = {
      ...(stdout.view.cut ? { stdout: stdout.view.cut } : {}),
      ...(stderr.view.cut ? { stderr: stderr.view.cut } : {}),
    };
    return condense({ command, stdout: text(stdout), stderr: text(stderr), exitCode }, { recordId, mode, ...budget, cuts });
  }
  const o = normalizeCondense({ command, stdout: '', stderr: '', exitCode }, { recordId, mode, ...budget });
  // the head before the cut marker is the stream's own start
  const recogniser = recogniserFor(command, firstLines(text(stdout), 60), firstLines(text(stderr), 60));
  const testers = testersFor(recogniser);
  const window = windowFor(o.budgetTokens);
  const read = async (stream: CapturedView, name: 'stdout' | 'stderr'): Promise<ReadStream> => {
    const inMemory = (): ReadStream => ({
      read: readLines(text(stream), window, testers[name], recogniser?.overview !== undefined, stream.view.cut),
      raw: text(stream),
    });
    if (!scanned(stream)) return inMemory();
    await stream.file.flush();
    // the disk refused part of it: the excerpt in memory is all there is
    if (stream.file.error !== undefined) return inMemory();
    const { captured } = stream;
    return {
      read: await scanStoredStream({
        path: stream.file.path,
        bytes: captured.totalBytes,
        directFrom: stream.file.directFrom,
        head: captured.head,
        encoding: options.encoding,
        testers: testers[name],
        window,
      }),
    };
  };
  return condenseRead(o, recogniser, { stdout: await read(stdout, 'stdout'), stderr: await read(stderr, 'stderr') });
}
