export { wrapInTrace } from './strace.js';
export type { TracedCommand, TraceWrapOptions } from './strace.js';
export { summarizeTrace } from './summarize.js';
export type { SummarizeTraceOptions, TraceList, TraceSummary } from './types.js';
