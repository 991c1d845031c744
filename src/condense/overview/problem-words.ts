// Words that mark an entry of a tree or a row of a table as a problem (npm's UNMET / invalid / extraneous, a
// failed job, a degraded host, a zombie process, a pod in CrashLoopBackOff). A word inside a name (`errors.py`,
// `failed-login/`, `error_handler`) is a name, not a problem: the word must stand apart.

const WORDS = [
  'UNMET',
  'invalid',
  'extraneous',
  'missing',
  'ERR!',
  'ERR',
  'error',
  'errors',
  'Error',
  'ERROR',
  'failed',
  'failing',
  'failure',
  'Failed',
  'FAILED',
  'FAIL',
  'degraded',
  'unreachable',
  'unhealthy',
  'defunct',
  'zombie',
  'timeout',
  'TimedOut',
  'crashed',
  'CrashLoopBackOff',
  'OOMKilled',
  'Evicted',
  'NotReady',
  'ImagePullBackOff',
  'ErrImagePull',
  'conflict',
  'conflicts',
  'broken',
  'corrupt',
  'corrupted',
  'denied',
  'refused',
  'disk full',
];

/** A problem word standing apart: not inside a name (letters, digits, `_`, `.`, `/`, `-` around it). */
const PROBLEM = new RegExp(`(?<![\\w./-])(?:${WORDS.map((w) => w.replace(/[!]/g, '\\$&')).join('|')})(?![\\w/-]|\\.\\w)`);

export function hasProblemWord(line: string): boolean {
  return PROBLEM.test(line);
}

/** The problem word of the line, for counting (undefined when it has none). */
export function problemWordOf(line: string): string | undefined {
  return PROBLEM.exec(line)?.[0];
}
