import { shellPrograms } from '../exit/wrapper-catalogue.js';

export { wrapperCatalogue, type CatalogueWrapper } from '../exit/wrapper-catalogue.js';

/** Interpreters that run text given with `-c` (shells) or read from stdin. */
export const shells: ReadonlySet<string> = shellPrograms;
export const codeInterpreters: ReadonlySet<string> = new Set([
  'python',
  'python2',
  'python3',
  'node',
  'nodejs',
  'perl',
  'ruby',
  'php',
  'lua',
  'deno',
  'bun',
  'osascript',
  'pwsh',
  'powershell',
]);
export const databaseClients: ReadonlySet<string> = new Set([
  'psql',
  'mysql',
  'mariadb',
  'sqlite3',
  'sqlcmd',
  'clickhouse-client',
  'cockroach',
  'mongo',
  'mongosh',
  'redis-cli',
]);

/** Global options of git that come before the subcommand, and whether each takes a value. */
export const gitGlobalValueOptions: ReadonlySet<string> = new Set([
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--config-env',
  '--super-prefix',
]);
export const gitGlobalFlags: ReadonlySet<string> = new Set([
  '-p',
  '-P',
  '--paginate',
  '--no-pager',
  '--bare',
  '--no-replace-objects',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-optional-locks',
  '--no-lazy-fetch',
  '--exec-path',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--config-env',
  '--super-prefix',
]);

/** Program-wide options taking a value, so their values are not mistaken for subcommands. */
export const programValueOptions: Readonly<Record<string, readonly string[]>> = {
  kubectl: [
    '-n',
    '--namespace',
    '--context',
    '--cluster',
    '--kubeconfig',
    '--user',
    '-s',
    '--server',
    '-l',
    '--selector',
    '-o',
    '--output',
    '-f',
    '--filename',
    '--token',
  ],
  oc: ['-n', '--namespace', '--context', '--kubeconfig'],
  helm: ['-n', '--namespace', '--kube-context', '--kubeconfig'],
  docker: ['-H', '--host', '-c', '--context', '--config', '-l', '--log-level', '-f', '--file', '-p', '--project-name'],
  podman: ['-H', '--host', '-c', '--connection'],
  terraform: [],
  psql: ['-h', '-p', '-U', '-d', '-f', '-v', '--host', '--port', '--username', '--dbname'],
  mysql: ['-h', '-P', '-u', '-p', '-D', '--host', '--port', '--user', '--database'],
  mysqladmin: ['-h', '-P', '-u', '-p', '--host', '--port', '--user'],
  ssh: ['-p', '-i', '-l', '-o', '-F', '-J', '-L', '-R', '-D', '-b', '-c', '-E', '-e', '-m', '-O', '-Q', '-S', '-W', '-w', '-B'],
  npm: ['--prefix', '-w', '--workspace'],
  systemctl: ['-H', '--host', '-M', '--machine', '-t', '--type', '--state', '-p', '--property'],
};

/** Programs that honour `--dry-run`: for them it defuses mutating and destructive rules. */
export const dryRunPrograms: ReadonlySet<string> = new Set([
  'git',
  'kubectl',
  'oc',
  'helm',
  'rsync',
  'npm',
  'pnpm',
  'yarn',
  'pip',
  'pip3',
  'uv',
  'apt',
  'apt-get',
  'cargo',
  'rclone',
  'ansible-playbook',
  'terraform',
  'docker',
]);

/** Options whose value is a command line run by the program (`tar --to-command`, `ssh -o ProxyCommand=…`). */
export interface CommandOptionSpec {
  program: readonly string[];
  option: string;
  /** Only values starting with this pattern carry a command, which follows the match. */
  valuePrefix?: RegExp;
}

export const commandOptions: readonly CommandOptionSpec[] = [
  { program: ['tar', 'gtar', 'bsdtar'], option: '--to-command' },
  { program: ['tar', 'gtar', 'bsdtar'], option: '-I' },
  { program: ['tar', 'gtar', 'bsdtar'], option: '--use-compress-program' },
  { program: ['tar', 'gtar', 'bsdtar'], option: '--checkpoint-action', valuePrefix: /^exec=/ },
  { program: ['ssh', 'scp', 'sftp'], option: '-o', valuePrefix: /^(ProxyCommand|LocalCommand|KnownHostsCommand)\s*[= ]\s*/i },
  { program: ['rsync'], option: '-e' },
  { program: ['rsync'], option: '--rsh' },
  { program: ['rg'], option: '--pre' },
  {
    program: ['git'],
    option: '-c',
    valuePrefix:
      /^(core\.(pager|editor|sshCommand|fsmonitor|askPass)|sequence\.editor|diff\.[^=]*\.(textconv|command)|filter\.[^=]*\.(clean|smudge|process)|credential\.helper|alias\.[^=]*)=!?/i,
  },
  { program: ['script'], option: '-c' },
  { program: ['alias'], option: '' },
  { program: ['trap'], option: '' },
];

/** CLIs whose own parsers read options anywhere, after the subcommand and operands too, whatever POSIXLY_CORRECT says. */
export const parsesOptionsAnywhere: ReadonlySet<string> = new Set([
  'git',
  'kubectl',
  'oc',
  'docker',
  'podman',
  'helm',
  'terraform',
  'tofu',
  'npm',
  'pnpm',
  'yarn',
  'cargo',
  'gh',
  'systemctl',
  'pulumi',
]);

/** True when `option` is sure to be read as an option: before any operand, or anywhere for the CLIs above. */
export function hasLeadingOption(program: string, args: readonly string[], option: string): boolean {
  const anywhere = parsesOptionsAnywhere.has(program);
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === option || arg.startsWith(`${option}=`)) return true;
    if (!anywhere && !arg.startsWith('-')) return false;
  }
  return false;
}
