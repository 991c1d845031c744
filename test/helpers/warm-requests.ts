import type { Socket } from 'node:net';
import { finished } from 'node:stream/promises';
import type { WarmRequest } from '../../src/process/warm/warm-spawner.js';

/** Builds the helper's start requests of one test file, each with its own run tag (`<prefix>-<pid>-<n>`). */
export function warmRequests(prefix: string): (file: string, args: string[], extra?: Partial<WarmRequest>) => WarmRequest {
  let count = 0;
  return (file, args, extra = {}) => {
    const tag = `${prefix}-${process.pid}-${count++}`;
    return {
      file,
      args,
      cwd: process.cwd(),
      env: { ...process.env, TERSH_RUN_ID: tag },
      stdin: 'ignore',
      tag,
      watch: true,
      ...extra,
    };
  };
}

// A socket with nothing buffered ends at the command's exit, read or not (as a child's pipe does): it may have
// closed before launch() resolved, so wait with finished(), not on a 'close' event.
export async function collect(socket: Socket): Promise<string> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await finished(socket).catch(() => undefined);
  return Buffer.concat(chunks).toString();
}
