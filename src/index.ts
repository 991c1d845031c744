// A new export here is public API: every name is listed once, by hand (no `export *`), and api-extractor fails on a type it leaks.
/// <reference types="node" preserve="true" />

export { TershError, isTershError } from './errors.js';
export type { TershErrorCode } from './errors.js';

export { run } from './run/index.js';
export type { RunOptions, RunResult } from './run/index.js';

export { createShell } from './shell/index.js';
export type { Shell, ShellOptions, ShellRunDefaults, ShellRunOptions } from './shell/index.js';

export { localExecutor, dockerExecutor } from './executor/index.js';
export type { Executor, DockerExecutorOptions } from './executor/index.js';
export { sshExecutor } from './executor/ssh/public-ssh-executor.js';
export type { SshExecutorOptions } from './executor/ssh/ssh-options.js';

export { createTools, TOOL_NAMES, WEB_TOOL_NAMES, PTY_TOOL_NAMES } from './tools/index.js';
export type {
  CreateToolsOptions,
  JsonSchema,
  ToolCallExtra,
  ToolDefinition,
  ToolName,
  ToolProgress,
  ToolResult,
  ToolShell,
  WebToolsOptions,
} from './tools/index.js';

export { createRecordStore } from './store/index.js';
export type {
  RecordStore,
  RecordStoreOptions,
  DetailOptions,
  ReadOptions,
  RecordMeta,
  RecordStream,
  ReadPage,
  ExpiredRead,
} from './store/index.js';

export {
  plan,
  planPowerShell,
  POWERSHELL_RULES,
  createPlanner,
  createPolicy,
  toolAnnotations,
  planRules,
  defaultRules,
} from './plan/index.js';
export type {
  Plan,
  PlanEffect,
  PlanOptions,
  PlanRule,
  PlanSegment,
  Planner,
  PsRule,
  Policy,
  PolicyOptions,
  ToolAnnotations,
} from './plan/index.js';

export { condense } from './condense/index.js';
export type { CondenseInput, CondenseOptions, CondenseResult, LineRange, Recognizer, StreamCut } from './condense/index.js';

export { classifyExit, detectMaskedExit, exitRules } from './exit/index.js';
export type { ClassifyExitInput, ExitClassification, ExitRule, ExitWrapper, MaskedExit } from './exit/index.js';

export { checkExpectations, retry } from './expect/index.js';
export type {
  Expectations,
  ExpectationSubject,
  CheckExpectationsOptions,
  ExpectationReport,
  RetryOptions,
  RetryContext,
  RunRetryOptions,
} from './expect/index.js';

export { createJobManager } from './jobs/index.js';
export type { JobInfo, JobLine, JobLogs, JobLogsOptions, JobManager, JobManagerOptions } from './jobs/index.js';

export { createCheckpointStore, DEFAULT_CHECKPOINT_EXCLUDES } from './checkpoint/index.js';
export type {
  CheckpointStore,
  CheckpointStoreOptions,
  CheckpointInfo,
  CheckpointRef,
  SaveOptions,
  RestoreOptions,
  RestoreReport,
} from './checkpoint/index.js';

export { createPtyManager } from './pty/index.js';
export type { PtyManager, PtyManagerOptions, PtySession } from './pty/index.js';

export { sandboxSupport, defaultProtectedPaths } from './sandbox/index.js';
export type { SandboxOptions } from './sandbox/index.js';

export type { TraceSummary, TraceList } from './trace/index.js';

export { webFetch, webSearch } from './web/index.js';
export type {
  SearchHit,
  WebFetchOptions,
  WebFetchResult,
  WebPolicyOptions,
  WebSearchOptions,
  WebSearchResult,
} from './web/index.js';
