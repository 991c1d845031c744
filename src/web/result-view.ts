import { condense } from '../condense/index.js';

export interface ResultView {
  result: string;
  /** Lines of the whole text, when the view shows less. */
  lines?: number;
  summarized?: true;
  hint?: string;
}

export interface ViewOptions {
  recordId: string | undefined;
  budgetTokens: number | undefined;
  maxChars: number;
  prompt: string | undefined;
  summarize: ((text: string, prompt: string) => string | Promise<string>) | undefined;
}

/**
 * The condensed view of the whole converted text, within the token budget, with the condenser's markers
 * (each names the record and the `detail` call that fetches what was left out); past `maxChars` it is cut
 * in any case. Over the budget, the caller's `summarize` (their model) replaces the view.
 */
export async function resultView(text: string, options: ViewOptions): Promise<ResultView> {
  const condensed = condense(
    { command: 'web_fetch', stdout: text },
    {
      ...(options.recordId ? { recordId: options.recordId } : {}),
      ...(options.budgetTokens !== undefined ? { budgetTokens: options.budgetTokens } : {}),
    },
  );
  const overBudget = condensed.strategy === 'condensed' && condensed.stdoutOmitted.length > 0;
  if (overBudget && options.summarize) {
    const summary = await options.summarize(text, options.prompt ?? '');
    if (typeof summary !== 'string') throw new TypeError(`Expected \`summarize\` to return a string, got ${typeof summary}`);
    return { result: cut(summary, options.maxChars, options.recordId), lines: condensed.stdoutLines, summarized: true };
  }
  const view: ResultView = { result: cut(condensed.stdout, options.maxChars, options.recordId) };
  if (overBudget || view.result.length < condensed.stdout.length) {
    view.lines = condensed.stdoutLines;
    if (options.prompt !== undefined) {
      view.hint =
        'No summarize callback was given, so this is the condensed page; the prompt is stored with the record: search the whole text by match or line range.';
    }
  }
  return view;
}

function cut(text: string, maxChars: number, recordId: string | undefined): string {
  if (text.length <= maxChars) return text;
  const kept = text.slice(0, maxChars);
  const where = recordId ? `; detail(${JSON.stringify(recordId)}, { match }) or by line range reads the rest` : '';
  return `${kept}\n[… truncated at ${maxChars} characters (${text.length - maxChars} more)${where} …]`;
}
