#!/usr/bin/env node
import { constants } from 'node:os';
import { cli, version } from './cli.js';
import { mcpMain } from './mcp.js';

// Ctrl-C or a SIGTERM ends the command (its whole group), prints its result and exits as the signal would
// (130, 143); a second one exits at once. Listeners stay on (not `once`): signal-exit, which kills the runs
// when the host dies, must still see that the CLI handles the signal. `tersh mcp` ends the same way, as on
// a closed stdin: the calls in flight are aborted and their groups killed first.
const interrupted = new AbortController();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
for (const signal of SIGNALS) {
  process.on(signal, () => {
    if (interrupted.signal.aborted) process.exit(128 + constants.signals[signal]);
    interrupted.abort(signal);
  });
}
const argv = process.argv.slice(2);
let status: number;
if (argv[0] === 'mcp') {
  const io = {
    input: process.stdin,
    output: process.stdout,
    errors: process.stderr,
    env: process.env,
    stop: interrupted.signal,
    version: version(),
  };
  status = await mcpMain(argv.slice(1), io);
} else {
  // In a terminal, `run --pretty` shows the output as it comes.
  const live = process.stdout.isTTY
    ? { stdout: (chunk: string) => void process.stdout.write(chunk), stderr: (chunk: string) => void process.stderr.write(chunk) }
    : undefined;
  const output = await cli(argv, process.env, { signal: interrupted.signal, ...(live ? { live } : {}) });
  process.stdout.write(output.stdout);
  process.stderr.write(output.stderr);
  status = output.status;
}
const received = interrupted.signal.reason as (typeof SIGNALS)[number] | undefined;
process.exitCode = received ? 128 + constants.signals[received] : status;
if (argv[0] === 'mcp') process.exit(); // stdin may still be open after a signal
