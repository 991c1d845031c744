import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localExecutor } from '../../src/index.js';
import { describeExecutorSuite } from './shared-suite.js';
import { hostCommandLines } from './target-processes.js';

describeExecutorSuite('the local host', async () => ({
  executor: localExecutor(),
  commandLines: async () => hostCommandLines(),
  scratchDir: mkdtempSync(join(tmpdir(), 'tersh-local-exec-')),
}));
