/**
 * Programs that always say why on stderr when they fail (with an ordinary code, not a signal).
 * When stderr is empty they did not fail, so they cannot be the command that set a status.
 */
export const loudPrograms: ReadonlySet<string> = new Set([
  'cd',
  'pushd',
  'popd',
  'source',
  '.',
  'export',
  'unset',
  'set',
  'shopt',
  'umask',
  'alias',
  'echo',
  'printf',
  'mkdir',
  'touch',
  'cp',
  'mv',
  'ln',
  'chmod',
  'chown',
  'rm',
  'rmdir',
  'cat',
  'head',
  'tail',
  'sort',
  'uniq',
  'wc',
  'tee',
  'cut',
  'tr',
  'ls',
  'find',
  'du',
  'df',
  'stat',
  'readlink',
  'realpath',
  'basename',
  'dirname',
  'seq',
  'date',
  'printenv',
  'uname',
  'id',
  'ps',
]);

/** Programs that cannot exit non-zero. */
export const infalliblePrograms: ReadonlySet<string> = new Set(['true', ':']);

/** Readers that may close a pipe before the writer is done, so a writer's SIGPIPE (141) is expected. */
export const earlyClosingReaders: ReadonlySet<string> = new Set([
  'head',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'sed',
  'awk',
  'less',
  'more',
  'read',
]);
