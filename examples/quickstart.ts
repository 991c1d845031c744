// The tersh tour on real commands: `npm run demo`.
// Each step prints the quiet result a model would see; everything else stays in the record store.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createShell, plan, prepareSpawner } from '../src/index.js';

const work = mkdtempSync(join(tmpdir(), 'tersh-demo-'));
const state = mkdtempSync(join(tmpdir(), 'tersh-demo-state-'));
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=demo', '-c', 'user.email=demo@example.invalid', ...args], { cwd: work });
git('init', '-q');
writeFileSync(join(work, 'app.js'), 'console.log("hello from app.js");\n');
git('add', '.');
git('commit', '-qm', 'initial');

const shell = createShell({
  cwd: work,
  storeDir: join(state, 'records'),
  checkpointDir: join(state, 'checkpoints'),
  policy: { deny: ['git push --force'] },
});
const show = (title: string, value: unknown): void => {
  console.log(`\n▶ ${title}`);
  console.log(JSON.stringify(value, null, 2));
};

try {
  show('how commands start: a helper process, booted before the first (the host never forks itself)', await prepareSpawner());
  show('a plain command, executed directly (no shell)', await shell.run('node app.js'));
  show('grep finding nothing is an answer, not an error', await shell.run('grep -r TODO .', { timeoutMs: 10_000 }));
  show('a pipeline that hides a failure is called out', await shell.run('node -e "process.exit(3)" | tail -1'));

  const noisy = await shell.run('seq 1 100000');
  show('100 000 lines, condensed; the whole output stays addressable by id', noisy);
  show('…and pulled back by regex, with line numbers', await shell.detail(noisy.id, { match: '^9999[0-9]$' }));
  const gap = /lines (\d+)–(\d+) omitted/.exec(noisy.stdout ?? '');
  if (gap)
    show(
      `…or by the range a marker names (the first lines of ${gap[0]})`,
      await shell.detail(noisy.id, { fromLine: Number(gap[1]), toLine: Number(gap[1]) + 4 }),
    );

  show(
    'a timeout kills the whole process group, background children included',
    await shell.run("sh -c 'sleep 300 & sleep 300 & wait'", { timeoutMs: 300 }),
  );
  show(
    'expectations checked in the same call',
    await shell.run('node app.js > out.txt', { expect: { exit: 0, fileExists: 'out.txt', changed: true } }),
  );

  show('a static safety pre-check (nothing runs)', await plan('sudo /bin/rm -rf build && git push --force origin main'));
  show('a denied command is refused, not run', await shell.run('git push --force origin main'));

  await shell.checkpoint('before-cleanup');
  show('a destructive command runs with a warning…', await shell.run('rm -rf app.js out.txt'));
  show('…and the checkpoint puts everything back', await shell.restore('before-cleanup'));
  show('cwd persists across calls, as in a terminal', await shell.run('mkdir -p sub && cd sub && pwd'));
  console.log(`\nshell.cwd is now ${shell.cwd}`);

  const job = await shell.run('for i in 1 2 3; do echo tick $i; sleep 0.2; done', { background: true });
  show('a background job returns at once…', job);
  show('…and its logs are read by offset, waiting in the library', await shell.jobs.logs(job.jobId!, { waitUntilExit: true }));

  const python = await shell.pty.open({ command: 'python3', prompt: />>> $/ });
  await python.run('import math; r = 2');
  show("a terminal session keeps a REPL's state across steps", await python.run('print(math.pi * r ** 2)'));
  show(
    '…and a step that never returns is interrupted, the session kept',
    await python.run('import time; time.sleep(30)', { timeoutMs: 500 }),
  );
} finally {
  await shell.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
}
