import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';

const view = (command: string, stdout: string, exitCode = 0): string => {
  const result = condense({ command, stdout, exitCode }, { recordId: 'r_t' });
  expect(result.strategy).toBe('condensed');
  return result.stdout;
};

describe('annotated trees', () => {
  // a dependency tree four levels deep: 40 packages of 5 dependencies of 3 each, problems deep inside
  function dependencyTree(problems: Map<string, string>): string {
    const out = ['app@1.0.0 /srv/app'];
    for (let a = 0; a < 40; a++) {
      out.push(`${a === 39 ? '└' : '├'}─┬ pkg-${a}@${a}.0.0`);
      const bar = a === 39 ? ' ' : '│';
      for (let b = 0; b < 5; b++) {
        out.push(`${bar} ${b === 4 ? '└' : '├'}─┬ lib-${a}-${b}@1.${b}.0`);
        const bar2 = b === 4 ? ' ' : '│';
        for (let c = 0; c < 3; c++) {
          const name = `leaf-${a}-${b}-${c}`;
          out.push(`${bar} ${bar2} ${c === 2 ? '└' : '├'}── ${problems.get(name) ?? `${name}@2.0.${c}`}`);
        }
      }
    }
    return `${out.join('\n')}\n`;
  }

  it('keeps every entry with a problem word in full, with every entry above it', () => {
    const problems = new Map([
      ['leaf-7-2-1', 'UNMET DEPENDENCY leaf-7-2-1@^3.0.0'],
      ['leaf-21-0-2', 'leaf-21-0-2@1.0.0 invalid: "^2.0.0" from node_modules/lib-21-0'],
      ['leaf-33-4-0', 'leaf-33-4-0@2.0.0 extraneous'],
    ]);
    const stdout = dependencyTree(problems);
    const shown = view('npm ls --all', stdout, 1);
    for (const line of stdout.split('\n').filter((l) => /UNMET|invalid|extraneous/.test(l))) expect(shown).toContain(line);
    for (const parent of ['pkg-7@7.0.0', 'lib-7-2@1.2.0', 'pkg-21@21.0.0', 'lib-21-0@1.0.0', 'pkg-33@33.0.0', 'lib-33-4@1.4.0'])
      expect(shown).toContain(parent);
    expect(shown).toContain('app@1.0.0 /srv/app');
    expect(shown).toMatch(/\[overview: 3 tree entries with a problem \(UNMET ×1, invalid ×1, extraneous ×1\)/);
    expect(condense({ command: 'npm ls --all', stdout, exitCode: 1 }).tokensAfter).toBeLessThan(2000);
  });

  it('reads a problem word inside a name as a name', () => {
    const names = new Map([
      ['leaf-3-1-1', 'failed-login@1.0.0'],
      ['leaf-9-0-0', 'errors.js@2.0.0'],
      ['leaf-12-3-2', 'missing_dep_shim@0.1.0'],
    ]);
    const shown = view('npm ls --all', dependencyTree(names));
    expect(shown).not.toContain('with a problem');
  });

  it('keeps the problem entries of a tree drawn with ASCII (pstree, mvn dependency:tree)', () => {
    const out = ['init,1'];
    for (let w = 0; w < 90; w++) {
      out.push(`  |-worker-${w},${100 + w} --queue jobs`);
      for (let k = 0; k < 6; k++)
        out.push(`  |   ${k === 5 ? '`' : '|'}-task,${1000 + w * 10 + k} <${w === 47 && k === 3 ? 'defunct' : 'running'}>`);
    }
    const stdout = `${out.join('\n')}\n`;
    const shown = view('pstree -a -p', stdout);
    expect(shown).toContain('  |   |-task,1473 <defunct>');
    expect(shown).toContain('  |-worker-47,147 --queue jobs');
    expect(shown).toContain('init,1');
  });
});

describe('tables', () => {
  it('keeps the header and every row with a rare status, and counts the statuses', () => {
    const rows = ['NAME                          READY   STATUS             RESTARTS   AGE'];
    for (let i = 0; i < 300; i++) {
      const status = i === 41 ? 'CrashLoopBackOff' : i === 177 ? 'Pending' : i === 250 ? 'Terminating' : 'Running';
      rows.push(`${`web-${i}-7d9f8c6b5-x${i}`.padEnd(30)}${'1/1'.padEnd(8)}${status.padEnd(19)}${String(i % 3).padEnd(11)}${i}d`);
    }
    const stdout = `${rows.join('\n')}\n`;
    const shown = view('kubectl get pods', stdout);
    expect(shown).toContain(rows[0]);
    for (const i of [41, 177, 250]) expect(shown).toContain(rows[i + 1]);
    expect(shown).toMatch(/STATUS: Running ×297, CrashLoopBackOff ×1, Pending ×1, Terminating ×1/);
  });

  it('keeps rows with a problem word in a CSV and in a psql table', () => {
    const csv = ['id,task,host,result,seconds'];
    const psql = [' id |  task   | host   | result  | seconds ', '----+---------+--------+---------+---------'];
    for (let i = 1; i <= 400; i++) {
      const result = i % 97 === 0 ? 'error' : i === 123 ? 'timed out' : 'ok';
      csv.push(`${i},backup-${i},db-${i % 4},${result},${(i * 7) % 60}`);
      psql.push(` ${String(i).padStart(3)} | backup-${i} | db-${i % 4} | ${result.padEnd(7)} | ${(i * 7) % 60}`);
    }
    psql.push('(400 rows)');
    const csvView = view('sqlite3 -csv jobs.db "select * from runs"', `${csv.join('\n')}\n`);
    const psqlView = view('psql -c "select * from runs"', `${psql.join('\n')}\n`);
    expect(csvView).toContain(csv[0]);
    expect(psqlView).toContain(psql[0]);
    for (const i of [97, 123, 194, 291, 388]) {
      expect(csvView).toContain(csv[i]);
      expect(psqlView).toContain(psql[i + 1]);
    }
  });
});

describe('complete data overviews', () => {
  const folders = Array.from({ length: 30 }, (_, f) => `src/module-${f}/`);
  const files = Array.from({ length: 300 }, (_, k) => `${folders[k % 30]}file-${k}.ts`);

  it('names every file of a --stat, a --numstat and a unified diff of 300 files', () => {
    const stat = `${files.map((path) => ` ${path.padEnd(40)} | ${(path.length % 9) + 1} ++-`).join('\n')}\n 300 files changed, 900 insertions(+), 300 deletions(-)\n`;
    const numstat = `${files.map((path, k) => `${k % 7}\t${k % 3}\t${path}`).join('\n')}\n`;
    const diff = `${files
      .map(
        (path) =>
          `diff --git a/${path} b/${path}\nindex 1111111..2222222 100644\n--- a/${path}\n+++ b/${path}\n@@ -1,3 +1,3 @@\n-old line\n+new line\n context`,
      )
      .join('\n')}\n`;
    for (const [command, stdout] of [
      ['git diff --stat', stat],
      ['git diff --numstat', numstat],
      ['git diff', diff],
    ] as const) {
      const shown = view(command, stdout);
      for (let k = 0; k < 300; k++) expect(shown, `${command}: file-${k}.ts`).toMatch(new RegExp(`\\bfile-${k}\\.ts\\b`));
    }
    expect(view('git diff --stat', stat)).toContain('300 files changed, 900 insertions(+), 300 deletions(-)');
  });

  it('names the newest 50 commits of a git log --stat and every file it touched', () => {
    const log: string[] = [];
    for (let c = 0; c < 90; c++) {
      log.push(
        `commit ${String(c).padStart(4, '0')}${'ab12cd34'.repeat(4)}aaaa`,
        'Author: Dev <dev@example.com>',
        `Date:   Mon Nov ${(c % 28) + 1} 10:00:00 2026 +0000`,
        '',
      );
      log.push(`    Subject number ${c}: change the ${['parser', 'runner', 'store', 'planner'][c % 4]}`, '');
      for (let k = 0; k < 4; k++) log.push(` ${files[(c * 4 + k) % 300] as string} | ${k + 1} +`);
      log.push(' 4 files changed, 10 insertions(+)', '');
    }
    const shown = view('git log --stat', `${log.join('\n')}\n`);
    for (let c = 0; c < 50; c++) expect(shown).toContain(`Subject number ${c}:`);
    for (let k = 0; k < 300; k++) expect(shown).toMatch(new RegExp(`\\bfile-${k}\\.ts\\b`));
  });

  it('counts the statuses of an access log and names each failed or seldom-asked request', () => {
    const lines: string[] = [];
    const rare = new Map([
      [500, '"GET /api/export?year=2025 HTTP/1.1" 500'],
      [1200, '"POST /api/login HTTP/1.1" 401'],
      [1800, '"GET /wp-admin/setup.php HTTP/1.1" 404'],
      [2100, "\"GET /api/users?id=1'%20OR%20'1'='1 HTTP/1.1\" 200"],
      [2600, '"GET /api/export?year=2024 HTTP/1.1" 502'],
    ]);
    for (let i = 0; i < 3000; i++) {
      const request = rare.get(i) ?? `"GET /${['', 'index.html', 'app.js', 'api/items'][i % 4]} HTTP/1.1" 200`;
      lines.push(
        `10.0.0.${i % 200} - - [01/Dec/2026:10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')} +0000] ${request} ${100 + (i % 50)} "-" "curl/8.0"`,
      );
    }
    const shown = view('cat access.log', `${lines.join('\n')}\n`);
    for (const request of rare.values()) expect(shown).toContain(request);
    expect(shown).toMatch(/HTTP 200 ×2996, 401 ×1, 404 ×1, 500 ×1, 502 ×1/);
  });

  it('keeps each problem-level message of a log once, with its detail, and its rare messages', () => {
    const lines: string[] = ['2026-12-01 10:00:00.000 UTC [1] LOG:  database system is ready to accept connections'];
    for (let i = 0; i < 900; i++) {
      const at = `2026-12-01 10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.${String(i % 1000).padStart(3, '0')} UTC [${2000 + i}]`;
      lines.push(`${at} LOG:  connection received: host=[local]`, `${at} LOG:  disconnection: session time: 0:00:00.0${i % 10}`);
      if (i % 300 === 150)
        lines.push(
          `${at} ERROR:  deadlock detected`,
          `${at} DETAIL:  Process ${2000 + i} waits for ShareLock on transaction 77.`,
        );
      if (i === 640) lines.push(`${at} LOG:  checkpoint complete: wrote 8812 buffers (53.8%)`);
    }
    const shown = view('cat postgresql.log', `${lines.join('\n')}\n`);
    expect(shown).toContain('ERROR:  deadlock detected');
    expect(shown).toMatch(/DETAIL: {2}Process \d+ waits for ShareLock/);
    expect(shown).toContain('checkpoint complete: wrote 8812 buffers');
    expect(shown).toContain('database system is ready to accept connections');
  });

  it('names the folders of a find listing that hold most entries, and the biggest entries of du', () => {
    const paths: string[] = ['project'];
    const weights = { vendor: 900, src: 300, docs: 60, test: 120, assets: 30, scripts: 10 };
    for (const [folder, count] of Object.entries(weights))
      for (let k = 0; k < count; k++) paths.push(`project/${folder}/sub-${k % 9}/item-${k}`);
    const shown = view('find project', `${paths.join('\n')}\n`);
    expect(shown).toMatch(
      /folders with most entries: project\/vendor \(900\), project\/src \(300\), project\/test \(120\), project\/docs \(60\)/,
    );
    const du = Array.from({ length: 300 }, (_, k) => `${(k * 37) % 999}K\t./lib/part-${k}`);
    du[123] = '4.2G\t./lib/part-123';
    du[201] = '812M\t./lib/part-201';
    const duView = view('du -h lib', `${du.join('\n')}\n`);
    expect(duView).toContain('4.2G\t./lib/part-123');
    expect(duView).toContain('812M\t./lib/part-201');
  });
});
