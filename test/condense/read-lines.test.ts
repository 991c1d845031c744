import { describe, expect, it } from 'vitest';
import { makeTesters } from '../../src/condense/classify.js';
import { condense } from '../../src/condense/index.js';
import { normalizeLines } from '../../src/condense/normalize.js';
import { firstLines, readLines } from '../../src/condense/read-lines.js';

const busy = (count: number, from = 0): string => Array.from({ length: count }, (_, i) => `step ${from + i}: compiled unit ${from + i} in ${i % 7} ms\r\n`).join('');
const trace = 'Traceback (most recent call last):\n  File "job.py", line 3, in <module>\n    main()\nValueError: bad row 17\n';

describe('readLines', () => {
  const text = `${busy(3000)}progress 10%\rprogress 100%\n${trace}${busy(3000, 3000)}`;
  const full = normalizeLines(text);

  it('reads a huge stream sparsely: the same line numbers, the windows and every notable line with its block whole, the rest blank', () => {
    const { lines, sparse } = readLines(text, 1000, makeTesters(undefined), false);
    expect(sparse).toBe(true);
    expect(lines).toHaveLength(full.length);
    for (let i = 0; i < full.length; i++) if (lines[i] !== '') expect(lines[i]).toBe(full[i]);
    expect(lines.slice(0, 1000)).toEqual(full.slice(0, 1000));
    expect(lines.slice(-1000)).toEqual(full.slice(-1000));
    const at = full.indexOf('Traceback (most recent call last):');
    expect(lines.slice(at, at + 4)).toEqual(trace.trimEnd().split('\n'));
    expect(lines[2000]).toBe('');
  });

  it('keeps the block of a failure that opens at the end of the head window', () => {
    const edge = `${busy(998)}${trace}${busy(5000, 998)}`;
    const { lines, sparse } = readLines(edge, 1000, makeTesters(undefined), false);
    expect(sparse).toBe(true);
    expect(lines.slice(998, 1002)).toEqual(trace.trimEnd().split('\n'));
    expect(condense({ stdout: edge, exitCode: 0 }).stdout).toContain(trace.trimEnd());
  });

  it('reads a coloured stream sparsely too, each kept line as the whole read gives it', () => {
    const coloured = text.replaceAll('step ', '\x1b[32mstep\x1b[0m ').replace('Traceback', '\x1b[31mTraceback\x1b[0m');
    const { lines, sparse } = readLines(coloured, 1000, makeTesters(undefined), false);
    expect(sparse).toBe(true);
    const whole = normalizeLines(coloured);
    expect(whole).toEqual(full);
    for (let i = 0; i < whole.length; i++) if (lines[i] !== '') expect(lines[i]).toBe(whole[i]);
    const at = whole.indexOf('Traceback (most recent call last):');
    expect(lines.slice(at, at + 4)).toEqual(trace.trimEnd().split('\n'));
  });

  it('reads every line when an overview needs them, when a cursor-up code may redraw lines, and when the stream is small', () => {
    expect(readLines(text, 1000, makeTesters(undefined), true)).toEqual({ lines: full, sparse: false });
    const redrawn = `\x1b[0A${text}`;
    expect(readLines(redrawn, 1000, makeTesters(undefined), false)).toEqual({ lines: normalizeLines(redrawn), sparse: false });
    expect(readLines(text, 4000, makeTesters(undefined), false)).toEqual({ lines: full, sparse: false });
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
