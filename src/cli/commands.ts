import type { ToolName } from '../tools/index.js';

/** One CLI command: the tool it calls and how positional words become its arguments. */
export interface CliCommand {
  name: string;
  tool: ToolName;
  /** Positional words: `rest` joins them all (a command line), a name takes one word. */
  positional: 'rest' | readonly string[];
  summary: string;
  usage: string;
  examples: readonly string[];
}

export const CLI_COMMANDS: readonly CliCommand[] = [
  {
    name: 'run',
    tool: 'sh_run',
    positional: 'rest',
    summary: 'Run a command; print its quiet result (exit status mirrors the command)',
    usage: 'tersh run [options] [--] <command...>',
    examples: [
      "tersh run 'npm test'",
      'tersh run --timeout-ms 5000 -- make build',
      "tersh run --expect-exit 0 --expect-file-exists dist/index.js 'npm run build'",
    ],
  },
  {
    name: 'plan',
    tool: 'sh_plan',
    positional: 'rest',
    summary: 'Static safety pre-check of a command, without running it',
    usage: 'tersh plan [--] <command...>',
    examples: ["tersh plan 'git push --force'", "tersh plan 'rm -rf build && make'"],
  },
  {
    name: 'detail',
    tool: 'sh_detail',
    positional: ['id'],
    summary: 'Print the stored output of a past run by id (no re-run)',
    usage: 'tersh detail <id> [--selector stdout|stderr|meta|trace] [--match <regex>] [--offset <n>] [--max-bytes <n>]',
    examples: ['tersh detail rmx2jumvv3bf3c6', 'tersh detail rmx2jumvv3bf3c6 --selector stderr --match ERROR'],
  },
  {
    name: 'logs',
    tool: 'sh_detail',
    positional: ['id'],
    summary: "Page a run's stdout and stderr by byte offsets",
    usage: 'tersh logs <id> [--stdout-offset <n>] [--stderr-offset <n>] [--max-bytes <n>]',
    examples: ['tersh logs rmx2jumvv3bf3c6 --stdout-offset 65536'],
  },
  {
    name: 'checkpoint',
    tool: 'sh_checkpoint',
    positional: ['label'],
    summary: 'Snapshot the current folder under a label',
    usage: 'tersh checkpoint <label> [--exclude <glob>]...',
    examples: ['tersh checkpoint before-refactor', "tersh checkpoint clean --exclude '**/node_modules/**' --exclude 'dist/**'"],
  },
  {
    name: 'restore',
    tool: 'sh_restore',
    positional: ['label'],
    summary: 'Put the current folder back as it was at a checkpoint',
    usage: 'tersh restore <label>',
    examples: ['tersh restore before-refactor'],
  },
  {
    name: 'checkpoints',
    tool: 'sh_checkpoints',
    positional: [],
    summary: "List the current folder's checkpoints",
    usage: 'tersh checkpoints',
    examples: ['tersh checkpoints --pretty'],
  },
];
