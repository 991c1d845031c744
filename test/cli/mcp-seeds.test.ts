import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { compiled } from '../helpers/compiled.js';
import { PNG_1PX } from '../helpers/images.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** An MCP SDK client over stdio to `tersh mcp` or to the embedding example. */
async function connect(args: string[], extraEnv: Record<string, string> = {}): Promise<Client> {
  const state = tempDir();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    env: {
      ...(process.env as Record<string, string>),
      TERSH_STORE_DIR: join(state, 'records'),
      TERSH_CHECKPOINT_DIR: join(state, 'checkpoints'),
      ...extraEnv,
    },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'tersh-seeds-test', version: '0.0.0' });
  await client.connect(transport);
  open.push(client);
  return client;
}

type Content = { type: string; text?: string; data?: string; mimeType?: string }[];

describe('an image on stdout over MCP', () => {
  it.each([
    ['tersh mcp', (cwd: string) => [compiled('src/cli/main.ts'), 'mcp', '--cwd', cwd]],
    ['examples/mcp-server.ts', (cwd: string) => [compiled('examples/mcp-server.ts'), cwd]],
  ])(
    '%s returns it as an image content block',
    async (_, args) => {
      const cwd = tempDir();
      writeFileSync(join(cwd, 'shot.png'), PNG_1PX);
      const client = await connect(args(cwd));
      const result = await client.callTool({ name: 'sh_run', arguments: { command: 'cat shot.png' } });
      const content = result.content as Content;
      expect(content[1]).toEqual({ type: 'image', data: PNG_1PX.toString('base64'), mimeType: 'image/png' });
      expect(JSON.parse(content[0]!.text!)).toMatchObject({
        exit: 0,
        stdout_image: { mime_type: 'image/png', bytes: PNG_1PX.length },
      });
    },
    60_000,
  );
});

describe('tersh mcp --dialect claude-code --format text', () => {
  it("answers in Bash's shape, as terse text", async () => {
    const client = await connect([
      compiled('src/cli/main.ts'),
      'mcp',
      '--cwd',
      tempDir(),
      '--dialect',
      'claude-code',
      '--format',
      'text',
    ]);
    const result = await client.callTool({
      name: 'sh_run',
      arguments: { command: 'echo hi; exit 5', description: 'fails on purpose' },
    });
    expect((result.content as Content)[0]!.text).toMatch(/^hi\n\[exit:5\]/);
    expect(result.structuredContent).toMatchObject({
      exit: 5,
      interrupted: false,
      returnCodeInterpretation: 'Exited with code 5',
      stderr: '',
    });
  }, 60_000);
});
