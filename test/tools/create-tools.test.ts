import { describe, expect, it } from 'vitest';
import { createTools, TOOL_NAMES, type JsonSchema } from '../../src/tools/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from './helpers/run-shell.js';

const tempDir = useTempDirs();
const runShell = useShells();

function objectSchemas(schema: JsonSchema, at: string, out: [string, JsonSchema][] = []): [string, JsonSchema][] {
  if (schema.type === 'object') out.push([at, schema]);
  for (const [key, child] of Object.entries(schema.properties ?? {})) objectSchemas(child, `${at}.${key}`, out);
  for (const [index, child] of (schema.anyOf ?? []).entries()) objectSchemas(child, `${at}|${index}`, out);
  if (schema.items) objectSchemas(schema.items, `${at}[]`, out);
  return out;
}

describe('createTools', () => {
  it('returns the eleven tools in a stable order', () => {
    const tools = createTools(runShell(tempDir(), tempDir()));
    expect(tools.map((tool) => tool.name)).toEqual([
      'sh_run',
      'sh_detail',
      'sh_plan',
      'sh_checkpoint',
      'sh_restore',
      'sh_checkpoints',
      'sh_logs',
      'sh_kill',
      'sh_jobs',
      'sh_glob',
      'sh_grep',
    ]);
    expect(TOOL_NAMES).toHaveLength(11);
  });

  it('exposes only the tools named in include, in that order', () => {
    const tools = createTools(runShell(tempDir(), tempDir()), { include: ['sh_plan', 'sh_run'] });
    expect(tools.map((tool) => tool.name)).toEqual(['sh_plan', 'sh_run']);
  });

  it('rejects an unknown tool name in include, naming it', () => {
    expect(() => createTools(runShell(tempDir(), tempDir()), { include: ['sh_run', 'sh_rm' as 'sh_run'] })).toThrow(
      /`include\[1\]`.*`sh_rm`/,
    );
  });

  it('rejects something that is not a shell', () => {
    expect(() => createTools({} as never)).toThrow(TypeError);
    expect(() => createTools(runShell(tempDir(), tempDir()), { inclde: [] } as never)).toThrow(/Unknown option `inclde`/);
  });

  it.each(['short', 'full'] as const)(
    'gives every tool (descriptions: %s) a schema never open (closed at every level in full), a description and four hints',
    async (descriptions) => {
      for (const tool of createTools(runShell(tempDir(), tempDir()), { descriptions })) {
        // The short schema leaves `additionalProperties: false` out to save tokens; the handler refuses an unknown key all the same.
        expect((await tool.handler({ not_an_option: 1 })).content[0].text).toContain('Unknown option `not_an_option`');
        if (descriptions === 'full') expect(tool.inputSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
        expect(tool.description.length).toBeGreaterThan(descriptions === 'full' ? 30 : 10);
        expect(tool.description.length).toBeLessThan(descriptions === 'full' ? 400 : 130);
        for (const [at, schema] of objectSchemas(tool.inputSchema, tool.name)) {
          expect(schema.additionalProperties, at).not.toBe(true);
          if (descriptions === 'full') expect(schema.additionalProperties, at).toBeDefined();
        }
        expect(Object.keys(tool.annotations).sort()).toEqual([
          'destructiveHint',
          'idempotentHint',
          'openWorldHint',
          'readOnlyHint',
        ]);
      }
    },
  );

  it('marks the reading tools read-only and the others not', () => {
    const readOnly = createTools(runShell(tempDir(), tempDir()))
      .filter((tool) => tool.annotations.readOnlyHint)
      .map((tool) => tool.name);
    expect(readOnly).toEqual(['sh_detail', 'sh_plan', 'sh_checkpoints', 'sh_logs', 'sh_jobs', 'sh_glob', 'sh_grep']);
  });
});
