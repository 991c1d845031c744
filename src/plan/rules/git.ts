import type { PlanRule } from '../types.js';

const git = ['git'];

/** Git: history rewrites, discarded work, forced pushes; everyday reads and writes. */
export const gitRules: readonly PlanRule[] = [
  { id: 'git.reset-hard', program: git, subcommand: ['reset'], flags: [['--hard', '--merge', '--keep']], category: 'destructive', warning: 'may discard uncommitted changes' },
  { id: 'git.clean-force', program: git, subcommand: ['clean'], flags: [['-f', '--force']], unlessFlags: ['-n', '--dry-run'], category: 'destructive', warning: 'may delete untracked files' },
  { id: 'git.push-force', program: git, subcommand: ['push'], flags: [['-f', '--force', '--force-with-lease', '--force-if-includes']], category: 'destructive', network: true, warning: 'may rewrite remote history' },
  { id: 'git.push-force-refspec', program: git, subcommand: ['push'], argPattern: '^\\+', category: 'destructive', network: true, warning: 'may rewrite remote history' },
  { id: 'git.push-mirror', program: git, subcommand: ['push'], flags: [['--mirror', '--prune']], category: 'destructive', network: true, warning: 'may delete remote branches' },
  { id: 'git.push-delete', program: git, subcommand: ['push'], flags: [['-d', '--delete']], category: 'destructive', network: true, warning: 'may delete remote branches' },
  { id: 'git.push-delete-refspec', program: git, subcommand: ['push'], argPattern: '^:.', category: 'destructive', network: true, warning: 'may delete remote branches' },
  { id: 'git.checkout-discard', program: git, subcommand: ['checkout'], argPattern: '^(--|\\.|-f|--force)$', category: 'destructive', warning: 'may discard uncommitted changes' },
  { id: 'git.restore', program: git, subcommand: ['restore'], unlessFlags: ['--staged', '-S'], category: 'destructive', warning: 'may discard uncommitted changes' },
  { id: 'git.restore-worktree', program: git, subcommand: ['restore'], flags: [['--staged', '-S']], argPattern: '^(--worktree|-W)$', category: 'destructive', warning: 'may discard uncommitted changes' },
  { id: 'git.switch-discard', program: git, subcommand: ['switch'], flags: [['-f', '--force', '--discard-changes']], category: 'destructive', warning: 'may discard uncommitted changes' },
  { id: 'git.branch-delete', program: git, subcommand: ['branch'], flags: [['-D']], category: 'destructive', warning: 'may delete unmerged branches' },
  { id: 'git.branch-delete-force', program: git, subcommand: ['branch'], flags: [['-d', '--delete'], ['-f', '--force']], category: 'destructive', warning: 'may delete unmerged branches' },
  { id: 'git.stash-drop', program: git, subcommand: ['stash', 'drop|clear'], category: 'destructive', warning: 'may delete stashed changes' },
  { id: 'git.filter-branch', program: git, subcommand: ['filter-branch|filter-repo'], category: 'destructive', warning: 'rewrites history' },
  { id: 'git.reflog-expire', program: git, subcommand: ['reflog', 'expire|delete'], category: 'destructive', warning: 'may make lost commits unrecoverable' },
  { id: 'git.gc-prune', program: git, subcommand: ['gc|prune'], argPattern: '^--prune(=|$)', category: 'destructive', warning: 'may make lost commits unrecoverable' },
  { id: 'git.prune', program: git, subcommand: ['prune'], category: 'destructive', warning: 'may make lost commits unrecoverable' },
  { id: 'git.update-ref-delete', program: git, subcommand: ['update-ref'], flags: [['-d']], category: 'destructive', warning: 'may delete a ref' },
  { id: 'git.rm-force', program: git, subcommand: ['rm'], flags: [['-f', '--force']], category: 'destructive', warning: 'may delete files with uncommitted changes' },
  { id: 'git.tag-delete', program: git, subcommand: ['tag'], flags: [['-d', '--delete']], category: 'mutating', reversible: false, warning: 'deletes a tag' },
  { id: 'git.network', program: git, subcommand: ['push|pull|fetch|clone|ls-remote|remote update|submodule'], category: 'network' },
  { id: 'git.read', program: git, subcommand: ['status|log|diff|show|rev-parse|ls-files|ls-tree|blame|shortlog|describe|grep|cat-file|rev-list|whatchanged|reflog|merge-base|name-rev|show-ref|for-each-ref|count-objects|fsck|check-ignore|var|version|help|cherry|range-diff|diff-tree|diff-files|diff-index|verify-commit|show-branch|annotate'], category: 'read-only' },
  { id: 'git.reflog-show', program: git, subcommand: ['reflog'], category: 'read-only' },
  { id: 'git.branch-list', program: git, subcommand: ['branch|tag|remote|worktree|config|notes'], operands: 'none', unlessFlags: ['-d', '-D', '--delete', '-m', '-M', '-c', '-C', '--unset', '--unset-all', '--add', '--replace-all', '--remove-section', '--rename-section', '-u', '--set-upstream-to', '--unset-upstream', '-f'], category: 'read-only' },
  { id: 'git.tag-list', program: git, subcommand: ['tag|branch'], flags: [['-l', '--list', '--contains', '--merged', '--no-merged', '--points-at']], category: 'read-only' },
  { id: 'git.list', program: git, subcommand: ['branch|tag|stash|worktree|remote|config|notes', 'list|show|-v|--list|get|get-url|--get|--get-all|--get-regexp|-l'], category: 'read-only' },
  { id: 'git.config-read', program: git, subcommand: ['config'], flags: [['--get', '--get-all', '--get-regexp', '-l', '--list']], category: 'read-only' },
  { id: 'git.write', program: git, subcommand: ['add|commit|merge|rebase|cherry-pick|revert|am|apply|mv|rm|init|checkout|switch|branch|tag|stash|worktree|remote|config|notes|bisect|submodule|sparse-checkout|mergetool|commit-tree|update-index|update-ref|symbolic-ref|restore|reset|clean|gc|repack|maintenance|lfs|format-patch|archive'], category: 'mutating', reversible: true },
];
