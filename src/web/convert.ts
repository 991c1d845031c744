import { decodeBody } from './charset.js';
import { htmlToMarkdown } from './html-to-markdown.js';

export interface Converted {
  /** What the model reads and the record keeps. */
  text: string;
  /** The body as base64, for an image a caller accepts. */
  image?: { data: string; mimeType: string };
}

const TEXT_TYPES =
  /^(text\/|application\/(xml|javascript|ecmascript|x-www-form-urlencoded|x-sh|toml|yaml|x-yaml|graphql|sql)|[^;]*\+xml$)/;

/** HTML to Markdown, JSON pretty-printed, text as it is; images and other binary described, not dumped. */
export async function convertBody(body: Buffer, contentTypeHeader: string, acceptImages: boolean): Promise<Converted> {
  const mediaType = contentTypeHeader.split(';')[0]!.trim().toLowerCase();
  if (mediaType.startsWith('image/')) {
    const described = `[image: ${mediaType}, ${body.length} bytes${acceptImages ? '' : '; not shown'}]\n`;
    return acceptImages
      ? { text: described, image: { data: body.toString('base64'), mimeType: mediaType } }
      : { text: described };
  }
  const isHtml = mediaType === 'text/html' || mediaType === 'application/xhtml+xml' || (mediaType === '' && looksLikeHtml(body));
  const isJson = mediaType === 'application/json' || mediaType.endsWith('+json');
  if (!isHtml && !isJson && !TEXT_TYPES.test(mediaType) && looksBinary(body)) {
    return { text: `[binary: ${mediaType || 'unknown type'}, ${body.length} bytes; not shown]\n` };
  }
  const { text } = decodeBody(body, contentTypeHeader, isHtml);
  if (isHtml) return { text: await htmlToMarkdown(text) };
  if (isJson) return { text: prettyJson(text) };
  return { text };
}

function prettyJson(text: string): string {
  try {
    return `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
  } catch {
    return text;
  }
}

function looksLikeHtml(body: Buffer): boolean {
  return /^\s*(<!doctype html|<html)/i.test(body.subarray(0, 512).toString('latin1'));
}

/** A NUL byte, or many control bytes, in the first 8 KiB. */
function looksBinary(body: Buffer): boolean {
  const head = body.subarray(0, 8192);
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return true;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return control > head.length / 10;
}
