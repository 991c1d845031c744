import type { Token } from './normalize.js';

// One-liners given to interpreters (`python -c`, `perl -e`, `node -e`): their shell-outs are walked as
// shell code; the rest cannot be read statically, so it is complex, and destructive-looking when its words are.

/** Options that carry the program text, per interpreter; bundled short forms (`-pe`, `-lne`) too. */
const codeOptionsByProgram: Readonly<Record<string, readonly string[]>> = {
  python: ['-c'],
  python2: ['-c'],
  python3: ['-c'],
  pypy: ['-c'],
  pypy3: ['-c'],
  perl: ['-e', '-E'],
  ruby: ['-e'],
  node: ['-e', '--eval', '-p', '--print'],
  nodejs: ['-e', '--eval', '-p', '--print'],
  bun: ['-e', '--eval', '-p', '--print'],
  deno: ['eval'],
  php: ['-r'],
  lua: ['-e'],
  osascript: ['-e'],
  pwsh: ['-c', '-Command', '-command'],
  powershell: ['-c', '-Command', '-command'],
  Rscript: ['-e'],
  julia: ['-e'],
  tclsh: [],
  awk: [],
};

const codeOptions: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(codeOptionsByProgram));

/** The code of an interpreter one-liner; undefined when the interpreter runs a file or reads stdin. */
export function inlineCode(program: string, args: readonly Token[]): Token | undefined {
  const options = codeOptions.get(program);
  if (!options) return undefined;
  for (let i = 0; i < args.length; i++) {
    const text = (args[i] as Token).text;
    if (options.includes(text)) return args[i + 1];
    const short = options.find(
      (o) => o.length === 2 && o[0] === '-' && /^-[a-zA-Z0-9]+$/.test(text) && text.endsWith(o[1] as string),
    );
    if (short) return args[i + 1];
    const long = options.find((o) => o.startsWith('--') && text.startsWith(`${o}=`));
    if (long) return { text: text.slice(long.length + 1), isStatic: (args[i] as Token).isStatic };
    if (!text.startsWith('-')) return undefined;
  }
  return undefined;
}

const shellOut =
  /\b(?:system|exec|execSync|spawnSync|popen|Popen|spawn|check_call|check_output|call|run|getoutput|getstatusoutput|shell_exec|passthru|proc_open|do shell script|Start-Process|Invoke-Expression|iex)\s*\(?\s*(?:\[\s*((?:(['"])[^'"]*\2\s*,?\s*)+)\]|(['"])((?:\\.|(?!\3).)*)\3)/g;
const backticks = /`([^`]+)`|%x\{([^}]*)\}|qx\{([^}]*)\}|qx\(([^)]*)\)/g;

/** The shell commands a one-liner runs where they are written as literals (`os.system('rm -rf x')`, `` `rm x` ``). */
export function shellCommandsIn(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(shellOut)) {
    if (match[1] !== undefined) found.push([...match[1].matchAll(/(['"])([^'"]*)\1/g)].map((m) => m[2]).join(' '));
    else if (match[4] !== undefined) found.push(match[4]);
  }
  for (const match of code.matchAll(backticks)) found.push((match[1] ?? match[2] ?? match[3] ?? match[4]) as string);
  return found.filter((command) => command.trim() !== '');
}

const destructiveWords =
  /\b(rm|rmtree|rm_rf|rm_r|remove|removedirs|unlink|unlinkSync|rmSync|rmdir|rmdirSync|delete|destroy|truncate|drop|shred|wipe|purge|kill|format|mkfs|chmod|chown|os\.system|subprocess|child_process|exec|eval|system)\b/i;

/** The literal words of unreadable code look like they may destroy something. */
export function looksDestructive(code: string): boolean {
  return destructiveWords.test(code.replace(shellOut, '').replace(backticks, ''));
}
