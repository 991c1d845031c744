// The words by which CLIs name their subcommands, as data: any program whose subcommand path holds a
// destroying verb (`aws s3 rb`, `gcloud … delete`, `heroku apps:destroy`, `rclone purge`) is destructive,
// whoever ships it. Read verbs say the command only looks.

/** Verbs that destroy, matched as a whole subcommand word or as a piece of one (`delete-bucket`, `force_delete`, `apps:destroy`). */
export const destroyingVerbs: readonly string[] = [
  'delete', 'del', 'destroy', 'terminate', 'remove', 'rm', 'rb', 'rmi', 'purge', 'drop', 'wipe', 'prune', 'uninstall',
  'unpublish', 'revoke', 'reset', 'truncate', 'flush', 'flushall', 'flushdb', 'erase', 'deregister', 'unregister', 'decommission',
  'nuke', 'expunge', 'obliterate', 'teardown', 'undefine', 'yank', 'evict', 'discard', 'shred', 'unlink', 'zap', 'trash', 'forget',
  'deletefile', 'deleteall', 'removeall', 'unset', 'cleanup', 'disable', 'compact', 'strip',
];

/** Program names that are a destroying verb with its object (`userdel`, `lvremove`, `deluser`, `delpart`). */
export const destroyingNameAffixes: readonly string[] = ['del', 'remove', 'delete', 'destroy', 'purge', 'wipe', 'erase'];

/** Verbs that only read. */
export const readingVerbs: readonly string[] = [
  'get', 'list', 'ls', 'describe', 'show', 'status', 'view', 'info', 'inspect', 'cat', 'logs', 'log', 'top', 'version', 'help', 'search',
  'whoami', 'explain', 'diff', 'history', 'stat', 'find', 'lookup', 'read', 'check', 'validate', 'lint', 'preview', 'print', 'count',
  'exists', 'tree', 'du', 'df', 'ping', 'query', 'audit', 'outdated', 'why', 'env', 'config-get', 'events', 'tail', 'head', 'watch',
];

/** Long options that turn a command destructive in any CLI (`kafka-topics --delete`, `nomad job stop -purge`). */
export const destroyingFlags: readonly string[] = ['delete', 'destroy', 'purge', 'prune', 'wipe', 'erase', 'truncate', 'drop', 'remove', 'force-delete', 'delete-all', 'remove-all', 'uninstall', 'nuke', 'obliterate', 'expunge'];

/** Heads of long options that destroy whatever follows them (`--delete-emptydir-data`, `--vacuum-time=1s`, `--purge-all`). */
export const destroyingFlagHeads: readonly string[] = ['delete', 'remove', 'purge', 'prune', 'vacuum', 'wipe', 'erase'];

/** Flags that take no value, so the word after them is still a subcommand (`tool --force delete x`). */
export const booleanFlags: readonly string[] = ['-f', '--force', '-y', '--yes', '-q', '--quiet', '-r', '-R', '--recursive', '-a', '--all', '-v', '--verbose', '--debug', '--no-input', '--non-interactive', '--assume-yes', '-i', '--interactive', '--dry-run'];
