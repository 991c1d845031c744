import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { createTools, TOOL_NAMES, type ToolDefinition } from '../../src/tools/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from './helpers/run-shell.js';

const tempDir = useTempDirs();
const runShell = useShells();

/** What a client sends the model for one tool, in o200k tokens (name, description, input schema). */
const definitionTokens = ({ name, description, inputSchema }: ToolDefinition): number =>
  encode(JSON.stringify({ name, description, inputSchema })).length;

describe('tool definitions cost little context', () => {
  it('keeps the default definitions within 1 200 o200k tokens in all, sh_run within 450', () => {
    const tools = createTools(runShell(tempDir(), tempDir()));
    const costs = Object.fromEntries(tools.map((tool) => [tool.name, definitionTokens(tool)]));
    expect(Object.keys(costs)).toEqual([...TOOL_NAMES]);
    expect(costs.sh_run).toBeLessThanOrEqual(450);
    expect(Object.values(costs).reduce((sum, cost) => sum + cost, 0)).toBeLessThanOrEqual(1_200);
  });

  it('shows the long texts, bounds and aliases with descriptions: full, at about twice the cost', () => {
    const shell = runShell(tempDir(), tempDir());
    const [short] = createTools(shell, { include: ['sh_run'] });
    const [full] = createTools(shell, { include: ['sh_run'], descriptions: 'full' });
    expect(full!.inputSchema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: { cmd: {}, timeout: { maximum: 3_600_000 } },
    });
    expect(short!.inputSchema.$schema).toBeUndefined();
    expect(Object.keys(short!.inputSchema.properties ?? {})).not.toContain('cmd');
    expect(JSON.stringify(short!.inputSchema)).not.toMatch(/minLength|maximum|minItems/);
    expect(definitionTokens(full!)).toBeGreaterThan(2 * definitionTokens(short!));
    expect(() => createTools(shell, { descriptions: 'long' as never })).toThrow(
      "Expected `descriptions` to be one of 'short', 'full'",
    );
  });

  it('still checks the bounds and accepts the aliases the short schema does not show', async () => {
    const [run] = createTools(runShell(tempDir(), tempDir()), { include: ['sh_run'] });
    const tooLong = await run!.handler({ command: 'true', timeout_ms: 3_600_001 });
    expect(tooLong.isError).toBe(true);
    expect(tooLong.content[0].text).toContain('Expected `timeout_ms` to be an integer from 0 to 3600000');
    const aliased = await run!.handler({ cmd: 'echo via-alias', timeout: 5_000 });
    expect(aliased.structuredContent).toMatchObject({ exit: 0, stdout: 'via-alias\n' });
  });

  it('answers a trivial success in at most 25 o200k tokens, record id included', async () => {
    const [run] = createTools(runShell(tempDir(), tempDir()), { include: ['sh_run'] });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const result = await run!.handler({ command: 'true' });
      expect(Object.keys(result.structuredContent)).toEqual(['id', 'exit', 'ok', 'ms']);
      expect(encode(String(result.structuredContent.id)).length).toBeLessThanOrEqual(8);
      expect(encode(result.content[0].text).length).toBeLessThanOrEqual(25);
    }
  });
});
