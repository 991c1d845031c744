import { afterEach } from 'vitest';
import { createShell, type Shell } from '../../../src/shell/index.js';

/** A factory of shells on a folder, with their records and checkpoints in a state folder; all closed after each test. */
export function useShells(): (cwd: string, stateDir: string) => Shell {
  const open: Shell[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((shell) => shell.close()));
  });
  return (cwd, stateDir) => {
    const shell = createShell({ cwd, storeDir: `${stateDir}/records`, checkpointDir: `${stateDir}/checkpoints` });
    open.push(shell);
    return shell;
  };
}
