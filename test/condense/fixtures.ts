import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const fixtureDir = fileURLToPath(new URL('../fixtures/condense/', import.meta.url));

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
}

/** Every real-output fixture: raw streams as the tool printed them, and the sidecar naming what must survive. */
export function loadFixtures(): Fixture[] {
  return readdirSync(fixtureDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.json'.length);
      const meta = JSON.parse(readFileSync(fixtureDir + file, 'utf8')) as Omit<Fixture, 'name' | 'stdout' | 'stderr'>;
      const read = (ext: string): string => (existsSync(fixtureDir + name + ext) ? readFileSync(fixtureDir + name + ext, 'utf8') : '');
      return { ...meta, name, stdout: read('.stdout'), stderr: read('.stderr') };
    });
}
