// Mutations of destructive commands that bash still runs as the same destructive command: quoting and
// escaping of the name, wrappers, substitutions, heredocs, line continuations, redirect placement.
// Shared by the bounded fuzz test and bench/plan-fuzz.bench.ts.

export const destructiveSeeds: readonly string[][] = [
  ['rm', '-rf', 'victim'],
  ['rm', '-r', 'victim'],
  ['rm', 'victim'],
  ['git', 'push', '--force'],
  ['git', 'reset', '--hard'],
  ['git', 'clean', '-fdx'],
  ['dd', 'if=/dev/zero', 'of=/dev/sda'],
  ['mkfs.ext4', '/dev/sda1'],
  ['kubectl', 'delete', 'pod', 'x'],
  ['terraform', 'destroy'],
  ['shred', '-u', 'f'],
  ['find', '.', '-delete'],
  ['chmod', '-R', '777', '/'],
  ['truncate', '-s', '0', 'f'],
  ['docker', 'system', 'prune', '-af'],
  ['git', 'branch', '-D', 'main'],
  ['aws', 's3', 'rb', 's3://bucket', '--force'],
  ['systemctl', 'stop', 'nginx'],
];

/** Deterministic, so a failure can be replayed from its seed and index. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const singleQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
const doubleQuoted = (text: string) => `"${text.replace(/[\\"$`]/g, (c) => `\\${c}`)}"`;

/** Spellings of a program name that bash resolves to the same program. */
function spellName(random: Random, name: string): string {
  const cut = 1 + Math.floor(random() * Math.max(1, name.length - 1));
  const spellings = [
    name,
    `\\${name}`,
    `${name.slice(0, cut)}''${name.slice(cut)}`,
    `${name.slice(0, cut)}""${name.slice(cut)}`,
    `"${name}"`,
    `'${name}'`,
    `${name.slice(0, cut)}\\${name.slice(cut)}`,
    `$'${[...name].map((c) => `\\x${c.charCodeAt(0).toString(16)}`).join('')}'`,
    `/usr/bin/${name}`,
    `${name.slice(0, cut)}\\\n${name.slice(cut)}`,
  ];
  return pick(random, spellings);
}

// Programs that run the rest of their words as a command (any may wrap any other)...
const wrappers = [
  'sudo',
  'sudo -u root',
  'sudo -h host',
  'sudo -E',
  'sudo A=1',
  'env',
  'env -i',
  'env A=1',
  'nice -n 5',
  'nice',
  'chrt 10',
  'chrt -f 10',
  'taskset 1',
  'taskset -c 0',
  'timeout 5',
  'timeout -s KILL 5',
  'nohup',
  'stdbuf -o0',
  'ionice -c3',
  'setsid',
  'doas',
  'flock /tmp/l',
  'unbuffer',
  'numactl -C 0',
  'systemd-run --uid 0',
  'xargs',
];
// ...and shell words that only prefix a simple command.
const shellPrefixes = ['time', 'exec', 'command', 'A=1', 'A=1 B=2', 'time -p'];

/** Puts `command` in a context that still runs it; heredocs only as the outermost context (their end line must stay alone). */
function embed(random: Random, command: string, outermost: boolean): string {
  const contexts: ((c: string) => string)[] = [
    (c) => `bash -c ${singleQuoted(c)}`,
    (c) => `sh -c ${doubleQuoted(c)}`,
    (c) => `eval ${singleQuoted(c)}`,
    (c) => `echo $( ${c})`,
    (c) => `x=$( ${c})`,
    (c) => `diff <x <(${c}) y`,
    (c) => `cat <(${c})`,
    (c) => `sh <<< ${singleQuoted(c)}`,
    (c) => `echo ${singleQuoted(c)} | sh`,
    (c) => `ls\n${c}`,
    (c) => `ls; ${c}`,
    (c) => `ls && ${c}`,
    (c) => `false || ${c}`,
    (c) => `ls | ${c}`,
    (c) => `{ ${c}; }`,
    (c) => `( ${c} )`,
    (c) => `if true; then ${c}; fi`,
    (c) => `for i in 1; do ${c}; done`,
    (c) => `while true; do ${c}; break; done`,
    (c) => `f() { ${c}; }; f`,
    (c) => `${c} & wait`,
    (c) => `! ${c}`,
    (c) => `ls # note\n${c}`,
    (c) => `ssh host ${singleQuoted(c)}`,
    (c) => `su -c ${singleQuoted(c)}`,
    (c) => `watch ${singleQuoted(c)}`,
  ];
  // Backticks and heredoc bodies expand backslashes: only plain commands go there.
  const plain = !/[\\`$'"\n]/.test(command);
  if (plain)
    contexts.push(
      (c) => `echo \`${c}\``,
      (c) => `echo \${x:-\`${c}\`}`,
    );
  if (outermost && !/\nEOF$/.test(command)) contexts.push((c) => `bash <<'EOF'\n${c}\nEOF`);
  if (outermost && plain)
    contexts.push(
      (c) => `cat <<EOF\n\`${c}\`\nEOF`,
      (c) => `cat <<EOF\n$(${c})\nEOF`,
      (c) => `cat <<EOF | wc -l\nhello \`${c}\` there\nEOF`,
    );
  return pick(random, contexts)(command);
}

const redirects = ['>/dev/null', '2>&1', '2>/dev/null', '</dev/null', '<x', '>out', '2>err', '&>/dev/null', '<<<x', '3>&1'];

/** Inserts a redirect between two words, or a line continuation; never inside the program name. */
function rearrange(random: Random, words: string[]): string[] {
  const at = 1 + Math.floor(random() * words.length);
  const insert = random() < 0.7 ? pick(random, redirects) : '\\\n';
  return [...words.slice(0, at), insert, ...words.slice(at)];
}

/** One mutated destructive command. */
export function mutateDestructive(random: Random): string {
  const seed = pick(random, destructiveSeeds);
  let words = [spellName(random, seed[0] as string), ...seed.slice(1)];
  const rounds = Math.floor(random() * 3);
  for (let k = 0; k < rounds; k++) words = rearrange(random, words);
  let command = words.join(' ');
  const wrapCount = Math.floor(random() * 3);
  for (let k = 0; k < wrapCount; k++) {
    const wrapper = pick(random, wrappers);
    command = wrapper === 'xargs' ? `xargs -0 ${command}` : `${wrapper} ${command}`;
  }
  if (command.startsWith('xargs')) command = `echo x | ${command}`;
  else if (random() < 0.3) command = `${pick(random, shellPrefixes)} ${command}`;
  const embeds = Math.floor(random() * 3);
  for (let k = 0; k < embeds; k++) command = embed(random, command, k === embeds - 1);
  return command;
}
