import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const fixtureDir = fileURLToPath(new URL('../fixtures/condense/', import.meta.url));
export const outsiderDir = fileURLToPath(new URL('../fixtures/condense-outsider/', import.meta.url));

export interface Fixture {
  name: string;
  command: string;
  exitCode: number | null;
  kind: 'build' | 'test' | 'error' | 'data' | 'log' | 'progress';
  mustKeep: string[];
  /** How the output was captured: through pipes, or a terminal (`script`). */
  captured: string;
  stdout: string;
  stderr: string;
  /** Outsider captures only: what the output is (see test/fixtures/condense-outsider/README.md). */
  class?: 'diagnostic' | 'data';
  /** Outsider captures only: tuned on, or frozen (reported in aggregate only). */
  half?: 'tune' | 'frozen';
}

/** Every real-output fixture: raw streams as the tool printed them, and the sidecar naming what must survive. */
export function loadFixtures(dir = fixtureDir): Fixture[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.json'.length);
      const meta = JSON.parse(readFileSync(dir + file, 'utf8')) as Omit<Fixture, 'name' | 'stdout' | 'stderr'>;
      const read = (ext: string): string => (existsSync(dir + name + ext) ? readFileSync(dir + name + ext, 'utf8') : '');
      return { ...meta, name, stdout: read('.stdout'), stderr: read('.stderr') };
    });
}

/** The outsider captures of issue 15, labelled before any view was looked at, each with its half. */
export function loadOutsiderFixtures(): Fixture[] {
  return loadFixtures(outsiderDir).map((f) => ({ ...f, kind: f.class === 'data' ? 'data' : 'build' }));
}
