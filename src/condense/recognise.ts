import type { Recogniser } from './types.js';

const SAMPLE_CHARS = 4096;
const SEGMENTS = /\|\||&&|[;|&\n]/;
const PREFIXES =
  /^(?:\s*(?:\w+=\S*|sudo|env|time|nice|nohup|exec|command|timeout\s+\S+|npx|bunx|pnpm\s+(?:exec|dlx)|yarn\s+(?:exec|dlx)|uv\s+run|poetry\s+run|python\d?(?:\.\d+)?\s+-m)\s+)+/;

const INNERMOST_SUBSTITUTION = /\$\([^()]*\)|`[^`]*`/g;

/** The command line with each command substitution (`$(…)`, backticks) as one word: its programs only make an argument. */
function withoutSubstitutions(command: string): string {
  let out = command;
  for (let depth = 0; depth < 8 && (out.includes('$(') || out.includes('`')); depth++) {
    const next = out.replace(INNERMOST_SUBSTITUTION, 'ARG');
    if (next === out) break;
    out = next;
  }
  return out;
}

/** Each simple command of a command line, last first, with wrappers (`sudo`, `npx`, `VAR=1`) and the program's directory removed. */
function programs(command: string): string[] {
  return withoutSubstitutions(command)
    .split(SEGMENTS)
    .map((segment) => segment.trim().replace(/^\(+/, ''))
    .map((segment) => {
      const unwrapped = segment.replace(PREFIXES, '');
      const keepModule = /^python\d?(?:\.\d+)?\s+-m\s+(?:pytest|pip|unittest)\b/.test(segment);
      return (keepModule ? segment : unwrapped).replace(/^\S*\//, '');
    })
    .filter((segment) => segment !== '')
    .reverse();
}

/**
 * The recogniser for an output: the first whose `command` matches a simple command of the line at its
 * start (the last command first), else the first whose `detect` matches the start of the output.
 */
export function pickRecogniser(command: string, sample: string, recognisers: readonly Recogniser[]): Recogniser | undefined {
  for (const program of programs(command)) {
    const byCommand = recognisers.find((r) => r.command !== undefined && r.command.exec(program)?.index === 0);
    if (byCommand !== undefined) return byCommand;
  }
  const head = sample.slice(0, SAMPLE_CHARS);
  return recognisers.find((r) => r.detect?.test(head) === true);
}
