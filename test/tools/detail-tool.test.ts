import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from './helpers/run-shell.js';
import { toolbox } from './helpers/tools.js';

const tempDir = useTempDirs();
const runShell = useShells();

describe('sh_detail', () => {
  it('returns a stored stream, its matching lines with numbers, and the meta, without re-running', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()));
    const run = await call('sh_run', {
      command: 'for i in 1 2 3 4 5; do echo line $i; done; echo ERROR bad >&2; echo once >> ran',
    });
    const id = run.body.id as string;
    expect((await call('sh_detail', { id })).body.text).toBe('line 1\nline 2\nline 3\nline 4\nline 5\n');
    expect((await call('sh_detail', { id, selector: 'stdout', match: '[24]$' })).body.text).toBe('2: line 2\n4: line 4');
    expect((await call('sh_detail', { id, selector: 'stderr' })).body.text).toBe('ERROR bad\n');
    expect((await call('sh_detail', { id, from_line: 2, to_line: 3 })).body.text).toBe('2: line 2\n3: line 3');
    expect((await call('sh_detail', { id, from_line: 2, offset: 0 })).body.error.message).toMatch(/not both/);
    const meta = (await call('sh_detail', { id, selector: 'meta' })).body.meta;
    expect(meta.command).toContain('for i in');
    expect(Object.keys(meta).every((key) => !/[A-Z]/.test(key))).toBe(true);
    const ran = await call('sh_run', { command: 'wc -l < ran' });
    expect(ran.body.stdout.trim()).toBe('1');
  });

  it('pages a stream by offset and max_bytes', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()));
    const id = (await call('sh_run', { command: 'printf abcdefghijklmnopqrstuvwxyz' })).body.id;
    const first = await call('sh_detail', { id, max_bytes: 16 });
    expect(first.body).toMatchObject({ data: 'abcdefghijklmnop', offset: 0, next_offset: 16, eof: false });
    const rest = await call('sh_detail', { id, offset: 16 });
    expect(rest.body).toMatchObject({ data: 'qrstuvwxyz', next_offset: 26, eof: true });
    expect((await call('sh_detail', { id, offset: 26 })).body).toMatchObject({ data: '', next_offset: 26, eof: true });
  });

  it('answers an offset past the end with a TypeError naming it, not a silent clamp', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()));
    const id = (await call('sh_run', { command: 'printf abcdefghijklmnopqrstuvwxyz' })).body.id;
    for (const offset of [27, 1e15]) {
      const result = await call('sh_detail', { id, offset });
      expect(result.isError).toBe(true);
      expect(result.body.error).toMatchObject({
        type: 'TypeError',
        message: `Expected \`offset\` to be at most the stream's length (26 bytes), got \`${offset}\` (number)`,
      });
    }
    expect((await call('sh_detail', { id, selector: 'stderr', offset: 1 })).body.error.message).toMatch(/length \(0 bytes\)/);
  });

  it('answers an unknown id with a coded error result', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()));
    const result = await call('sh_detail', { id: 'nope' });
    expect(result.isError).toBe(true);
    expect(result.body.error).toMatchObject({ type: 'TershError', code: 'RECORD_NOT_FOUND' });
  });

  it('refuses paging the meta and an invalid selector', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()));
    expect((await call('sh_detail', { id: 'x', selector: 'meta', offset: 0 })).body.error.message).toMatch(/`selector`/);
    expect((await call('sh_detail', { id: 'x', selector: 'all' })).body.error.message).toBe(
      "Expected `selector` to be one of 'stdout', 'stderr', 'meta', 'trace', got `all` (string)",
    );
  });
});

describe('sh_plan', () => {
  it('flags a destructive command without running it', async () => {
    const root = tempDir();
    const call = toolbox(runShell(root, tempDir()));
    await call('sh_run', { command: 'mkdir keep' });
    const result = await call('sh_plan', { command: 'rm -rf keep && git push --force' });
    expect(result.body).toMatchObject({ category: 'destructive', destructive: true, reversible: false });
    expect(result.body.warnings.length).toBeGreaterThan(0);
    expect((await call('sh_run', { command: 'test -d keep' })).body.exit).toBe(0);
  });

  it('answers complex, not an error, for a thousand levels of nested substitutions', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()));
    const result = await call('sh_plan', { command: `echo ${'$('.repeat(1_000)}ls${')'.repeat(1_000)}` });
    expect(result.isError).toBeFalsy();
    expect(result.body).toMatchObject({ category: 'complex' });
  });

  it('accepts cmd and says read-only for a harmless command', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()));
    expect((await call('sh_plan', { cmd: 'ls -la' })).body).toMatchObject({ category: 'read-only', destructive: false });
  });
});

describe('sh_checkpoint, sh_restore, sh_checkpoints', () => {
  it('snapshots the working directory and puts it back', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()));
    await call('sh_run', { command: 'echo v1 > file.txt' });
    const saved = await call('sh_checkpoint', { label: 'before' });
    expect(saved.isError).toBe(false);
    expect(saved.body).toMatchObject({ label: 'before' });
    expect(saved.body.created_at).toBeDefined();
    await call('sh_run', { command: 'echo v2 > file.txt && echo new > extra.txt' });
    const restored = await call('sh_restore', { label: 'before' });
    expect(restored.body).toMatchObject({ label: 'before', written: ['file.txt'], deleted: ['extra.txt'] });
    expect(restored.body.undo_label).toBeDefined();
    expect((await call('sh_run', { command: 'cat file.txt; ls' })).body.stdout).toBe('v1\nfile.txt\n');
    const labels = (await call('sh_checkpoints', {})).body.checkpoints.map((info: { label: string }) => info.label);
    expect(labels).toContain('before');
    expect(labels).toContain(restored.body.undo_label);
  });

  it('reports a label taken twice and an unknown label as coded errors', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()));
    await call('sh_checkpoint', { label: 'one' });
    expect((await call('sh_checkpoint', { label: 'one' })).body.error.code).toBe('CHECKPOINT_EXISTS');
    expect((await call('sh_restore', { label: 'two' })).body.error.code).toBe('CHECKPOINT_NOT_FOUND');
  });
});
