import { afterAll, describe, expect, it } from 'vitest';
import { condense, normalizeText } from '../../src/condense/index.js';
import { loadFixtures } from './fixtures.js';

const fixtures = loadFixtures();
const report: string[] = [];

describe('condense on real outputs', () => {
  it('has at least 30 fixtures, each naming lines that must survive', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(30);
    for (const fixture of fixtures) expect(fixture.mustKeep.length, fixture.name).toBeGreaterThan(0);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('keeps every must-keep line of %s', (_name, fixture) => {
    const result = condense(
      { command: fixture.command, stdout: fixture.stdout, stderr: fixture.stderr, exitCode: fixture.exitCode },
      { recordId: 'r_fixture' },
    );
    const normalised = `${normalizeText(fixture.stdout)}\n${normalizeText(fixture.stderr)}`;
    const shown = `${result.stdout}\n${result.stderr}`;
    for (const line of fixture.mustKeep) {
      expect(normalised, `${fixture.name}: the sidecar line is in the input`).toContain(line);
      expect(shown, `${fixture.name}: kept`).toContain(line);
    }
    expect(result.tokensAfter).toBeLessThanOrEqual(Math.max(result.tokensBefore, 2000 * 1.1));
    const reduction = 1 - result.tokensAfter / result.tokensBefore;
    report.push(
      `${fixture.name.padEnd(26)} ${fixture.kind.padEnd(8)} ${result.strategy.padEnd(12)} ${String(result.tokensBefore).padStart(6)} → ${String(result.tokensAfter).padStart(5)} tokens  −${(reduction * 100).toFixed(1)}%`,
    );
  });

  afterAll(() => {
    console.log(`token reduction per case (estimated tokens, budget 2000):\n${report.sort().join('\n')}`);
  });
});
