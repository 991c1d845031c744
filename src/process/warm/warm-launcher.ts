import { wouldStart } from '../find-in-path.js';
import type { LaunchedProcess, LaunchRequest, Launcher } from '../launcher.js';
import { localLauncher, localRunGroup } from '../local-launcher.js';
import { runCgroup } from '../host-lifetime.js';
import { startTied } from '../tied-start.js';
import { fallbackNotice, warmSpawner } from './helper-state.js';

/** Where the warm spawner is used; elsewhere (Windows, macOS) the warm launcher spawns directly. */
export const warmSpawnerSupported = process.platform === 'linux';

/** A start of a program not on PATH (or not executable) fails as the helper's does: ENOENT, not a wrapper's exit 127. */
function missingProgramError(request: LaunchRequest): Error | undefined {
  if (request.found !== false || request.file.includes('/') || wouldStart(request.file, request.cwd, request.env))
    return undefined;
  return Object.assign(new Error(`spawn ${request.file} ENOENT`), {
    code: 'ENOENT',
    errno: -2,
    syscall: `spawn ${request.file}`,
    path: request.file,
  });
}

async function launchDirect(request: LaunchRequest): Promise<LaunchedProcess> {
  const missing = missingProgramError(request);
  if (missing) throw missing;
  const launched = await localLauncher.launch(request);
  const notice = fallbackNotice();
  return notice === undefined ? launched : { ...launched, notice };
}

let parks = 0;
/** An empty cgroup for the helper to wait in until the next run takes it: a kept one, else a new one. */
const nextPark = (): string | undefined => runCgroup(`park-${(parks += 1)}`, { watchdog: false });

/**
 * Starts processes through the warm spawner's helper (a program not found is a failed start, ENOENT or EACCES:
 * run() then starts the command through the shell, so it needs no lookup first), so that the host never forks (its cost grows with the
 * host's memory, and blocks its event loop meanwhile). Same session, group, cgroup, host-death and tag
 * guarantees as the local launcher; falls back to it after the helper's second crash, and where unsupported.
 */
export const warmLauncher: Launcher = {
  async launch(request): Promise<LaunchedProcess> {
    const spawner = warmSpawnerSupported ? warmSpawner() : undefined;
    if (!spawner) return launchDirect(request);
    const { started, processes, release } = await startTied(
      request,
      (program, cgroup) =>
        spawner.launch(
          // With a cgroup of its own, the run names the next run's: the helper waits there (one move a run).
          Object.assign({}, program, {
            watch: !request.detached,
            cgroup,
            park: cgroup && spawner.alive ? nextPark() : undefined,
          }),
        ),
      { watchdog: false, forksInCgroup: true, readyCgroup: () => spawner.takeParking() },
    );
    let emptied = false;
    void started.exit.then((exit) => (emptied = exit.emptied === true));
    return {
      pid: started.pid,
      stdout: started.stdout,
      stderr: started.stderr,
      stdin: started.stdin,
      exit: started.exit,
      group: localRunGroup(processes),
      release: () => {
        release(emptied);
        started.release();
      },
    };
  },
};
