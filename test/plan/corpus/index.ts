import { complexRows } from './complex.js';
import { containerRows } from './containers.js';
import { databaseRows } from './database.js';
import { evasionRows } from './evasions.js';
import { filesystemRows } from './filesystem.js';
import { gitRows } from './git.js';
import { networkRows } from './network.js';
import type { Row } from './row.js';
import { systemRows } from './system.js';
import { trapRows } from './traps.js';

export type { Label, Row } from './row.js';

/** The public labelled corpus, by family. */
export const corpus: Readonly<Record<string, readonly Row[]>> = {
  filesystem: filesystemRows,
  git: gitRows,
  database: databaseRows,
  containers: containerRows,
  system: systemRows,
  network: networkRows,
  evasions: evasionRows,
  traps: trapRows,
  complex: complexRows,
};

export const allRows: readonly Row[] = Object.values(corpus).flat();
