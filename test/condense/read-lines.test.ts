import { describe, expect, it } from 'vitest';
import { makeTesters } from '../../src/condense/classify.js';
import { condense } from '../../src/condense/index.js';
import { normalizeLines } from '../../src/condense/normalize.js';
import { firstLines, readLines } from '../../src/condense/read-lines.js';
import { lineMap } from '../../src/condense/line-map.js';

const busy = (count: number, from = 0): string =>
  Array.from({ length: count }, (_, i) => `step ${from + i}: compiled unit ${from + i} in ${i % 7} ms\r\n`).join('');
const trace = 'Traceback (most recent call last):\n  File "job.py", line 3, in <module>\n    main()\nValueError: bad row 17\n';

describe('readLines', () => {
  const text = `${busy(3000)}progress 10%\rprogress 100%\n${trace}${busy(3000, 3000)}`;
  const full = normalizeLines(text);

  /** The stored line (0-based) of each entry, and every entry's text, checked against the whole read. */
  const expectFaithful = (read: ReturnType<typeof readLines>, whole: string[]): number[] => {
    const map = lineMap(read.lines.length, read.unread);
    expect(map.total).toBe(whole.length);
    const at: number[] = [];
    read.lines.forEach((line, i) => {
      at.push(map.first(i) - 1);
      if (map.unread?.[i] === 1) expect(line).toBe('');
      else expect(line).toBe(whole[map.first(i) - 1]);
    });
    return at;
  };

  it('reads a huge stream sparsely: the windows and every notable line with its block whole, each run of other lines one unread entry', () => {
    const read = readLines(text, 1000, makeTesters(undefined), false);
    expect(read.unread?.size).toBe(2);
    expect(read.lines.length).toBeLessThan(2100);
    const at = expectFaithful(read, full);
    expect(read.lines.slice(0, 1000)).toEqual(full.slice(0, 1000));
    expect(read.lines.slice(-1000)).toEqual(full.slice(-1000));
    const traceAt = read.lines.indexOf('Traceback (most recent call last):');
    expect(at[traceAt]).toBe(full.indexOf('Traceback (most recent call last):'));
    expect(read.lines.slice(traceAt, traceAt + 4)).toEqual(trace.trimEnd().split('\n'));
  });

  it('keeps the block of a failure that opens at the end of the head window', () => {
    const edge = `${busy(998)}${trace}${busy(5000, 998)}`;
    const read = readLines(edge, 1000, makeTesters(undefined), false);
    expect(read.unread).toBeDefined();
    expect(read.lines.slice(998, 1002)).toEqual(trace.trimEnd().split('\n'));
    expectFaithful(read, normalizeLines(edge));
    expect(condense({ stdout: edge, exitCode: 0 }).stdout).toContain(trace.trimEnd());
  });

  it('reads a coloured stream sparsely too, each kept line as the whole read gives it', () => {
    const coloured = text.replaceAll('step ', '\x1b[32mstep\x1b[0m ').replace('Traceback', '\x1b[31mTraceback\x1b[0m');
    const read = readLines(coloured, 1000, makeTesters(undefined), false);
    expect(read.unread).toBeDefined();
    const whole = normalizeLines(coloured);
    expect(whole).toEqual(full);
    expectFaithful(read, whole);
    const at = read.lines.indexOf('Traceback (most recent call last):');
    expect(read.lines.slice(at, at + 4)).toEqual(trace.trimEnd().split('\n'));
  });

  it('makes a cut an unread entry standing for the stored lines it replaced', () => {
    const excerpt = 'a\nb\n[cut]\nz\n';
    const read = readLines(excerpt, 1000, makeTesters(undefined), false, { markerLine: 3, resumesAtLine: 50 });
    expect(read.lines).toEqual(['a', 'b', '', 'z']);
    const map = lineMap(read.lines.length, read.unread);
    expect([map.first(2), map.last(2), map.first(3), map.total]).toEqual([3, 49, 50, 50]);
    const huge = `${busy(3000)}[cut]\n${busy(3000, 9000)}`;
    const sparse = readLines(huge, 1000, makeTesters(undefined), false, { markerLine: 3001, resumesAtLine: 9001 });
    expect(lineMap(sparse.lines.length, sparse.unread).total).toBe(12000);
  });

  it('reads every line when an overview needs them, when a cursor-up code may redraw lines, and when the stream is small', () => {
    expect(readLines(text, 1000, makeTesters(undefined), true).lines).toEqual(full);
    expect(readLines(text, 1000, makeTesters(undefined), true).unread).toBeUndefined();
    const redrawn = `\x1b[0A${text}`;
    expect(readLines(redrawn, 1000, makeTesters(undefined), false)).toEqual({ lines: normalizeLines(redrawn) });
    expect(readLines(text, 4000, makeTesters(undefined), false).lines).toEqual(full);
    expect(readLines(text, 4000, makeTesters(undefined), false).unread).toBeUndefined();
  });

  it('gives the first lines as the whole stream would, without normalising the rest', () => {
    expect(firstLines(text, 60)).toEqual(full.slice(0, 60));
    expect(firstLines('a\r\nb', 60)).toEqual(['a', 'b']);
  });

  it('condenses a huge stream read sparsely as it would read whole', () => {
    const result = condense({ command: 'python job.py', stdout: text, exitCode: 0 }, { recordId: 'r_sparse' });
    expect(result.stdoutLines).toBe(full.length);
    expect(result.stdout).toContain(trace.trimEnd());
    const ranges = [...result.stdout.matchAll(/lines (\d+)–(\d+) omitted \((\d+)\)/g)];
    expect(ranges.reduce((sum, m) => sum + Number(m[3]), 0)).toBe(result.omittedLines);
    // a cursor-up code that moves nothing makes condense read every line: the views must not differ
    const whole = condense({ command: 'python job.py', stdout: `\x1b[0A${text}`, exitCode: 0 }, { recordId: 'r_sparse' });
    expect(result.stdout).toBe(whole.stdout);
    expect(result.stdoutOmitted).toEqual(whole.stdoutOmitted);
    expect(result.signalLines).toBe(whole.signalLines);
  });
});
