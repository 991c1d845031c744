import {
  type CatalogueWrapper,
  commandOptions,
  type CommandOptionSpec,
  gitGlobalFlags,
  gitGlobalValueOptions,
  programValueOptions,
  shells,
  wrapperCatalogue,
} from './wrappers.js';

export interface Token {
  text: string;
  isStatic: boolean;
}

/** A command line reduced to the program that really runs, plus what it runs indirectly. */
export interface Normalized {
  argv: Token[];
  /** Text run as shell code (`sh -c`, `eval`, `su -c`, `watch`, `ssh host cmd`). */
  shellPayloads: Token[];
  /** Commands run per file (`find -exec … ;`). */
  nested: Token[][];
  /** The user a wrapper such as `sudo` runs the command as. */
  runsAs?: string;
  /** A reserved word stood where a command name should (`! if …` misread by the grammar). */
  misread?: boolean;
}

// Only a misparse puts these in a command name's place; what follows them is still the command.
const openingWords = new Set(['!', 'if', 'then', 'else', 'elif', 'do', 'while', 'until', '{', 'fi', 'done', 'esac', '}']);
const headerWords = new Set(['for', 'case', 'select', 'in', 'function', 'coproc']);

/** The user given to an elevating wrapper (`-u bob`, `--user=bob`), root when none is. */
function targetUser(args: readonly Token[]): string {
  for (let i = 0; i < args.length; i++) {
    const text = (args[i] as Token).text;
    if (!text.startsWith('-')) break;
    if (text === '-u' || text === '--user') return args[i + 1]?.text ?? 'root';
    if (text.startsWith('--user=')) return text.slice(7);
    if (/^-u./.test(text)) return text.slice(2);
  }
  return 'root';
}

const wrapperByName = new Map<string, CatalogueWrapper>();
for (const spec of wrapperCatalogue) for (const name of spec.programs) wrapperByName.set(name, spec);
const commandOptionsByName = new Map<string, CommandOptionSpec[]>();
for (const spec of commandOptions)
  for (const name of spec.program) commandOptionsByName.set(name, [...(commandOptionsByName.get(name) ?? []), spec]);

export function basename(text: string): string {
  const slash = text.lastIndexOf('/');
  return slash >= 0 && slash < text.length - 1 ? text.slice(slash + 1) : text;
}

function takesValue(
  token: string,
  options: readonly string[] | ReadonlySet<string> | undefined,
): 'separate' | 'attached' | false {
  if (!options) return false;
  const has = (o: string) =>
    Array.isArray(options) ? (options as readonly string[]).includes(o) : (options as ReadonlySet<string>).has(o);
  if (has(token)) return 'separate';
  if (token.startsWith('--')) return has(token.slice(0, token.indexOf('='))) ? 'attached' : false;
  return token.length > 2 && has(token.slice(0, 2)) ? 'attached' : false;
}

interface Peeled {
  rest: Token[];
  shellPayloads: Token[];
  runsCommand: boolean;
}

function peelWrapper(name: string, spec: CatalogueWrapper, args: Token[]): Peeled {
  const payloads: Token[] = [];
  let i = 0;
  let leading = spec.leadingOperands ?? 0;
  while (i < args.length) {
    const token = args[i] as Token;
    const text = token.text;
    if (text === '--') {
      i++;
      break;
    }
    if (spec.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(text)) {
      i++;
      continue;
    }
    if (text.startsWith('-') && text.length > 1) {
      if (spec.noCommandFlags?.includes(text)) return { rest: [], shellPayloads: [], runsCommand: false };
      if (spec.shellOption && text === spec.shellOption) {
        const payload = args[i + 1];
        if (payload) payloads.push(payload);
        return { rest: [], shellPayloads: payloads, runsCommand: true };
      }
      if ((text === '-S' || text.startsWith('--split-string')) && name === 'env') {
        const joined = text.includes('=')
          ? [{ text: text.slice(text.indexOf('=') + 1), isStatic: token.isStatic }, ...args.slice(i + 1)]
          : args.slice(i + 1);
        return { rest: [], shellPayloads: [joinTokens(joined)], runsCommand: true };
      }
      const kind = takesValue(text, spec.valueOptions);
      const valueIsOptional =
        kind === 'separate' && spec.optionalValues?.includes(text) && (args[i + 2]?.text ?? '-').startsWith('-');
      i += kind === 'separate' && !valueIsOptional ? 2 : 1;
      continue;
    }
    if (leading > 0) {
      leading--;
      i++;
      continue;
    }
    break;
  }
  let rest = args.slice(i);
  if (name === 'parallel') {
    const stop = rest.findIndex((t) => t.text.startsWith(':::') || t.text === '::::');
    if (stop >= 0) rest = rest.slice(0, stop);
  }
  // `parallel 'rm -rf {}'` hands its one word to a shell.
  if ((name === 'parallel' || name === 'xargs') && rest.length === 1 && /\s/.test((rest[0] as Token).text))
    return { rest: [], shellPayloads: [rest[0] as Token], runsCommand: true };
  if (spec.joinsShellString && rest.length > 0) return { rest: [], shellPayloads: [joinTokens(rest)], runsCommand: true };
  return { rest, shellPayloads: payloads, runsCommand: rest.length > 0 };
}

export function joinTokens(tokens: Token[]): Token {
  return { text: tokens.map((t) => t.text).join(' '), isStatic: tokens.every((t) => t.isStatic) };
}

