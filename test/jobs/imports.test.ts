import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('../../src/jobs/', import.meta.url));
// run() imports the jobs module (its default job manager), so jobs may import from src/run only
// types, or deep files that never import back.
const RUNTIME_FROM_RUN = new Set(['../run/default-store.js']);

describe('src/jobs imports', () => {
  it('takes only types, or files that never import back, from src/run', () => {
    const offending: string[] = [];
    for (const name of readdirSync(folder)) {
      const text = readFileSync(`${folder}${name}`, 'utf8');
      for (const match of text.matchAll(/^import (type )?[^;]*? from '(\.\.\/run\/[^']+)';/gms)) {
        if (!match[1] && !RUNTIME_FROM_RUN.has(match[2]!)) offending.push(`${name}: ${match[2]}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('allows only deep files of src/run that import nothing from run() or jobs', () => {
    for (const path of RUNTIME_FROM_RUN) {
      const text = readFileSync(fileURLToPath(new URL(path.replace('../', '../../src/').replace('.js', '.ts'), import.meta.url)), 'utf8');
      const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      expect(imports.filter((i) => /\.\/(run|attempt|default-jobs|index)\.js$|jobs\//.test(i))).toEqual([]);
    }
  });
});
