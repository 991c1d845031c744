import { readFile } from 'node:fs/promises';
import type { StdoutImage } from '../result/run-result.js';

type ImageMime = StdoutImage['mimeType'];

/** The largest image returned as one (Claude's and most MCP clients' limit for an image block). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

interface Signature {
  mimeType: ImageMime;
  matches(bytes: Uint8Array): boolean;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

const SIGNATURES: readonly Signature[] = [
  { mimeType: 'image/png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mimeType: 'image/jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { mimeType: 'image/gif', matches: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')) },
  { mimeType: 'image/webp', matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8) },
];

const DATA_URI = /^data:image\/(?:png|jpeg|jpg|gif|webp);base64,/i;
const BASE64_HEAD = /^[A-Za-z0-9+/]{16,}/;
const BASE64_WHOLE = /^[A-Za-z0-9+/\r\n]+={0,2}\s*$/;

function imageType(bytes: Uint8Array): ImageMime | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.mimeType;
}

/** Where the image's base64 text starts, when the head of stdout is base64 (or a data: URI) of an image. */
function base64Start(head: Buffer): number | undefined {
  const sample = head.subarray(0, 256).toString('latin1');
  const text = sample.trimStart();
  const skipped = sample.length - text.length;
  const uri = DATA_URI.exec(text);
  const start = uri ? uri[0].length : 0;
  const body = text.slice(start);
  if (!BASE64_HEAD.test(body)) return undefined;
  const probe = Buffer.from(body.slice(0, 16), 'base64');
  return imageType(probe) ? skipped + start : undefined;
}

/**
 * Whether stdout looks like an image from its first bytes: raw (by magic number) or base64 text. Cheap; the
 * whole stream is checked by {@link readStdoutImage} once the run has ended.
 */
export function mayBeImage(head: Buffer, totalBytes: number): boolean {
  if (totalBytes === 0 || totalBytes > IMAGE_MAX_BYTES * 2) return false;
  return imageType(head) !== undefined || base64Start(head) !== undefined;
}

/**
 * The image stdout holds, read whole from memory (when it fitted the head) or from the record's file;
 * undefined when it is not one image alone (text after base64, an image over {@link IMAGE_MAX_BYTES}).
 */
export async function readStdoutImage(head: Buffer, totalBytes: number, path: string): Promise<StdoutImage | undefined> {
  if (!mayBeImage(head, totalBytes)) return undefined;
  const whole = head.length >= totalBytes ? head : await readFile(path).catch(() => undefined);
  if (!whole || whole.length !== totalBytes) return undefined;
  const raw = imageType(whole);
  if (raw)
    return whole.length <= IMAGE_MAX_BYTES ? { mimeType: raw, bytes: whole.length, data: whole.toString('base64') } : undefined;
  const start = base64Start(whole);
  if (start === undefined) return undefined;
  const text = whole.subarray(start).toString('latin1');
  if (!BASE64_WHOLE.test(text)) return undefined;
  const decoded = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  const mimeType = imageType(decoded);
  if (!mimeType || decoded.length > IMAGE_MAX_BYTES) return undefined;
  return { mimeType, bytes: decoded.length, data: decoded.toString('base64') };
}
