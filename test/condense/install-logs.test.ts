import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';
import { requestedNames } from '../../src/condense/requested.js';

const lines = <T = string>(count: number, make: (i: number) => T): T[] => Array.from({ length: count }, (_, i) => make(i));

/** An apt-style install of two asked-for packages among 120 dependencies, each unpacked, then set up. */
function installLog(): string {
  const deps = lines(120, (i) => `libdep${i}`);
  const packages = ['webtool', ...deps.slice(0, 60), 'checker', ...deps.slice(60)];
  return [
    'Reading package lists...',
    'Building dependency tree...',
    '0 upgraded, 122 newly installed, 0 to remove and 3 not upgraded.',
    'debconf: delaying package configuration, since apt-utils is not installed',
    ...packages.flatMap((p) => [
      `Selecting previously unselected package ${p}.`,
      `Preparing to unpack .../${p}_1.0-1_amd64.deb ...`,
      `Unpacking ${p} (1.0-1) ...`,
    ]),
    ...packages.map((p) => `Setting up ${p} (1.0-1) ...`),
    'invoke-rc.d: policy-rc.d denied execution of start.',
    'Processing triggers for man-db (2.11.2-2) ...',
    'Use of uninitialized value in unpack at /usr/sbin/needrestart line 79.',
    '',
  ].join('\n');
}

describe('install and setup logs', () => {
  it('keep the summary, what was set up of what the command asked for, and every step that did not run', () => {
    const command = 'apt-get install -y webtool checker=1.0-1';
    const result = condense({ command, stdout: installLog(), exitCode: 0 });
    expect(result.strategy).toBe('condensed');
    for (const line of [
      '0 upgraded, 122 newly installed, 0 to remove and 3 not upgraded.',
      'Setting up webtool (1.0-1) ...',
      'Setting up checker (1.0-1) ...',
      'debconf: delaying package configuration, since apt-utils is not installed',
      'invoke-rc.d: policy-rc.d denied execution of start.',
      'Use of uninitialized value in unpack at /usr/sbin/needrestart line 79.',
    ])
      expect(result.stdout).toContain(line);
    expect(result.stdout).not.toContain('Setting up libdep30 (1.0-1)');
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore / 3);
  });

  it('read the names asked for from the command, without options, versions or package-file paths', () => {
    expect(requestedNames('apt-get install -y --no-install-recommends nginx-light python3-flake8=5.0.4-4')).toEqual([
      'nginx-light',
      'python3-flake8',
    ]);
    expect(requestedNames('npm i -D typescript@5.9 eslint && npm test')).toEqual(['typescript', 'eslint']);
    expect(requestedNames('dpkg -i ./dist/g2-tool-a_1.0_all.deb')).toEqual(['g2-tool-a']);
    expect(requestedNames('make -k all')).toEqual([]);
  });
});

describe('findings the generic scan knows whatever the tool', () => {
  it('keep a finding told by its code and severity, each distinct message once', () => {
    const findings = lines(200, (i) => [
      `In scripts/s${i}.sh line ${i + 3}:`,
      `cd $dir${i}`,
      `   ^-- ${i % 50 === 7 ? 'SC2164 (warning): Use cd ... || exit in case cd fails.' : 'SC2086 (info): Double quote to prevent globbing and word splitting.'}`,
      '',
    ]).flat();
    const result = condense({ command: 'shellcheck scripts/*.sh', stdout: findings.join('\n'), exitCode: 1 });
    expect(result.stdout).toContain('SC2164 (warning): Use cd ... || exit in case cd fails.');
    expect(result.stdout).toContain('SC2086 (info): Double quote to prevent globbing and word splitting.');
    expect(result.stdout).not.toContain('no failure line recognised');
  });
});
