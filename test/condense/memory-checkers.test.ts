import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';

const lines = (count: number, make: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');

describe("memory checkers' reports are failures, with the frames that place them", () => {
  it("keeps valgrind's errors and lost records behind its ==PID== prefix, with their frames and the summaries", () => {
    const p = '==4242==';
    const record = (what: string, file: string, line: number): string =>
      `${p} ${what}\n${p}    at 0x10922${line}: fn${line} (${file}:${line})\n${p}    by 0x1092${line}: main (${file}:${line + 40})\n${p} \n`;
    const stderr =
      `${p} Memcheck, a memory error detector\n${p} Command: ./prog\n${p} \n` +
      record('Invalid read of size 4', 'queue.c', 12) +
      record('Conditional jump or move depends on uninitialised value(s)', 'queue.c', 30) +
      `${p} HEAP SUMMARY:\n${p}     in use at exit: 88 bytes in 3 blocks\n${p} \n` +
      record('24 bytes in 1 blocks are definitely lost in loss record 1 of 2', 'list.c', 7) +
      `${p} LEAK SUMMARY:\n${p}    definitely lost: 24 bytes in 1 blocks\n${p}    indirectly lost: 64 bytes in 2 blocks\n${p} \n` +
      `${p} ERROR SUMMARY: 3 errors from 3 contexts (suppressed: 0 from 0)\n`;
    const chatter = lines(300, (i) => `${p}    at 0x4${i}: helper${i} (in /usr/lib/libfoo.so)`);
    const result = condense({ command: 'run-under-checker ./prog', stdout: '', stderr: chatter + stderr + chatter, exitCode: 0 });
    for (const wanted of [
      'Invalid read of size 4',
      'Conditional jump',
      '24 bytes in 1 blocks are definitely lost',
      'LEAK SUMMARY',
      'ERROR SUMMARY',
    ])
      expect(result.stderr).toContain(`${p} ${wanted}`);
    for (const place of ['(queue.c:12)', '(queue.c:30)', '(list.c:7)']) expect(result.stderr).toContain(place);
    expect(result.stderr).toContain(`${p}    definitely lost: 24 bytes in 1 blocks`);
  });

  it("keeps a sanitizer's report up to its summary, and its runtime errors, out of a long run", () => {
    const p = '==77==';
    const report =
      `${p}ERROR: AddressSanitizer: heap-use-after-free on address 0x602 at pc 0x55\nREAD of size 8 at 0x602 thread T0\n` +
      `    #0 0x55 in pop /src/queue.c:41\n    #1 0x56 in main /src/main.c:9\n\nfreed by thread T0 here:\n    #0 0x7f in free\n    #1 0x57 in drain /src/queue.c:60\n\n` +
      `SUMMARY: AddressSanitizer: heap-use-after-free /src/queue.c:41 in pop\nShadow bytes around the buggy address:\n${lines(30, (i) => `  0x0c0c7fff${i}: fa fa fa fa fd fd fd fd`)}${p}ABORTING\n`;
    const stdout = lines(300, (i) => `step ${i} done`);
    const stderr = `src/scale.c:3:44: runtime error: signed integer overflow: 2147483647 * 2 cannot be represented in type 'int'\n${report}`;
    const result = condense({ command: './prog', stdout, stderr: stderr + stdout, exitCode: 1 });
    for (const wanted of [
      `${p}ERROR: AddressSanitizer: heap-use-after-free`,
      'READ of size 8',
      '#0 0x55 in pop /src/queue.c:41',
      '#1 0x57 in drain /src/queue.c:60',
      'SUMMARY: AddressSanitizer: heap-use-after-free /src/queue.c:41 in pop',
      'runtime error: signed integer overflow',
    ])
      expect(result.stderr).toContain(wanted);
  });
});
