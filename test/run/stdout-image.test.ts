import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { PNG_1PX } from '../helpers/images.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const store = () => createRecordStore({ dir: join(tempDir(), 'records') });

const images: [string, Buffer, string][] = [
  ['PNG', PNG_1PX, 'image/png'],
  ['JPEG', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(600)]), 'image/jpeg'],
  ['GIF', Buffer.concat([Buffer.from('GIF89a'), randomBytes(300)]), 'image/gif'],
  [
    'WebP',
    Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(300)]),
    'image/webp',
  ],
];

describe('an image on stdout', () => {
  it.each(images)('returns raw %s bytes as an image, not as binary text', async (_, bytes, mimeType) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'picture'), bytes);
    const result = await run('cat picture', { cwd: dir, store: store() });
    expect(result.stdoutImage).toEqual({ mimeType, bytes: bytes.length, data: bytes.toString('base64') });
    expect(result.stdout).toBeUndefined();
    expect(result.stdoutBinary).toBeUndefined();
  });

  it('decodes base64 text of an image, alone or as a data: URI', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'p.png'), PNG_1PX);
    const plain = await run('base64 p.png', { cwd: dir, store: store() });
    expect(plain.stdoutImage).toEqual({ mimeType: 'image/png', bytes: PNG_1PX.length, data: PNG_1PX.toString('base64') });
    const uri = await run('printf "data:image/png;base64,%s\\n" "$(base64 -w0 p.png)"', { cwd: dir, store: store() });
    expect(uri.stdoutImage?.mimeType).toBe('image/png');
    expect(uri.stdout).toBeUndefined();
  });

  it('reads an image larger than the inline cap from the record', async () => {
    const dir = tempDir();
    const big = Buffer.concat([PNG_1PX.subarray(0, 16), randomBytes(1024 * 1024)]);
    writeFileSync(join(dir, 'big.png'), big);
    const result = await run('cat big.png', { cwd: dir, store: store() });
    expect(result.stdoutImage?.bytes).toBe(big.length);
    expect(Buffer.from(result.stdoutImage!.data, 'base64').equals(big)).toBe(true);
  });

  it('leaves text, base64 of non-images, an image followed by text, and images over 5 MiB as they were', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'p.png'), PNG_1PX);
    writeFileSync(join(dir, 'huge.png'), Buffer.concat([PNG_1PX.subarray(0, 16), randomBytes(6 * 1024 * 1024)]));
    const cases = ['echo hello', 'echo aGVsbG8gd29ybGQgdGhpcyBpcyBub3QgYW4gaW1hZ2U=', 'base64 p.png; echo done', 'cat huge.png'];
    for (const command of cases) {
      const result = await run(command, { cwd: dir, store: store() });
      expect(result.stdoutImage, command).toBeUndefined();
      expect(result.stdout, command).toBeDefined();
    }
  });
});
