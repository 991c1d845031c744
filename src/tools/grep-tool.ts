import { defineTool } from './define-tool.js';
import { grepWithJs } from './grep-js.js';
import { grepWithRipgrep } from './grep-ripgrep.js';
import { globList, stringOrList } from './schemas.js';
import { searchRoot } from './search-paths.js';
import type { ToolDefinition, ToolShell } from './types.js';

export function grepTool(shell: ToolShell, findRipgrep: () => Promise<string | undefined>): ToolDefinition {
  return defineTool({
    name: 'sh_grep',
    description:
      "Search file contents by regular expression under the shell's cwd or `path` (ripgrep when installed). " +
      'Returns path, line number and text per match, capped at max_results, with the total count. Skips node_modules, .git and binary files.',
    properties: {
      pattern: {
        type: 'string',
        minLength: 1,
        maxLength: 10_000,
        description: 'A regular expression (or plain text with fixed_strings).',
      },
      path: { type: 'string', minLength: 1, description: "File or folder to search. Default the shell's cwd." },
      glob: stringOrList('Only files matching these globs (`*.ts`, `src/**`); prefix ! to exclude.'),
      ignore_case: { type: 'boolean' },
      fixed_strings: { type: 'boolean', description: 'Treat pattern as plain text.' },
      include_ignored: { type: 'boolean', description: 'Also search node_modules and .git.' },
      max_results: { type: 'integer', minimum: 1, maximum: 10_000, description: 'Default 100.' },
    },
    required: ['pattern'],
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async call(args) {
      const { root, isFile } = await searchRoot(shell.cwd, args.path as string | undefined);
      const query = {
        cwd: shell.cwd,
        root,
        rootIsFile: isFile,
        pattern: args.pattern as string,
        ignoreCase: args.ignore_case === true,
        fixedStrings: args.fixed_strings === true,
        globs: globList('glob', args.glob),
        includeIgnored: args.include_ignored === true,
        maxResults: (args.max_results as number | undefined) ?? 100,
      };
      const rg = await findRipgrep();
      const outcome = rg ? await grepWithRipgrep(rg, query) : await grepWithJs(query);
      return {
        matches: outcome.matches,
        count: outcome.count,
        files: outcome.files,
        ...(outcome.count > outcome.matches.length ? { truncated: true } : {}),
        ...(outcome.capped ? { count_is_lower_bound: true } : {}),
        engine: rg ? 'ripgrep' : 'js',
      };
    },
  });
}
