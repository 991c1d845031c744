import type { PlanRule } from '../types.js';

const interpreters = ['python', 'python2', 'python3', 'node', 'nodejs', 'perl', 'ruby', 'php', 'deno', 'bun'];

/** Inline code given to an interpreter: data that is code. */
export const execRules: readonly PlanRule[] = [
  {
    id: 'exec.inline-delete',
    program: interpreters,
    textPattern: String.raw`(rmtree|os\.remove|os\.unlink|\.unlink(Sync)?\s*\(|rmSync|rmdirSync|\bfs\.rm\b|FileUtils\.rm|File\.delete|\bunlink\b|(system|exec|popen|spawn|spawnSync|execSync|check_call|check_output|call|run)\s*\(?\s*\[?\s*['"](rm|shred|dd|mkfs|git\s+(reset|clean|push))\b)`,
    category: 'destructive',
    warning: 'runs inline code that may delete files',
  },
  {
    id: 'exec.shell-no-script',
    program: ['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish'],
    operands: 'none',
    unlessFlags: ['-c', '-s'],
    category: 'read-only',
  },
  {
    id: 'exec.version',
    program: interpreters,
    flags: [['--version', '-V', '-v', '--help', '-h']],
    operands: 'none',
    category: 'read-only',
  },
];
