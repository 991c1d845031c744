import fg from 'fast-glob';
import { defineTool } from './define-tool.js';
import { globList, stringOrList } from './schemas.js';
import { DEFAULT_SEARCH_IGNORES, displayPath, searchRoot } from './search-paths.js';
import type { ToolDefinition, ToolShell } from './types.js';

export function globTool(shell: ToolShell): ToolDefinition {
  return defineTool({
    name: 'sh_glob',
    description:
      "Find files by glob (`**/*.ts`, `src/**/test_*.py`), relative to the shell's cwd or `path`. " +
      'Skips node_modules and .git unless include_ignored. Sorted; capped at max_results with the total count.',
    properties: {
      pattern: stringOrList('Glob(s) to match; prefix ! to exclude.'),
      path: { type: 'string', minLength: 1, description: "Folder to search from. Default the shell's cwd." },
      dot: { type: 'boolean', description: 'Match names starting with a dot. Default false.' },
      only_directories: { type: 'boolean', description: 'Folders instead of files.' },
      include_ignored: { type: 'boolean', description: 'Also search node_modules and .git.' },
      max_results: { type: 'integer', minimum: 1, maximum: 10_000, description: 'Default 200.' },
    },
    required: ['pattern'],
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async call(args) {
      const { root, isFile } = await searchRoot(shell.cwd, args.path as string | undefined);
      if (isFile) throw new TypeError('Expected `path` to be a folder');
      const patterns = globList('pattern', args.pattern);
      const positive = patterns.filter((pattern) => !pattern.startsWith('!'));
      const negative = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
      const ignore = args.include_ignored ? negative : [...negative, ...DEFAULT_SEARCH_IGNORES.map((name) => `**/${name}/**`)];
      const onlyDirectories = args.only_directories === true;
      const found = await fg(positive, {
        cwd: root,
        absolute: true,
        dot: args.dot === true,
        ignore,
        onlyFiles: !onlyDirectories,
        onlyDirectories,
        followSymbolicLinks: false,
        suppressErrors: true,
      });
      const max = (args.max_results as number | undefined) ?? 200;
      const files = found.map((file) => displayPath(shell.cwd, file)).sort();
      return { files: files.slice(0, max), count: files.length, ...(files.length > max ? { truncated: true } : {}) };
    },
  });
}
