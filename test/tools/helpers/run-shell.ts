import { TershError } from '../../../src/errors.js';
import { createCheckpointStore } from '../../../src/checkpoint/index.js';
import { plan } from '../../../src/plan/index.js';
import { run, type RunOptions } from '../../../src/run/index.js';
import { createRecordStore } from '../../../src/store/index.js';
import type { ToolShell } from '../../../src/tools/index.js';

/**
 * A ToolShell on the real building blocks (run, a record store, plan, a checkpoint store), for the
 * tools' tests until createShell lands. Jobs are not in it: every job id is unknown.
 */
export function runShell(cwd: string, stateDir: string): ToolShell {
  const store = createRecordStore({ dir: `${stateDir}/records` });
  const checkpoints = createCheckpointStore({ dir: `${stateDir}/checkpoints` });
  const noJob = (jobId: string): never => {
    throw new TershError('JOB_NOT_FOUND', `No job \`${jobId}\``, { details: { jobId } });
  };
  return {
    cwd,
    run: (command, options = {}) => run(command, { cwd, ...(options as RunOptions), store }),
    detail: (id, options) => store.detail(id, options),
    read: (id, stream, options) => store.read(id, stream, options),
    plan: (command) => plan(command),
    jobs: {
      logs: async (jobId) => noJob(jobId),
      signal: (jobId) => noJob(jobId),
    },
    checkpoint: (label, options) => checkpoints.save(label, cwd, options),
    restore: (label) => checkpoints.restore(label, { target: cwd }),
    checkpoints: () => checkpoints.list(cwd),
  };
}
