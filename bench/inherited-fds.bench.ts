// What closing the host's inheritable descriptors costs a spawn: the scan on every spawn, and the closer
// shell (only when the host holds such descriptors), against a plain spawn of `true` in the same run.
import { closingInheritedFds, inheritableFds } from '../src/process/inherited-fds.js';
import { medianMs, spawnAndWait } from './timing.js';

const fmt = (ms: number): string => `${ms.toFixed(3).padStart(8)} ms`;

export default async function main(): Promise<void> {
  const open = inheritableFds().length;
  const scan = await medianMs(500, () => inheritableFds());
  const plain = await medianMs(40, () => spawnAndWait('/bin/true', []));
  const viaSh = closingInheritedFds({ file: '/bin/true', args: [] }, [5]);
  const viaBash = closingInheritedFds({ file: '/bin/true', args: [] }, [20]);
  const sh = await medianMs(40, () => spawnAndWait(viaSh.file, viaSh.args));
  const bash = await medianMs(40, () => spawnAndWait(viaBash.file, viaBash.args));
  console.log(
    `inheritable descriptors in this host: ${open}; this process holds ${(await import('node:fs')).readdirSync('/proc/self/fd').length} in all`,
  );
  console.log(`  scan (every spawn)               ${fmt(scan)}   ${((scan / plain) * 100).toFixed(1)}% of a plain spawn`);
  console.log(`  plain spawn of /bin/true         ${fmt(plain)}`);
  console.log(
    `  through /bin/sh closing 3-9      ${fmt(sh)}   ratio ${(sh / plain).toFixed(2)}x (only when the host holds such fds)`,
  );
  console.log(`  through bash closing fds >= 10   ${fmt(bash)}   ratio ${(bash / plain).toFixed(2)}x`);
}
