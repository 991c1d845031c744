/**
 * One option in both spellings: the tools' (snake_case, the seeds' names) and the API's (camelCase).
 * `aliases` are more tool spellings the handler accepts for it (seed and Claude Code names), not advertised.
 */
export interface OptionName {
  tool: string;
  api: string;
  aliases?: readonly string[];
}

/** The options of `sh_run` that map one to one onto `RunOptions` (`expect`, `sandbox` and `timeout_ms` are read apart). */
export const RUN_OPTION_NAMES: readonly OptionName[] = [
  { tool: 'cwd', api: 'cwd' },
  { tool: 'env', api: 'env' },
  { tool: 'input', api: 'input' },
  { tool: 'full', api: 'full' },
  { tool: 'retries', api: 'retries' },
  { tool: 'retry_on_exit', api: 'retryOnExit' },
  { tool: 'backoff_ms', api: 'backoffMs' },
  { tool: 'retry_on_assert_fail', api: 'retryOnAssertFail' },
  { tool: 'trace', api: 'trace' },
  { tool: 'run_in_background', api: 'background', aliases: ['background'] },
  { tool: 'auto_background_after_ms', api: 'autoBackgroundAfterMs' },
  { tool: 'pipefail', api: 'pipefail' },
  { tool: 'shell', api: 'shell' },
  { tool: 'allow_idle_sleep', api: 'allowIdleSleep' },
  { tool: 'condense', api: 'condense' },
  { tool: 'prefer_local', api: 'preferLocal' },
];

/** Options a message may name that `sh_run` reads apart from the table above. */
const OTHER_NAMES: readonly OptionName[] = [
  { tool: 'timeout_ms', api: 'timeoutMs', aliases: ['timeout'] },
  { tool: 'expect', api: 'expect' },
  { tool: 'sandbox', api: 'sandbox' },
  { tool: 'description', api: 'description' },
  { tool: 'stdout_offset', api: 'stdoutOffset' },
  { tool: 'stderr_offset', api: 'stderrOffset' },
  { tool: 'wait_until_exit', api: 'waitUntilExit' },
  { tool: 'wait_ms', api: 'waitMs' },
  { tool: 'max_bytes', api: 'maxBytes' },
  { tool: 'job_id', api: 'jobId' },
];

const TOOL_SPELLING: ReadonlyMap<string, string> = new Map(
  [...RUN_OPTION_NAMES, ...OTHER_NAMES].map(({ api, tool }) => [api, tool]),
);

/** The tool spelling of an API option name, or undefined when the catalogue does not know it. */
export function toolSpellingOf(api: string): string | undefined {
  return TOOL_SPELLING.get(api);
}

/**
 * A hint, advice or error written for API callers (`` `background: true` ``, `` `allowIdleSleep` ``) with each option it
 * names in backticks put in the tools' spelling (`` `run_in_background: true` ``, `` `allow_idle_sleep` ``).
 */
export function inToolSpelling(text: string): string {
  return text.replace(/`([a-zA-Z][a-zA-Z0-9]*)(?=[`:.[ ])/g, (whole, name: string) => {
    const tool = TOOL_SPELLING.get(name);
    return tool === undefined ? whole : `\`${tool}`;
  });
}
