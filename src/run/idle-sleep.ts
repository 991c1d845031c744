import { parseCommandShape, type ShapeSegment } from '../exit/index.js';
import { WarningMemo } from './warning-memo.js';

const MIN_IDLE_SECONDS = 2;
const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };
const POWERSHELL_UNITS: Record<string, number> = { s: 1, seconds: 1, ms: 0.001, milliseconds: 0.001, duration: 1 };

/**
 * A hint when the command only sleeps: `sleep N` (GNU suffixes and several operands summed: `sleep 1m 30s`)
 * or PowerShell's `Start-Sleep`, as the whole command or the last step of a `;` list, for 2 s or more.
 * A sleep that gates other work (`sleep 5 && curl …`, `until …; do sleep 1; done`) is not idle.
 */
export function idleSleepRefusal(command: string): string | undefined {
  const known = refusals.get(command);
  if (known !== undefined) return known ?? undefined;
  const refusal = refusalOf(command);
  refusals.keep(command, refusal);
  return refusal;
}

// A pure function of the text, as a plan's warnings are: a command run again is not parsed again.
const refusals = new WarningMemo(256);

function refusalOf(command: string): string | undefined {
  const shape = parseCommandShape(command);
  if (shape.compound || shape.trailing === '&' || shape.segments.length === 0) return undefined;
  if (shape.operators.some((operator) => operator !== ';')) return undefined;
  const last = shape.segments.at(-1)!;
  const seconds = sleepSeconds(last);
  if (seconds === undefined || seconds < MIN_IDLE_SECONDS) return undefined;
  return `Refused to run a bare \`${last.text}\`: sleeping blocks the turn. Run what you wait for in the background and poll its logs, or wait on a condition (\`until curl -s localhost:3000; do sleep 1; done\`); \`allowIdleSleep: true\` runs it anyway.`;
}

/** How long a `sleep` / `Start-Sleep` segment sleeps, or undefined when it is something else. */
function sleepSeconds(segment: ShapeSegment): number | undefined {
  if (segment.grouped) return undefined;
  const [program, ...args] = segment.words;
  const name = program?.split('/').at(-1);
  if (name === 'sleep') return sumDurations(args);
  if (name?.toLowerCase() === 'start-sleep') return powershellSleep(args);
  return undefined;
}

function sumDurations(args: readonly string[]): number | undefined {
  if (args.length === 0) return undefined;
  let total = 0;
  for (const arg of args) {
    if (arg === 'infinity' || arg === 'inf') return Number.POSITIVE_INFINITY;
    const match = /^(\d+(?:\.\d*)?|\.\d+)([smhd]?)$/.exec(arg);
    if (!match) return undefined;
    total += Number(match[1]) * UNIT_SECONDS[match[2]!]!;
  }
  return total;
}

function powershellSleep(args: readonly string[]): number | undefined {
  let unit = 1;
  let value: number | undefined;
  for (const arg of args) {
    if (arg.startsWith('-')) {
      const scale = POWERSHELL_UNITS[arg.slice(1).toLowerCase()];
      if (scale === undefined) return undefined;
      unit = scale;
    } else if (/^\d+(?:\.\d+)?$/.test(arg)) value = Number(arg);
    else return undefined;
  }
  return value === undefined ? undefined : value * unit;
}
