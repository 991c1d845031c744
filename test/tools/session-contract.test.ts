import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from './helpers/run-shell.js';
import { toolbox } from './helpers/tools.js';

const tempDir = useTempDirs();
const shellOn = useShells();

describe('a shell session through the tools', () => {
  it('traces what the command did, never the session\'s own bookkeeping files', async () => {
    const cwd = tempDir();
    const call = toolbox(shellOn(cwd, tempDir()));
    const { body } = await call('sh_run', { command: 'cat /etc/hostname > copied.txt; mkdir made', trace: true });
    expect(body.trace_summary, JSON.stringify(body)).toBeDefined();
    const listed = Object.values(body.trace_summary as Record<string, { items: string[] }>).flatMap((list) => list.items);
    expect(listed).toContain(`${cwd}/copied.txt`);
    expect(listed).toContain('/etc/hostname');
    expect(listed.filter((path) => /tersh-shell-|session-trap|run-\d+\.out/.test(path))).toEqual([]);
  });
});
