/** Programs that, placed last in a pipeline, report their own status and hide the writer's. */
export const maskingReaders: ReadonlySet<string> = new Set([
  'tail',
  'head',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'tee',
  'less',
  'more',
  'sort',
  'wc',
  'cat',
  'uniq',
  'cut',
  'tr',
  'column',
]);

/** Commands that succeed whatever came before, so ending with them reports nothing. */
export const alwaysSucceeding: ReadonlySet<string> = new Set(['true', ':', 'echo', 'printf']);

/** Writers that cannot fail in practice, so piping them hides nothing (`echo "$x" | grep -q y`). */
export const harmlessWriters: ReadonlySet<string> = new Set(['echo', 'printf', 'true', ':', 'yes']);
