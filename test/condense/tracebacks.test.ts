import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';

const lines = (count: number, make: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');
const log = (count: number): string => lines(count, (i) => `INFO worker: batch ${i} loaded (10 rows)`);

describe('a traceback keeps its exception line and the frame that raised it', () => {
  it('keeps the last frame of a Python traceback longer than its block', () => {
    const frames = lines(60, (i) => `  File "/srv/app/walk.py", line ${100 + i}, in walk\n    return walk(node.children[${i}])`);
    const trace = `Traceback (most recent call last):\n${frames}  File "/srv/app/parse.py", line 17, in parse_entry\n    return data["amount"] * data["rate"]\nKeyError: 'rate'\n`;
    const result = condense({ command: 'start-worker', stdout: '', stderr: log(300) + trace + log(300), exitCode: 1 });
    expect(result.stderr).toContain("KeyError: 'rate'");
    expect(result.stderr).toContain('File "/srv/app/parse.py", line 17, in parse_entry');
  });

  it('keeps a Go panic, the goroutine it stopped and its first frames', () => {
    const panic =
      'panic: runtime error: index out of range [0] with length 0\n\ngoroutine 7 [running]:\nmain.(*Queue).Pop(0x4b9968?)\n\t/srv/queue/main.go:10 +0xfd\nmain.worker(0x0?)\n\t/srv/queue/main.go:15 +0x85\ncreated by main.main\n\t/srv/queue/main.go:22 +0xbf\n\ngoroutine 1 [semacquire]:\nsync.runtime_Semacquire(0xc0000a0018?)\n\t/usr/lib/go/src/runtime/sema.go:62 +0x27\n';
    const result = condense({ command: 'serve', stdout: log(400), stderr: log(200) + panic + log(200), exitCode: 2 });
    for (const wanted of ['panic: runtime error: index out of range', 'goroutine 7 [running]:', '/srv/queue/main.go:10 +0xfd'])
      expect(result.stderr).toContain(wanted);
  });
});
