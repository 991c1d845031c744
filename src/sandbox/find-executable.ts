import { isAbsolute } from 'node:path';
import { findInPath, systemProbe } from '../process/find-in-path.js';

/** The first executable named `name` on PATH, or the path itself when it is absolute and executable. */
export async function findExecutable(name: string, pathVariable = process.env.PATH ?? ''): Promise<string | undefined> {
  const probe = { ...systemProbe(), env: { PATH: pathVariable } };
  if (isAbsolute(name)) return probe.isExecutable(name) ? name : undefined;
  return findInPath(name, probe);
}
