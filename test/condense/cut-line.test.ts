import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';
import { capLine } from '../../src/condense/cut-line.js';

const flags = Array.from({ length: 60 }, (_, i) => `-I/opt/toolchain/include/dep${i}`).join(' ');

describe('a long failure line keeps its message', () => {
  it('keeps the words around the error and the end of the line, not only its head', () => {
    const line = `/usr/bin/ld: build/obj/main.o ${flags}: in function \`main': undefined reference to \`config_load' (collect2: error: ld returned 1 exit status)`;
    const cut = capLine(line, 400);
    expect(cut.length).toBeLessThan(480);
    expect(cut.startsWith('/usr/bin/ld: build/obj/main.o')).toBe(true);
    expect(cut).toContain("undefined reference to `config_load'");
    expect(cut.endsWith('ld returned 1 exit status)')).toBe(true);
  });

  it('keeps an error word in the middle of a long line with what follows it', () => {
    const line = `make[2]: *** [CMakeFiles/app.dir/build.make:76] ${flags} error: unknown type name 'sizet_t' in src/parse.c ${flags}`;
    const cut = capLine(line, 400);
    expect(cut).toContain("error: unknown type name 'sizet_t'");
    expect(cut.startsWith('make[2]: *** [CMakeFiles')).toBe(true);
  });

  it('cuts a line with no error word in its middle as before: head and end', () => {
    const line = `info ${flags} done`;
    const cut = capLine(line, 400);
    expect(cut.startsWith('info -I/opt')).toBe(true);
    expect(cut.endsWith(' done')).toBe(true);
    expect(cut.match(/chars omitted/g)).toHaveLength(1);
  });

  it('shows the message of a long failure line in a condensed view', () => {
    const noise = Array.from({ length: 800 }, (_, i) => `  compiling unit ${i}\n`).join('');
    const some = flags.slice(0, 700);
    const failure = `FAILED tests/test_api.py::test_roundtrip[${some}] - AssertionError: decoded payload differs: ${some}\n`;
    const result = condense({ command: 'make', stdout: noise + failure + noise, exitCode: 2 });
    expect(result.stdout).toContain('FAILED tests/test_api.py::test_roundtrip[');
    expect(result.stdout).toContain('AssertionError: decoded payload differs');
  });
});
