import {
  booleanFlags,
  destroyingFlagHeads,
  destroyingFlags,
  destroyingNameAffixes,
  destroyingVerbs,
  readingVerbs,
} from './rules/verbs.js';
import type { PlanRule } from './types.js';

const destroying = new Set(destroyingVerbs);
const reading = new Set(readingVerbs);
const destroyingFlagNames = new Set(destroyingFlags);
const flagsWithoutValue = new Set(booleanFlags);
const flagHeads = new Set(destroyingFlagHeads);
/** Letters a name needs beside its verb (`lvremove`, `userdel`): short verbs need more, or `model` would destroy. */
const objectLetters = (verb: string): number => (verb.length >= 6 ? 2 : 3);
const operandsScanned = 4;

/** The pieces of a subcommand word: `delete-bucket`, `force_delete`, `apps:destroy`, `deleteObject`. */
function pieces(word: string): string[] {
  return word
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .split(/[-_:.]+/)
    .filter(Boolean);
}

/** `--delete`, `--delete-emptydir-data`, `--vacuum-time=1s`, and Go's single-dash spelling (`nomad job stop -purge`). */
export function isDestroyingFlag(flag: string): boolean {
  const name = flag.replace(/^--?/, '').split('=')[0] as string;
  if (destroyingFlagNames.has(name)) return true;
  if (!flag.startsWith('--')) return false;
  const head = name.split('-')[0] as string;
  return flagHeads.has(head) && name.length > head.length;
}

/** The destroying verb a program's own name holds (`trash-empty`'s pieces, `userdel`, `lvremove`, `deluser`), if any. */
export function destroyingProgramName(program: string): string | undefined {
  const name = program.slice(program.lastIndexOf('/') + 1).toLowerCase();
  const parts = pieces(name);
  if (parts.length > 1 && parts.some((p) => destroying.has(p))) return name;
  const affix = destroyingNameAffixes.find((verb) => {
    const rest = name.length - verb.length;
    return rest >= objectLetters(verb) && /^[a-z]+$/.test(name) && (name.startsWith(verb) || name.endsWith(verb));
  });
  return affix === undefined ? undefined : name;
}

/** What the subcommand path of an unknown CLI says: the destroying word it holds, `reads`, or nothing. */
export function readSubcommandPath(args: readonly string[]): { destroys: string } | 'reads' | undefined {
  let readsOnly = false;
  let operands = 0;
  let afterValueOption = false;
  let methodOption = false;
  let previous = '';
  for (const arg of args) {
    const before = previous;
    previous = arg;
    if (arg === '--') break;
    if (arg.startsWith('--')) {
      if (isDestroyingFlag(arg)) return { destroys: arg };
      methodOption = arg === '--method' || arg === '--request';
      if (/^--(method|request)=DELETE$/i.test(arg)) return { destroys: arg };
      afterValueOption = !arg.includes('=') && !flagsWithoutValue.has(arg) && !arg.startsWith('--no-');
      continue;
    }
    // Short options mostly take no value: the word after one is still read.
    if (arg.startsWith('-') && arg.length > 1) {
      if (arg.length > 3 && isDestroyingFlag(arg)) return { destroys: arg };
      afterValueOption = false;
      methodOption = /^(-X|--method|--request)$/.test(arg);
      if (/^(-X|--method=|--request=)DELETE$/i.test(arg)) return { destroys: arg };
      continue;
    }
    if (methodOption && /^delete$/i.test(arg)) return { destroys: `${before} ${arg}` };
    methodOption = false;
    if (afterValueOption) {
      afterValueOption = false;
      continue;
    }
    // Paths, URLs, assignments and numbers are operands, not subcommands; options after them are still read.
    if (/[/=@]|^\d|^$/.test(arg) || operands >= operandsScanned) continue;
    operands++;
    const parts = pieces(arg);
    const hit = parts.find((p) => destroying.has(p));
    if (hit !== undefined) return { destroys: arg };
    if (parts.some((p) => reading.has(p))) readsOnly = true;
  }
  return readsOnly ? 'reads' : undefined;
}

/** A rule with no condition but its program: the catch-all of a family, which a verb may refine. */
export function isCatchAll(rule: PlanRule): boolean {
  return (
    rule.subcommand === undefined &&
    rule.flags === undefined &&
    rule.argPattern === undefined &&
    rule.textPattern === undefined &&
    rule.operands === undefined
  );
}
