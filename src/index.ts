// A new export here is public API: every name is listed once, by hand (no `export *`), and api-extractor fails on a type it leaks.
/// <reference types="node" preserve="true" />

export { TershError, isTershError } from './errors.js';

export { run } from './run/index.js';
export type { RunOptions, RunResult } from './run/index.js';

export { createShell } from './shell/index.js';
export type { Shell, ShellOptions } from './shell/index.js';

export { localExecutor, dockerExecutor } from './executor/index.js';
export type { Executor, DockerExecutorOptions } from './executor/index.js';
export { sshExecutor } from './executor/ssh/public-ssh-executor.js';
export type { SshExecutorOptions } from './executor/ssh/ssh-options.js';

export { createTools, TOOL_NAMES, WEB_TOOL_NAMES, PTY_TOOL_NAMES } from './tools/index.js';
export type { CreateToolsOptions, JsonSchema, ToolDefinition, ToolName, ToolShell } from './tools/index.js';
export type { ToolProgress, WebToolsOptions } from './tools/index.js'; // deprecated aliases

export { createRecordStore } from './store/index.js';
export type { RecordStore, RecordStoreOptions } from './store/index.js';

export { plan, createPlanner, createPolicy, toolAnnotations, planRules } from './plan/index.js';
export { defaultRules, planPowerShell } from './plan/index.js'; // deprecated aliases
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
export type { CheckpointStore, CheckpointStoreOptions } from './checkpoint/index.js';

export { createPtyManager } from './pty/index.js';
export type { PtyManager, PtyManagerOptions, PtySession } from './pty/index.js';

export { sandboxSupport, defaultProtectedPaths } from './sandbox/index.js';
export type { SandboxOptions } from './sandbox/index.js';

export type { TraceSummary } from './trace/index.js';

export { webFetch, webSearch } from './web/index.js';
export type { WebFetchOptions, WebFetchResult, WebSearchOptions, WebSearchResult } from './web/index.js';
