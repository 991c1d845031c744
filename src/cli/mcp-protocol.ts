import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { ToolDefinition, ToolProgress } from '../tools/index.js';

// The part of the Model Context Protocol a tools-only stdio server speaks: newline-delimited
// JSON-RPC 2.0 with initialize, ping, tools/list, tools/call, notifications/cancelled, and
// notifications/progress sent for calls that carry a progress token.

/** The protocol revisions this server speaks, newest first; a client asking for another gets the newest. */
export const PROTOCOL_VERSIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

type Id = string | number;
interface Message {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

export interface McpServerInfo {
  name: string;
  version: string;
}

/** A served connection: `closed` settles once the input has ended and every call in flight has settled. */
export interface McpConnection {
  closed: Promise<void>;
  /** Stops reading, as if the input had ended. */
  close(): void;
}

/**
 * Serves `tools` over `input` / `output` until the input ends. When it ends (the client went away),
 * every call in flight is aborted, so a running command's process group is killed, before `closed` settles.
 */
export function serveMcp(
  tools: readonly ToolDefinition[],
  io: { input: Readable; output: Writable },
  info: McpServerInfo,
): McpConnection {
  const byName = new Map(tools.map((tool) => [tool.name as string, tool]));
  const inFlight = new Map<Id, { controller: AbortController; settled: Promise<void> }>();
  const send = (message: object): void => void io.output.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const reply = (id: Id, result: object): void => send({ id, result });
  const fail = (id: Id | null, code: number, message: string): void => send({ id, error: { code, message } });

  const callTool = (id: Id, params: Record<string, unknown>): void => {
    const tool = typeof params.name === 'string' ? byName.get(params.name) : undefined;
    if (!tool)
      return fail(
        id,
        INVALID_PARAMS,
        `Unknown tool \`${String(params.name)}\`; expected one of: ${[...byName.keys()].join(', ')}`,
      );
    const controller = new AbortController();
    const token = (params._meta as { progressToken?: unknown } | undefined)?.progressToken;
    const onProgress =
      typeof token === 'string' || typeof token === 'number'
        ? (progress: ToolProgress) => {
            if (!controller.signal.aborted)
              send({
                method: 'notifications/progress',
                params: { progressToken: token, progress: progress.elapsedMs, message: progress.message },
              });
          }
        : undefined;
    const settled = tool
      .handler(params.arguments ?? {}, { signal: controller.signal, ...(onProgress ? { onProgress } : {}) })
      .then((result) => {
        inFlight.delete(id);
        // A cancelled request gets no response (the client has stopped waiting for it).
        if (!controller.signal.aborted) reply(id, result);
      });
    inFlight.set(id, { controller, settled });
  };

  const handle = (message: Message): void => {
    const { id, method } = message;
    const params = (typeof message.params === 'object' && message.params !== null ? message.params : {}) as Record<
      string,
      unknown
    >;
    const isRequest = typeof id === 'string' || typeof id === 'number';
    if (message.jsonrpc !== '2.0' || typeof method !== 'string') {
      if (isRequest) fail(id, INVALID_REQUEST, 'Expected a JSON-RPC 2.0 request');
      return;
    }
    if (!isRequest) {
      if (method === 'notifications/cancelled') inFlight.get(params.requestId as Id)?.controller.abort(params.reason);
      return; // notifications/initialized and any other notification need nothing
    }
    if (method === 'initialize') {
      const asked = params.protocolVersion;
      const protocolVersion = typeof asked === 'string' && PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0];
      return reply(id, { protocolVersion, capabilities: { tools: {} }, serverInfo: info });
    }
    if (method === 'ping') return reply(id, {});
    if (method === 'tools/list') {
      return reply(id, {
        tools: tools.map(({ name, description, inputSchema, annotations }) => ({ name, description, inputSchema, annotations })),
      });
    }
    if (method === 'tools/call') return callTool(id, params);
    fail(id, METHOD_NOT_FOUND, `Method not found: ${method}`);
  };

  const lines = createInterface({ input: io.input, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return fail(null, PARSE_ERROR, 'Parse error: a line that is not JSON');
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message))
      return fail(null, INVALID_REQUEST, 'Expected a JSON-RPC 2.0 message object');
    handle(message as Message);
  });
  const closed = new Promise<void>((resolve) => {
    lines.once('close', () => {
      const pending = [...inFlight.values()];
      for (const call of pending) call.controller.abort();
      void Promise.allSettled(pending.map((call) => call.settled)).then(() => resolve());
    });
  });
  return { closed, close: () => lines.close() };
}
