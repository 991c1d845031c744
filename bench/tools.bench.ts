// What the tools cost a model's context, in o200k tokens (GPT-4o's BPE, gpt-tokenizer): each
// definition as a client sends it (name, description, input schema), short beside full, and the
// text of a trivial success result.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { createShell, createTools, type ToolDefinition } from '../src/index.js';

const tokens = ({ name, description, inputSchema }: ToolDefinition): number =>
  encode(JSON.stringify({ name, description, inputSchema })).length;

export default async function main(): Promise<void> {
  const state = mkdtempSync(join(tmpdir(), 'tersh-bench-tools-'));
  const shell = createShell({ cwd: state, storeDir: join(state, 'records'), checkpointDir: join(state, 'checkpoints') });
  try {
    const short = createTools(shell);
    const full = createTools(shell, { descriptions: 'full' });
    console.log('tool               short   full   ratio   (o200k tokens per definition)');
    for (const [index, tool] of short.entries()) {
      const [a, b] = [tokens(tool), tokens(full[index]!)];
      console.log(`  ${tool.name.padEnd(16)} ${String(a).padStart(5)} ${String(b).padStart(6)}   ${(a / b).toFixed(2)}×`);
    }
    const [shortTotal, fullTotal] = [short, full].map((tools) => tools.reduce((sum, tool) => sum + tokens(tool), 0)) as [
      number,
      number,
    ];
    console.log(
      `  ${'all'.padEnd(16)} ${String(shortTotal).padStart(5)} ${String(fullTotal).padStart(6)}   ${(shortTotal / fullTotal).toFixed(2)}×   targets: all ≤ 1200, sh_run ≤ 450, trivial result ≤ 25`,
    );
    const trivial = await short[0]!.handler({ command: 'true' });
    console.log(`trivial success \`true\`: ${encode(trivial.content[0].text).length} tokens  ${trivial.content[0].text}`);
  } finally {
    await shell.close();
    rmSync(state, { recursive: true, force: true });
  }
}
