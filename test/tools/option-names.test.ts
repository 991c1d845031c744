import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_OPTION_KEYS } from '../../src/run/run-options.js';
import { createTools } from '../../src/tools/index.js';
import { RUN_OPTION_NAMES } from '../../src/tools/option-names.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from './helpers/run-shell.js';
import { toolbox } from './helpers/tools.js';

const tempDir = useTempDirs();
const shellOn = useShells();
const session = () => {
  const shell = shellOn(tempDir(), tempDir());
  return { shell, call: toolbox(shell) };
};

describe("every hint and error names an option the caller can use, in the caller's spelling", () => {
  it("maps every catalogued option onto sh_run's schema and onto RunOptions", () => {
    const [run] = createTools(session().shell, { include: ['sh_run'], descriptions: 'full' });
    const properties = Object.keys(run!.inputSchema.properties ?? {});
    for (const { tool, api, aliases = [] } of RUN_OPTION_NAMES) {
      expect(properties).toContain(tool);
      for (const alias of aliases) expect(properties).toContain(alias);
      expect(RUN_OPTION_KEYS as readonly string[]).toContain(api);
    }
  });

  it('hints pipefail, and sh_run takes pipefail', async () => {
    const { call } = session();
    const masked = await call('sh_run', { command: 'false | cat' });
    expect(masked.body.hint).toContain('`pipefail: true`');
    const honest = await call('sh_run', { command: 'false | cat', pipefail: true });
    expect(honest.body).toMatchObject({ exit: 1, ok: false });
  });

  it('names run_in_background through the tools and background through the API, and sh_run takes both', async () => {
    const { shell, call } = session();
    const leaver = 'nohup sleep 3 >/dev/null 2>&1 & echo x';
    expect((await call('sh_run', { command: leaver })).body.hint).toContain('with `run_in_background: true`');
    expect((await shell.run(leaver)).hint).toContain('with `background: true`');
    const viaAlias = await call('sh_run', { command: 'echo hi', background: true });
    expect(viaAlias.body).toMatchObject({ status: 'running', job_id: expect.any(String) });
    const both = await call('sh_run', { command: 'echo hi', background: true, run_in_background: true });
    expect(both.body.error.message).toBe('Give `run_in_background` or `background`, not both');
    const refused = await call('sh_run', { command: 'true', run_in_background: true, retries: 2 });
    expect(refused.body.error.message).toMatch(/^Expected no `retries` together with `run_in_background`/);
    await expect(shell.run('true', { background: true, retries: 2 })).rejects.toThrow(
      /^Expected no `retries` together with `background`/,
    );
  });

  it('names allow_idle_sleep in the idle-sleep refusal, and sh_run takes it', async () => {
    const { shell, call } = session();
    const refused = await call('sh_run', { command: 'sleep 5' });
    expect(refused.body).toMatchObject({
      blocked: true,
      hint: expect.stringContaining('`allow_idle_sleep: true` runs it anyway'),
    });
    expect((await shell.run('sleep 5')).hint).toContain('`allowIdleSleep: true` runs it anyway');
    const allowed = await call('sh_run', {
      command: 'sleep 5',
      allow_idle_sleep: true,
      timeout_ms: 300,
      auto_background_after_ms: 0,
    });
    expect(allowed.body).toMatchObject({ timed_out: true });
    expect(allowed.body.blocked).toBeUndefined();
  });

  it("takes shell and condense, and puts their errors in the tools' words", async () => {
    const { call } = session();
    expect((await call('sh_run', { command: 'echo $0', shell: 'sh' })).body).toMatchObject({
      shell_kind: 'sh',
      stdout: expect.stringMatching(/sh\n$/),
    });
    const lossless = await call('sh_run', { command: 'seq 1 3000', condense: 'lossless' });
    expect(lossless.body.stdout.split('\n')).toHaveLength(3001);
    const bad = await call('sh_run', { command: 'echo', allow_idle_sleep: 'yes' });
    expect(bad.body.error.message).toBe('Expected `allow_idle_sleep` to be a boolean, got `yes` (string)');
  });

  it('puts node_modules/.bin of the cwd and its parents on PATH with prefer_local (off by default)', async () => {
    const { shell, call } = session();
    const bin = join(shell.cwd, 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    mkdirSync(join(shell.cwd, 'packages', 'app'), { recursive: true });
    writeFileSync(join(bin, 'local-tool'), '#!/bin/sh\necho local tool ran\n');
    chmodSync(join(bin, 'local-tool'), 0o755);
    const missing = await call('sh_run', { command: 'local-tool', cwd: 'packages/app' });
    expect(missing.body).toMatchObject({ exit: 127, ok: false });
    // The cwd persists (seed 003): this runs in packages/app too, and finds the parent's node_modules/.bin.
    const found = await call('sh_run', { command: 'local-tool', prefer_local: true });
    expect(found.body).toMatchObject({ exit: 0, stdout: 'local tool ran\n' });
    expect(await shell.run(['local-tool'], { preferLocal: true })).toMatchObject({ exit: 0, stdout: 'local tool ran\n' });
  });
});
