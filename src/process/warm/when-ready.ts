import type { IpcHelper } from '../spawn.js';
import type { HelperWrite, ReadyMessage } from './protocol.js';
import { unbatch } from './turn-batch.js';

const READY_WAIT_MS = 30_000;

/** Resolves once the helper says it listens; rejects if it exits first or takes longer than READY_WAIT_MS. */
export function whenReady(helper: IpcHelper): Promise<ReadyMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the helper was not ready after ${READY_WAIT_MS} ms`)),
      READY_WAIT_MS,
    ).unref();
    helper.hold(true);
    helper.onMessage((written) => {
      const ready = unbatch(written as HelperWrite).find((message) => message.op === 'ready');
      if (!ready) return;
      clearTimeout(timer);
      helper.hold(false);
      resolve(ready);
    });
    helper.onExit((code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the helper exited with ${signal ? `signal ${signal}` : `code ${code}`} before it was ready`));
    });
  });
}
