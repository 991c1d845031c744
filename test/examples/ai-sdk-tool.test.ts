import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createAiSdkTools, scriptedModel } from '../../examples/ai-sdk-tool.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from '../tools/helpers/run-shell.js';

const tempDir = useTempDirs();
const runShell = useShells();

describe('examples/ai-sdk-tool.ts with the AI SDK mock model', () => {
  it('lets the model call sh_run and hands the quiet result back to it', async () => {
    const root = tempDir();
    const result = await generateText({
      model: scriptedModel('echo from-the-tool > made.txt && cat made.txt'),
      tools: createAiSdkTools(runShell(root, tempDir())),
      stopWhen: stepCountIs(3),
      prompt: 'Make a file.',
    });
    const call = result.steps[0]?.toolResults[0];
    expect(call?.toolName).toBe('sh_run');
    expect(call?.output).toMatchObject({ exit: 0, ok: true, stdout: 'from-the-tool\n' });
    expect(result.text).toContain('from-the-tool');
  });

  it('gives the model the JSON Schema untouched and an error it can correct for bad arguments', async () => {
    let offered: unknown;
    const model = new MockLanguageModelV3({
      doGenerate: async ({ tools }) => {
        offered = tools;
        return {
          content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'sh_run', input: JSON.stringify({ command: 'ls', timeout: 'soon' }) }],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
          warnings: [],
        };
      },
    });
    const result = await generateText({ model, tools: createAiSdkTools(runShell(tempDir(), tempDir()), { include: ['sh_run'] }), prompt: 'go' });
    expect(offered).toEqual([expect.objectContaining({ type: 'function', name: 'sh_run', inputSchema: expect.objectContaining({ additionalProperties: false }) })]);
    expect(result.toolResults[0]?.output).toEqual({
      error: { type: 'TypeError', message: 'Expected `timeout` to be an integer from 1 to 3600000, got `soon` (string)' },
    });
  });
});
