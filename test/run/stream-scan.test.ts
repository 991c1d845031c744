import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTesters } from '../../src/condense/classify.js';
import { lineMap } from '../../src/condense/line-map.js';
import { cMake } from '../../src/condense/recognisers/c-make.js';
import { readLines } from '../../src/condense/read-lines.js';
import { scanStoredStream } from '../../src/run/stream-scan.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const testers = makeTesters(undefined);

async function scanText(text: string | Buffer, window: number): Promise<ReturnType<typeof readLines>> {
  const path = join(tempDir(), 'stdout');
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  writeFileSync(path, bytes);
  return scanStoredStream({ path, bytes: bytes.length, head: bytes.subarray(0, 65536), testers, window });
}

describe('scanning a stored stream', () => {
  it('reads what an in-memory sparse read reads, whatever the chunk boundaries, CRLF and colour codes', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 30_000; i++) {
      if (i % 997 === 0) lines.push(`src/unit_${i}.c:3:1: error: expected ‘;’ before ‘}’ token`, '   3 | }', '     | ^');
      else if (i % 1501 === 0)
        lines.push('Traceback (most recent call last):', `  File "job_${i}.py", line 3, in <module>`, `ValueError: row ${i}`);
      else if (i % 7 === 0) lines.push(`\x1b[32mok\x1b[0m step ${i} é ü 漢字\r`);
      else lines.push(`step ${i}: compiled unit ${i} in ${i % 13} ms`);
    }
    const text = `${lines.join('\n')}\n`;
    const scanned = await scanText(text, 500);
    const read = readLines(text, 500, testers, false);
    expect(scanned.unread).toBeDefined();
    expect(scanned.lines).toEqual(read.lines);
    expect(scanned.unread).toEqual(read.unread);
    expect(lineMap(scanned.lines.length, scanned.unread).total).toBe(lines.length);
  });

  it('reads past the head the way a line-by-line read does, without decoding the lines it passes over (8 MB, every kind of notable line)', async () => {
    const notable = [
      (i: number) => [`src/unit_${i}.c:3:1: error: expected ‘;’ before ‘}’ token`, '   3 | }', '     | ^'],
      (i: number) => ['Traceback (most recent call last):', `  File "job_${i}.py", line 3, in <module>`, `ValueError: row ${i}`],
      (i: number) => [`   FAIL  test/t${i}.test.ts > adds`, `\u00a0FAIL  nbsp-led ${i}`, `  ✗ check ${i} failed`],
      (i: number) => [
        `[2026-01-01] worker ${i} ERROR lost`,
        `java.lang.IllegalStateException: state ${i}`,
        `thread 'main' panicked at src/x.rs:${i}`,
      ],
      (i: number) => [
        `Tests:  2 failed, ${i} passed`,
        'test result: FAILED. 1 passed; 1 failed',
        `added ${i} packages in 2s`,
        `× build ${i}`,
      ],
      (i: number) => [
        `${'x'.repeat(2100)} error: past the scanned part ${i}`,
        `\x1b[31merror\x1b[0m: coloured ${i}`,
        `progress ${i}%\rerror: settled ${i}\r`,
        `\x1b[1mFAIL\x1b[0m coloured start ${i}`,
      ],
    ];
    const lines: string[] = [];
    for (let i = 0; lines.length < 150_000; i++) {
      if (i % 911 === 0) lines.push(...(notable[(i / 911) % notable.length] as (i: number) => string[])(i));
      else if (i % 13 === 0) lines.push(`  compiling é ü 漢字 unit ${i}`);
      else lines.push(`gcc -O2 -Wall -c src/module_${i}.c -o build/module_${i}.o`);
    }
    const text = `${lines.join('\n')}\n`;
    expect(text.length).toBeGreaterThan(8_000_000);
    for (const chosen of [testers, makeTesters(cMake)]) {
      const path = join(tempDir(), 'stdout');
      writeFileSync(path, text);
      const bytes = Buffer.byteLength(text);
      const scanned = await scanStoredStream({
        path,
        bytes,
        head: Buffer.from(text.slice(0, 65536)),
        testers: chosen,
        window: 500,
      });
      const read = readLines(text, 500, chosen, false);
      expect(scanned.lines.length).toBeGreaterThan(1000);
      expect(scanned.lines).toEqual(read.lines);
      expect(scanned.unread).toEqual(read.unread);
    }
  });

  it('counts a last line with no newline, and reads a stream of few lines whole', async () => {
    const scanned = await scanText('one\ntwo\nthree', 500);
    expect(scanned).toEqual({ lines: ['one', 'two', 'three'] });
  });

  it('holds a line of millions of characters in part: its start (what the patterns scan), its length and its end', async () => {
    const huge = `ERROR: ${'x'.repeat(3_000_000)}tail-of-line`;
    const scanned = await scanText(`before\n${huge}\nafter\n`, 500);
    expect(scanned.lines).toHaveLength(3);
    expect(scanned.lines[1]).toBe(`ERROR: ${'x'.repeat(233)}[… ${huge.length - 340} chars omitted …]${huge.slice(-100)}`);
    expect(scanned.lines[2]).toBe('after');
  });

  it('decodes a legacy code page as the in-memory view does', async () => {
    const latin = Buffer.from('caf\xe9 ok\nstep 2\n', 'latin1');
    expect((await scanText(latin, 500)).lines).toEqual(['café ok', 'step 2']);
  });
});
