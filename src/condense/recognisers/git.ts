import type { Recogniser } from '../types.js';

const gitFailures = [/^\s*CONFLICT\b/, /^\s*! \[(?:rejected|remote rejected)\]/, /^(?:fatal|error): /, /^Automatic merge failed/];

export const gitDiff: Recogniser = {
  name: 'git diff',
  command: /^git\s+(?:-\S+\s+)*(?:diff|show|log\s+(?:.*\s)?-p|stash show)\b/,
  detect: /^diff --git a\//m,
  signals: gitFailures,
  structure: [/^diff --git /, /^@@ /, /^commit [0-9a-f]{7,}/],
  summary: [/^ \d+ files? changed\b/],
  overview: 'diff',
};

export const gitLog: Recogniser = {
  name: 'git log',
  command: /^git\s+(?:-\S+\s+)*(?:log|reflog|shortlog)\b/,
  detect: /^commit [0-9a-f]{40}\b/m,
  signals: gitFailures,
  structure: [/^commit [0-9a-f]{7,}/],
  overview: 'commits',
};

export const gitOther: Recogniser = {
  name: 'git',
  command:
    /^git\s+(?:-\S+\s+)*(?:status|clone|fetch|pull|push|merge|rebase|checkout|switch|cherry-pick|commit|branch|tag|stash)\b/,
  signals: gitFailures,
  structure: [/^(?:On branch|Changes (?:to be committed|not staged)|Untracked files|Unmerged paths|Your branch)/],
  summary: [/^(?:no changes added|nothing (?:added )?to commit)/, /^ \d+ files? changed/, /^Resolving deltas: 100%/],
  overview: 'listing',
};
