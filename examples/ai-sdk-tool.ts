// tersh's tools as Vercel AI SDK tools: pass `createAiSdkTools(shell)` as `tools` to generateText/streamText.
// Run it (`npx tsx examples/ai-sdk-tool.ts`) to watch a scripted mock model call sh_run; no network.
import { fileURLToPath } from 'node:url';
import { generateText, jsonSchema, stepCountIs, tool, type JSONSchema7, type Tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { createShell, createTools, type CreateToolsOptions, type ToolShell } from '../src/index.js';

/**
 * One AI SDK tool per tersh tool. The JSON Schema goes through `jsonSchema()` untouched; tersh's own
 * handler validates the arguments, and an invalid call comes back as `{ error }` the model can correct.
 * The call's `abortSignal` (generateText's) cancels a running command and kills its process group.
 */
export function createAiSdkTools(shell: ToolShell, options: CreateToolsOptions = {}): Record<string, Tool> {
  const tools: Record<string, Tool> = {};
  for (const definition of createTools(shell, options)) {
    tools[definition.name] = tool({
      description: definition.description,
      inputSchema: jsonSchema<Record<string, unknown>>(definition.inputSchema as JSONSchema7),
      execute: async (args, { abortSignal }) =>
        (await definition.handler(args, abortSignal ? { signal: abortSignal } : {})).structuredContent,
    });
  }
  return tools;
}

/** A model that asks for `sh_run` once, then answers with what it read. */
export function scriptedModel(command: string): MockLanguageModelV3 {
  let step = 0;
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      step++;
      const usage = {
        inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 5, text: 5, reasoning: 0 },
      };
      if (step === 1) {
        return {
          content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'sh_run', input: JSON.stringify({ command }) }],
          finishReason: { unified: 'tool-calls', raw: 'tool_use' },
          usage,
          warnings: [],
        };
      }
      const last = prompt.at(-1);
      const output = last?.role === 'tool' ? last.content.find((part) => part.type === 'tool-result')?.output : undefined;
      return {
        content: [{ type: 'text', text: `The tool said: ${JSON.stringify(output)}` }],
        finishReason: { unified: 'stop', raw: 'end_turn' },
        usage,
        warnings: [],
      };
    },
  });
}

async function main(): Promise<void> {
  const shell = createShell();
  try {
    const result = await generateText({
      model: scriptedModel('git --version'),
      tools: createAiSdkTools(shell, { include: ['sh_run', 'sh_detail'] }),
      stopWhen: stepCountIs(3),
      prompt: 'Which git is installed?',
    });
    console.log(result.text);
  } finally {
    await shell.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
