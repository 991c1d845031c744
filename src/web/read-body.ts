import type { IncomingMessage } from 'node:http';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import { pipeline, type Readable } from 'node:stream';

export interface ReadBody {
  body: Buffer;
  /** The body passed `maxBytes`; the rest was not read. */
  truncated: boolean;
  /** The stream broke (reset, bad compression, timeout) after these bytes. */
  error?: Error;
}

/** Reads a response up to `maxBytes` of decoded body (so a compressed bomb is bounded too), then drops the connection. */
export async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<ReadBody> {
  const onAbort = () => response.destroy(signal.reason as Error);
  signal.addEventListener('abort', onAbort, { once: true });
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  let source: Readable = response;
  try {
    source = await decoderFor(response);
    for await (const chunk of source) {
      const buffer = chunk as Buffer;
      if (size + buffer.length > maxBytes) {
        chunks.push(buffer.subarray(0, maxBytes - size));
        size = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(buffer);
      size += buffer.length;
    }
    return { body: Buffer.concat(chunks, size), truncated };
  } catch (error) {
    return { body: Buffer.concat(chunks, size), truncated, error: error as Error };
  } finally {
    signal.removeEventListener('abort', onAbort);
    if (source !== response) source.destroy();
    response.destroy();
  }
}

/** gzip, deflate (zlib-wrapped or raw, as servers send both) and br; anything else is read as it came. */
async function decoderFor(response: IncomingMessage): Promise<Readable> {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return joined(response, createGunzip());
  if (encoding === 'br') return joined(response, createBrotliDecompress());
  if (encoding !== 'deflate') return response;
  const first = await firstChunk(response);
  const inflate = first !== undefined && (first[0]! & 0x0f) === 8 ? createInflate() : createInflateRaw();
  if (first !== undefined) inflate.write(first);
  return joined(response, inflate);
}

/** The decoder, failing with the response: a reset or a timeout mid-body ends the read instead of leaving it waiting. */
function joined(response: IncomingMessage, decoder: Readable & NodeJS.WritableStream): Readable {
  return pipeline(response, decoder, () => undefined);
}

function firstChunk(response: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      cleanup();
      response.pause();
      resolve(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(undefined);
    };
    const cleanup = () => {
      response.off('data', onData).off('end', onEnd).off('error', reject);
    };
    response.on('data', onData).once('end', onEnd).once('error', reject);
  });
}
