// The public API of tersh, every name listed once (no `export *`).

export { TershError, isTershError } from './errors.js';
export type { TershErrorCode } from './errors.js';

export { run, resolveShell, NON_INTERACTIVE_ENV, ProcessHandle, StreamCapture } from './run/index.js';
export type { RunOptions, RunProgress, RunResult, StdoutImage, OutputStreamName, ShellKind, ShellProbe, ResolvedShell, JobHost, AdoptedProcess, ProcessOutcome, StartRequest, CapturedStream } from './run/index.js';

export { createRecordStore, RecordWriter, StreamFile } from './store/index.js';
export type { RecordStore, RecordStoreOptions, RecordWriterOptions, DetailOptions, ReadOptions, RecordMeta, RecordStream, DetailSelector, ReadPage, ExpiredRead } from './store/index.js';

export { classifyExit, detectMaskedExit, parseCommandShape, exitRules, exitWrappers, signalName } from './exit/index.js';
export type { ClassifyExitInput, ExitClassification, ExitRule, ExitStatus, ExitWrapper, MaskedExit, MaskedExitKind, DetectMaskedExitOptions, CommandShape, ShapeOperator, ShapeSegment } from './exit/index.js';

export { checkExpectations, normalizeExpectations, snapshotGitState, diffGitStates, retry, backoffDelayMs } from './expect/index.js';
export type { Expectations, NormalizedExpectations, ExpectationSubject, CheckExpectationsOptions, ExpectationReport, GitSnapshot, RetryCallOptions, RetryContext, RetryOptions, BackoffShape } from './expect/index.js';

export { plan, planPowerShell, POWERSHELL_RULES, createPlanner, createPolicy, toolAnnotations, defaultRules } from './plan/index.js';
export type { Plan, PlanCategory, PlanEffect, PlanOptions, PlanRule, PlanRuleEffects, PlanSegment, Planner, PsRule, Policy, PolicyDecision, PolicyOptions, ToolAnnotations } from './plan/index.js';

export { condense, estimateTokens, defaultRecognisers, DEFAULT_BUDGET_TOKENS } from './condense/index.js';
export type { CondenseInput, CondenseOptions, CondenseResult, LineRange, Recogniser, BlockEnd, BlockRule, OverviewKind, StreamCut } from './condense/index.js';

export { createCheckpointStore, DEFAULT_CHECKPOINT_EXCLUDES } from './checkpoint/index.js';
export type { CheckpointStore, CheckpointStoreOptions, CheckpointInfo, CheckpointEntry, CheckpointEntryType, CheckpointRef, CheckpointDiff, SaveOptions, RestoreOptions, DiffOptions, RestoreReport } from './checkpoint/index.js';

export { createJobManager } from './jobs/index.js';
export type { JobInfo, JobLine, JobLogs, JobLogsOptions, JobManager, JobManagerOptions, JobStatus } from './jobs/index.js';

export { createShell } from './shell/index.js';

export { createPtyManager } from './pty/index.js';
export type { PtyManager, PtyManagerOptions, PtyOpenOptions, PtyReadPage, PtyRunOptions, PtySession, PtyStepResult } from './pty/index.js';
export type { Shell, ShellOptions, ShellRunDefaults, ShellRunOptions } from './shell/index.js';

export { sandboxSupport, defaultProtectedPaths } from './sandbox/index.js';
export type { SandboxOptions, NormalizedSandboxOptions, SandboxContext, SandboxSupport, SandboxSupportOptions } from './sandbox/index.js';

export { summarizeTrace } from './trace/index.js';
export type { TraceSummary, TraceList, SummarizeTraceOptions } from './trace/index.js';
export { wrapForRun } from './run/wrap-for-run.js';
export type { WrappedRun } from './run/wrap-for-run.js';

export { createTools, toSnakeCase, TOOL_NAMES, WEB_TOOL_NAMES, PTY_TOOL_NAMES } from './tools/index.js';
export type { CreateToolsOptions, JsonSchema, ToolCallExtra, ToolDefinition, ToolName, ToolProgress, ToolResult, ToolShell, SnakeCased, SnakeKey, WebToolsOptions } from './tools/index.js';

export { webFetch, webSearch } from './web/index.js';
export type { SearchBackend, SearchHit, WebFetchOptions, WebFetchResult, WebPolicyOptions, WebSearchOptions, WebSearchResult } from './web/index.js';
