import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createAiSdkTools, scriptedModel } from '../../examples/ai-sdk-tool.js';
import { groupMembers } from '../helpers/process-group.js';
import { uniqueSleepSeconds } from '../helpers/processes.js';
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
          content: [
            { type: 'tool-call', toolCallId: 'c', toolName: 'sh_run', input: JSON.stringify({ command: 'ls', timeout: 'soon' }) },
          ],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage: {
            inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 1, text: 1, reasoning: 0 },
          },
          warnings: [],
        };
      },
    });
    const result = await generateText({
      model,
      tools: createAiSdkTools(runShell(tempDir(), tempDir()), { include: ['sh_run'] }),
      prompt: 'go',
    });
    expect(offered).toEqual([
      expect.objectContaining({
        type: 'function',
        name: 'sh_run',
        inputSchema: expect.objectContaining({ type: 'object', properties: expect.any(Object) }),
      }),
    ]);
    expect(result.toolResults[0]?.output).toEqual({
      error: { type: 'TypeError', message: 'Expected `timeout` to be an integer from 0 to 3600000, got `soon` (string)' },
    });
  });

  it("kills the command's process group when generateText's abortSignal fires", async () => {
    const root = tempDir();
    const marker = uniqueSleepSeconds();
    const pgidFile = join(root, 'pgid');
    const controller = new AbortController();
    const pending = generateText({
      model: scriptedModel(`echo $$ > ${pgidFile}; sleep ${marker} & sleep ${marker}; wait`),
      tools: createAiSdkTools(runShell(root, tempDir()), { include: ['sh_run'] }),
      stopWhen: stepCountIs(3),
      prompt: 'Wait.',
      abortSignal: controller.signal,
    }).catch((error: Error) => error);
    const pgid = () => (existsSync(pgidFile) ? Number(readFileSync(pgidFile, 'utf8')) : 0);
    for (let waited = 0; !(pgid() > 0 && groupMembers(pgid()).length >= 3); waited += 25) {
      if (waited > 10_000) throw new Error('the command did not start');
      await delay(25);
    }
    controller.abort();
    await pending;
    for (let waited = 0; groupMembers(pgid()).length > 0; waited += 25) {
      if (waited > 3_000) throw new Error(`group ${pgid()} still alive: ${groupMembers(pgid()).join(' ')}`);
      await delay(25);
    }
  });
});
