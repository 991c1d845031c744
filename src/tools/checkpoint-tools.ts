import { defineTool, pick } from './define-tool.js';
import { folderSchema, labelSchema } from './schemas.js';
import { toSnakeCase } from './snake-case.js';
import type { ToolDefinition, ToolShell } from './types.js';

export function checkpointTool(shell: ToolShell): ToolDefinition {
  return defineTool({
    name: 'sh_checkpoint',
    description: "Snapshot the shell's working directory under a label (outside the tree), so sh_restore can undo what follows.",
    properties: {
      label: labelSchema,
      exclude: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        description: 'Globs left out; replaces the defaults (node_modules, .git…).',
      },
    },
    required: ['label'],
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async call(args) {
      const options = args.exclude === undefined ? undefined : { exclude: args.exclude };
      return toSnakeCase(await shell.checkpoint(args.label as string, options)) as Record<string, unknown>;
    },
  });
}

export function restoreTool(shell: ToolShell): ToolDefinition {
  return defineTool({
    name: 'sh_restore',
    description:
      "Put the shell's working directory back as it was at a checkpoint. The state replaced is checkpointed first (undo_label).",
    properties: {
      label: labelSchema,
      origin: {
        ...folderSchema,
        description:
          'The folder the checkpoint was taken of. Default: found by label (the session folder, then those checkpointed).',
      },
      target: {
        ...folderSchema,
        description: "Where to restore; must be the checkpoint's origin (CHECKPOINT_TARGET_MISMATCH otherwise).",
      },
    },
    required: ['label'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    async call(args) {
      return toSnakeCase(await shell.restore(args.label as string, pick(args, { origin: 'origin', target: 'target' }))) as Record<
        string,
        unknown
      >;
    },
  });
}

export function checkpointsTool(shell: ToolShell): ToolDefinition {
  return defineTool({
    name: 'sh_checkpoints',
    description:
      "List the checkpoints within reach, oldest first: the shell's working directory's, and those of every folder it checkpointed.",
    properties: { origin: { ...folderSchema, description: 'Only the checkpoints of this folder.' } },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async call(args) {
      return { checkpoints: toSnakeCase(await shell.checkpoints(pick(args, { origin: 'origin' }))) };
    },
  });
}
