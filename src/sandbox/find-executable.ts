import { access, constants } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';

/** The first executable named `name` on PATH, or the path itself when it is absolute and executable. */
export async function findExecutable(name: string, pathVariable = process.env.PATH ?? ''): Promise<string | undefined> {
  const candidates = isAbsolute(name) ? [name] : pathVariable.split(delimiter).filter(Boolean).map((dir) => join(dir, name));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return undefined;
}
