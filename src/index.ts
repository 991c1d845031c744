// A new export here is public API: every name is listed once, by hand (no `export *`), and api-extractor fails on a type it leaks.
/// <reference types="node" preserve="true" />

export { TershError, isTershError } from './errors.js';

export { run, prepareSpawner } from './run/index.js';
export type { RunOptions, RunResult } from './run/index.js';

export { createShell } from './shell/index.js';
export type { Shell, ShellOptions } from './shell/index.js';

export { localExecutor, dockerExecutor } from './executor/index.js';
export type { Executor } from './executor/index.js';
export { sshExecutor } from './executor/ssh/public-ssh-executor.js';

export { createTools } from './tools/index.js';
export type { CreateToolsOptions, ToolDefinition, ToolName, ToolShell } from './tools/index.js';

export { createRecordStore } from './store/index.js';
export type { RecordStore } from './store/index.js';

export { plan, createPlanner, createPolicy, toolAnnotations, planRules } from './plan/index.js';
export type { Plan, PlanOptions, PlanRule, Policy, PolicyOptions } from './plan/index.js';

export { condense } from './condense/index.js';
export type { CondenseOptions, CondenseResult, Recognizer } from './condense/index.js';

export { classifyExit, detectMaskedExit, exitRules } from './exit/index.js';
export type { ExitRule } from './exit/index.js';

export { checkExpectations, retry } from './expect/index.js';
export type { Expectations, RetryOptions, RunRetryOptions } from './expect/index.js';

export { createJobManager } from './jobs/index.js';
export type { JobInfo, JobManager, JobManagerOptions } from './jobs/index.js';

export { createCheckpointStore, DEFAULT_CHECKPOINT_EXCLUDES } from './checkpoint/index.js';
export type { CheckpointStore } from './checkpoint/index.js';

export { createPtyManager } from './pty/index.js';
export type { PtyManager, PtySession } from './pty/index.js';

export { sandboxSupport, defaultProtectedPaths } from './sandbox/index.js';

export type { TraceSummary } from './trace/index.js';

export { webFetch, webSearch } from './web/index.js';
export type { WebFetchOptions, WebSearchOptions, WebSearchResult } from './web/index.js';
