#!/usr/bin/env node
import { constants } from 'node:os';
import { cli } from './cli.js';

// Ctrl-C or a SIGTERM ends the command (its whole group), prints its result and exits as the signal would
// (130, 143); a second one exits at once. Listeners stay on (not `once`): signal-exit, which kills the runs
// when the host dies, must still see that the CLI handles the signal.
const interrupted = new AbortController();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
for (const signal of SIGNALS) {
  process.on(signal, () => {
    if (interrupted.signal.aborted) process.exit(128 + constants.signals[signal]);
    interrupted.abort(signal);
  });
}
const output = await cli(process.argv.slice(2), process.env, { signal: interrupted.signal });
process.stdout.write(output.stdout);
process.stderr.write(output.stderr);
const received = interrupted.signal.reason as (typeof SIGNALS)[number] | undefined;
process.exitCode = received ? 128 + constants.signals[received] : output.status;
