/**
 * Watches the event loop turn by turn and reports its longest stall, counting for each turn the smaller of
 * the wall time and the CPU time the process used in it: on a loaded machine a process that is merely
 * waiting for a core is not stalled by its own code. Call the returned function to stop and read it (ms).
 */
export function watchEventLoopStalls(): () => number {
  let running = true;
  let worst = 0;
  let lastWall = performance.now();
  let lastCpu = process.cpuUsage();
  const turn = (): void => {
    const wall = performance.now() - lastWall;
    const cpu = process.cpuUsage(lastCpu);
    worst = Math.max(worst, Math.min(wall, (cpu.user + cpu.system) / 1000));
    lastWall = performance.now();
    lastCpu = process.cpuUsage();
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  return () => {
    running = false;
    return worst;
  };
}
