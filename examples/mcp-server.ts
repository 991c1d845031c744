// An MCP stdio server exposing tersh's tools: `npm run example:mcp` (or `npx tsx examples/mcp-server.ts [dir]`).
// The low-level Server passes the tools' JSON Schemas through untouched.
//
// Environment: TERSH_CWD (the session's folder; else the first argument, else the current folder),
// TERSH_STORE_DIR and TERSH_CHECKPOINT_DIR (where records and checkpoints go; else the defaults),
// TERSH_TOOLS (a comma-separated subset of the tool names; web_fetch and web_search only when named),
// TERSH_WEB (JSON of the web tools' options, e.g. {"policy":{"web":{"allow":["docs.rs"]}}}).
// A cancelled call (or a client that goes away) kills the command's process group; a client that gave a
// progress token gets `notifications/progress` every 2 s of a long run (progress = milliseconds elapsed).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createRecordStore, createShell, createTools, type CreateToolsOptions, type ToolName } from '../src/index.js';

const env = process.env;
const shell = createShell({
  cwd: env.TERSH_CWD ?? process.argv[2] ?? process.cwd(),
  ...(env.TERSH_STORE_DIR ? { storeDir: env.TERSH_STORE_DIR } : {}),
  ...(env.TERSH_CHECKPOINT_DIR ? { checkpointDir: env.TERSH_CHECKPOINT_DIR } : {}),
});
const include = env.TERSH_TOOLS ? (env.TERSH_TOOLS.split(',').map((name) => name.trim()) as ToolName[]) : undefined;
// The web tools store pages in the shell's record folder, so sh_detail reads them by id.
const web: CreateToolsOptions['web'] = {
  ...(env.TERSH_WEB ? (JSON.parse(env.TERSH_WEB) as CreateToolsOptions['web']) : {}),
  ...(env.TERSH_STORE_DIR ? { store: createRecordStore({ dir: env.TERSH_STORE_DIR }) } : {}),
};
const tools = createTools(shell, { ...(include ? { include } : {}), web });
const byName = new Map(tools.map((tool) => [tool.name as string, tool]));

const server = new Server({ name: 'tersh', version: '0.1.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: tools.map(({ name, description, inputSchema, annotations }) => ({ name, description, inputSchema, annotations })),
}));

const inFlight = new Set<Promise<unknown>>();

server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const tool = byName.get(request.params.name);
  if (!tool) {
    const message = `Unknown tool \`${request.params.name}\`; expected one of: ${[...byName.keys()].join(', ')}`;
    return { content: [{ type: 'text', text: JSON.stringify({ error: { type: 'Error', message } }) }], isError: true };
  }
  const progressToken = request.params._meta?.progressToken;
  const call = tool.handler(request.params.arguments, {
    signal: extra.signal,
    ...(progressToken === undefined
      ? {}
      : {
          onProgress: (progress) =>
            void extra
              .sendNotification({
                method: 'notifications/progress',
                params: { progressToken, progress: progress.elapsedMs, message: progress.message },
              })
              .catch(() => undefined),
        }),
  });
  inFlight.add(call);
  void call.finally(() => inFlight.delete(call));
  return { ...(await call) };
});

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  // Closing the server aborts every call in flight: their process groups are killed before we exit.
  await server.close().catch(() => undefined);
  await Promise.allSettled([...inFlight]);
  await shell.close().catch(() => undefined);
  process.exit(0);
}
server.onclose = () => void shutdown();
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
process.stdin.on('end', () => void shutdown());

await server.connect(new StdioServerTransport());
