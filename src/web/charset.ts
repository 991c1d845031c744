import iconv from 'iconv-lite';

const BOMS: readonly [Buffer, string][] = [
  [Buffer.from([0xef, 0xbb, 0xbf]), 'utf-8'],
  [Buffer.from([0xff, 0xfe]), 'utf-16le'],
  [Buffer.from([0xfe, 0xff]), 'utf-16be'],
];

/**
 * Decodes a body by, in order: its byte-order mark, the Content-Type charset, an HTML `<meta>` charset
 * in the first 2 KiB, strict UTF-8; and windows-1252 (what browsers assume) when none of those holds.
 */
export function decodeBody(body: Buffer, contentType: string, isHtml: boolean): { text: string; charset: string } {
  for (const [bom, charset] of BOMS) {
    if (body.subarray(0, bom.length).equals(bom)) return { text: iconv.decode(body.subarray(bom.length), charset), charset };
  }
  const declared = charsetParameter(contentType) ?? (isHtml ? metaCharset(body) : undefined);
  if (declared && iconv.encodingExists(declared)) return { text: iconv.decode(body, declared), charset: declared.toLowerCase() };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), charset: 'utf-8' };
  } catch {
    return { text: iconv.decode(body, 'windows-1252'), charset: 'windows-1252' };
  }
}

function charsetParameter(contentType: string): string | undefined {
  return /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType)?.[1];
}

function metaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
}
