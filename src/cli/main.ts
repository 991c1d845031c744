#!/usr/bin/env node
import { cli } from './cli.js';

const output = await cli(process.argv.slice(2));
process.stdout.write(output.stdout);
process.stderr.write(output.stderr);
process.exitCode = output.status;
