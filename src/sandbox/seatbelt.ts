import type { ConfinementPaths } from './bubblewrap.js';

/** A sandbox-exec profile with every path passed as a `-D` parameter, never spliced into the text. */
export interface SeatbeltProfile {
  profile: string;
  parameters: Record<string, string>;
}

const deviceWrites = [
  '(literal "/dev/null")',
  '(literal "/dev/zero")',
  '(literal "/dev/dtracehelper")',
  '(regex #"^/dev/tty")',
  '(regex #"^/dev/fd/")',
];

/** Paths must already be canonical for macOS (`/tmp` → `/private/tmp`): the kernel checks resolved paths. */
export function seatbeltProfile(paths: ConfinementPaths): SeatbeltProfile {
  const parameters: Record<string, string> = { CWD: paths.cwd, TMP: paths.tmp };
  paths.writable.forEach((root, index) => {
    parameters[`WRITABLE_${index}`] = root;
  });
  paths.protect.forEach((hidden, index) => {
    parameters[`PROTECT_${index}`] = hidden.path;
  });
  const writable = Object.keys(parameters)
    .filter((name) => name === 'CWD' || name === 'TMP' || name.startsWith('WRITABLE_'))
    .map((name) => `(subpath (param "${name}"))`);
  const lines = [
    '(version 1)',
    '(allow default)',
    '(deny file-write*)',
    `(allow file-write*\n  ${[...writable, ...deviceWrites].join('\n  ')})`,
  ];
  const protectedNames = Object.keys(parameters).filter((name) => name.startsWith('PROTECT_'));
  if (protectedNames.length > 0) {
    lines.push(`(deny file-read* file-write*\n  ${protectedNames.map((name) => `(subpath (param "${name}"))`).join('\n  ')})`);
  }
  if (!paths.network) lines.push('(deny network*)');
  lines.push('(deny signal)', '(allow signal (target same-sandbox))');
  return { profile: `${lines.join('\n')}\n`, parameters };
}

/** The sandbox-exec argv (without the binary): profile, parameters, then `env TMPDIR=… command`. */
export function seatbeltArgs(paths: ConfinementPaths, command: { file: string; args: string[] }): string[] {
  const { profile, parameters } = seatbeltProfile(paths);
  const args = ['-p', profile];
  for (const [name, value] of Object.entries(parameters)) args.push('-D', `${name}=${value}`);
  args.push('/usr/bin/env', `TMPDIR=${paths.tmp}`, command.file, ...command.args);
  return args;
}
