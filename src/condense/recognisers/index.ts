import type { Recogniser } from '../types.js';
import { apt } from './apt.js';
import { cargo } from './cargo.js';
import { cMake } from './c-make.js';
import { docker } from './docker.js';
import { eslint } from './eslint.js';
import { gitDiff, gitLog, gitOther } from './git.js';
import { go } from './go.js';
import { java } from './java.js';
import { jsInstall } from './js-install.js';
import { jsTest } from './js-test.js';
import { listing, matches } from './listing.js';
import { nodeTest } from './node-test.js';
import { pip } from './pip.js';
import { pythonTest } from './python.js';
import { serverLog } from './server-log.js';
import { tsc } from './tsc.js';

/**
 * The built-in recognisers, in the order they are tried (first command match wins, then first output match).
 */
export const defaultRecognisers: readonly Recogniser[] = Object.freeze([
  tsc,
  eslint,
  jsTest,
  nodeTest,
  pythonTest,
  cargo,
  go,
  cMake,
  java,
  jsInstall,
  pip,
  apt,
  docker,
  gitDiff,
  gitLog,
  gitOther,
  listing,
  matches,
  serverLog,
]);
