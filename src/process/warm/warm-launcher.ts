import type { LaunchedProcess, Launcher } from '../launcher.js';
import { localLauncher, localRunGroup } from '../local-launcher.js';
import { startTied } from '../tied-start.js';
import { fallbackNotice, warmSpawner } from './helper-state.js';

/** Where the warm spawner is used; elsewhere (Windows, macOS) the warm launcher spawns directly. */
export const warmSpawnerSupported = process.platform === 'linux';

async function launchDirect(request: Parameters<Launcher['launch']>[0]): Promise<LaunchedProcess> {
  const launched = await localLauncher.launch(request);
  const notice = fallbackNotice();
  return notice === undefined ? launched : { ...launched, notice };
}

/**
 * Starts processes through the warm spawner's helper, so that the host never forks (its cost grows with the
 * host's memory, and blocks its event loop meanwhile). Same session, group, cgroup, host-death and tag
 * guarantees as the local launcher; falls back to it after the helper's second crash, and where unsupported.
 */
export const warmLauncher: Launcher = {
  async launch(request): Promise<LaunchedProcess> {
    const spawner = warmSpawnerSupported ? warmSpawner() : undefined;
    if (!spawner) return launchDirect(request);
    const { started, processes, release } = await startTied(
      request,
      (program, cgroup) => spawner.launch({ ...program, watch: !request.detached, cgroup }),
      { watchdog: false, forksInCgroup: true },
    );
    return {
      pid: started.pid,
      stdout: started.stdout,
      stderr: started.stderr,
      stdin: started.stdin,
      exit: started.exit,
      group: localRunGroup(processes),
      release: () => {
        release();
        started.release();
      },
    };
  },
};