function skipGitGlobals(args: Token[]): Token[] {
  let i = 0;
  while (i < args.length) {
    const text = (args[i] as Token).text;
    const kind = takesValue(text, gitGlobalValueOptions);
    if (kind === 'separate') i += 2;
    else if (kind === 'attached' || text === '--' || gitGlobalFlags.has(text.split('=')[0] as string)) i++;
    else break;
  }
  return args.slice(i);
}

function findExecPayloads(args: Token[]): Token[][] {
  const nested: Token[][] = [];
  for (let i = 0; i < args.length; i++) {
    const text = (args[i] as Token).text;
    if (text !== '-exec' && text !== '-execdir' && text !== '-ok' && text !== '-okdir') continue;
    const end = args.findIndex((t, j) => j > i && (t.text === ';' || t.text === '+'));
    const stop = end < 0 ? args.length : end;
    nested.push(args.slice(i + 1, stop));
    i = stop;
  }
  return nested;
}

function sshRemoteCommand(args: Token[]): Token[] {
  for (let i = 0; i < args.length; i++) {
    const text = (args[i] as Token).text;
    if (text === '--') return args.slice(i + 2);
    if (text.startsWith('-')) {
      if (takesValue(text, programValueOptions['ssh']) === 'separate') i++;
      continue;
    }
    return args.slice(i + 1);
  }
  return [];
}

/** Shell `-c` detection also for clusters such as `-lc`, `-ec`. */
function shellCommandString(args: Token[]): Token | null | undefined {
  for (let i = 0; i < args.length; i++) {
    const text = (args[i] as Token).text;
    if (!text.startsWith('-') || text === '-' || text === '--') return undefined;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(text)) return args[i + 1] ?? null;
    if (text === '-o' || text === '+o' || text === '-O' || text === '+O') i++;
  }
  return undefined;
}

/** Values of options that are themselves command lines, for the program `name`. */
function commandOptionValues(name: string, args: Token[]): Token[] {
  const found: Token[] = [];
  for (const spec of commandOptionsByName.get(name) ?? []) {
    for (let i = 0; i < args.length; i++) {
      const token = args[i] as Token;
      let value: Token | undefined;
      if (spec.option === '') {
        if (name === 'alias' && token.text.includes('='))
          value = { text: token.text.slice(token.text.indexOf('=') + 1), isStatic: token.isStatic };
        else if (name === 'trap' && i === 0) value = token;
      } else if (token.text === spec.option) value = args[i + 1];
      else if (token.text.startsWith(`${spec.option}=`))
        value = { text: token.text.slice(spec.option.length + 1), isStatic: token.isStatic };
      if (!value) continue;
      if (!spec.valuePrefix) found.push(value);
      else {
        const match = spec.valuePrefix.exec(value.text);
        if (match) found.push({ text: value.text.slice(match[0].length), isStatic: value.isStatic });
      }
    }
  }
  return found;
}

export function normalize(words: Token[]): Normalized {
  let argv = words;
  const shellPayloads: Token[] = [];
  let nested: Token[][] = [];
  let runsAs: string | undefined;
  let misread = false;
  for (let round = 0; round < 16 && argv.length > 0; round++) {
    const head = argv[0] as Token;
    if (!head.isStatic) break;
    if (openingWords.has(head.text) || headerWords.has(head.text)) {
      misread = true;
      argv = headerWords.has(head.text) ? [] : argv.slice(1);
      while (argv.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test((argv[0] as Token).text)) argv = argv.slice(1);
      continue;
    }
    const name = basename(head.text);
    argv = [{ text: name, isStatic: true }, ...argv.slice(1)];
    const spec = wrapperByName.get(name);
    if (spec) {
      if (spec.elevates) runsAs ??= targetUser(argv.slice(1));
      const peeled = peelWrapper(name, spec, argv.slice(1));
      shellPayloads.push(...peeled.shellPayloads);
      if (peeled.rest.length === 0) {
        if (!peeled.runsCommand || peeled.shellPayloads.length > 0) argv = [argv[0] as Token];
        break;
      }
      argv = peeled.rest;
      continue;
    }
    shellPayloads.push(...commandOptionValues(name, argv.slice(1)));
    if (name === 'git') argv = [argv[0] as Token, ...skipGitGlobals(argv.slice(1))];
    else if (name === 'eval' && argv.length > 1) shellPayloads.push(joinTokens(argv.slice(1)));
    else if (name === 'ssh') {
      const remote = sshRemoteCommand(argv.slice(1));
      if (remote.length > 0) shellPayloads.push(joinTokens(remote));
    } else if (name === 'fd' || name === 'fdfind') {
      const at = argv.findIndex((t) => /^(-x|--exec|-X|--exec-batch)$/.test(t.text));
      if (at > 0) nested = [argv.slice(at + 1)];
    } else if (name === 'find') nested = findExecPayloads(argv.slice(1));
    else if (shells.has(name)) {
      const payload = shellCommandString(argv.slice(1));
      // `bash -c` without a script only fails: nothing runs.
      if (payload) shellPayloads.push(payload);
    }
    break;
  }
  const normalized: Normalized = { argv, shellPayloads, nested };
  if (runsAs !== undefined) normalized.runsAs = runsAs;
  if (misread) normalized.misread = true;
  return normalized;
}
