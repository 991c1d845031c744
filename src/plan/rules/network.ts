import type { PlanRule } from '../types.js';

const install = 'install|i|add|ci|update|upgrade|up|remove|rm|uninstall|un|dist-upgrade|full-upgrade|autoremove|purge|reinstall|sync|download|fetch|publish|login|audit|outdated|view|info|search|exec|dlx|create|init';

const httpie = ['http', 'https', 'xh', 'xhs', 'httpie'];
const uninstall = 'remove|rm|uninstall|un|autoremove|purge|erase|unpublish|yank|prune';

/** Reaching other machines: downloads, remote shells and copies, package managers. */
export const networkRules: readonly PlanRule[] = [
  { id: 'net.http-delete', program: ['curl'], textPattern: String.raw`(^|\s)(-X\s*|--request[=\s]\s*)['"]?DELETE\b`, category: 'destructive', network: true, warning: 'may delete data on a server' },
  { id: 'net.http-delete', program: ['wget'], textPattern: String.raw`(^|\s)--method[=\s]\s*['"]?DELETE\b`, category: 'destructive', network: true, warning: 'may delete data on a server' },
  { id: 'net.http-delete', program: httpie, argPattern: '^(DELETE|delete)$', category: 'destructive', network: true, warning: 'may delete data on a server' },
  { id: 'net.http-write', program: ['curl'], textPattern: String.raw`(^|\s)(-X\s*|--request[=\s]\s*)['"]?(PUT|PATCH)\b`, category: 'mutating', network: true, warning: 'may change data on a server' },
  { id: 'net.http-write', program: ['wget'], textPattern: String.raw`(^|\s)--method[=\s]\s*['"]?(PUT|PATCH)\b`, category: 'mutating', network: true, warning: 'may change data on a server' },
  { id: 'net.http-write', program: httpie, argPattern: '^(PUT|PATCH|put|patch)$', category: 'mutating', network: true, warning: 'may change data on a server' },
  { id: 'net.curl-upload', program: ['curl'], flags: [['-T', '--upload-file', '-d', '--data', '--data-binary', '--data-raw', '-F', '--form', '-X', '--request']], category: 'network', warning: 'may send data to a server' },
  { id: 'net.download', program: ['curl', 'wget', 'aria2c', 'http', 'https', 'xh', 'httpie', 'fetch'], category: 'network' },
  { id: 'net.remote-shell', program: ['ssh', 'mosh', 'telnet', 'nc', 'ncat', 'netcat', 'socat', 'ftp', 'sftp', 'lftp'], category: 'network' },
  { id: 'net.remote-copy', program: ['scp'], category: 'network', effects: { kind: 'modify', operands: 'last' } },
  { id: 'pkg.uninstall', program: ['npm', 'pnpm', 'yarn', 'bun', 'pip', 'pip3', 'pipx', 'uv', 'poetry', 'conda', 'mamba', 'gem', 'cargo', 'composer', 'apt', 'apt-get', 'dnf', 'yum', 'zypper', 'apk', 'brew', 'port', 'snap', 'flatpak', 'choco', 'winget', 'scoop', 'dotnet', 'helm', 'asdf', 'rustup', 'nvm', 'pyenv', 'sdk'], subcommand: [uninstall], unlessFlags: ['--dry-run', '-n', '--simulate', '-s'], category: 'destructive', warning: 'may uninstall or unpublish packages' },
  { id: 'pkg.env-remove', program: ['conda', 'mamba', 'micromamba', 'pyenv', 'poetry'], subcommand: ['env|environment|virtualenv', uninstall], category: 'destructive', warning: 'may delete an environment' },
  { id: 'pkg.pacman-remove', program: ['pacman', 'yay', 'paru'], argPattern: '^-R[a-zA-Z]*$', category: 'destructive', warning: 'may uninstall packages' },
  { id: 'pkg.dpkg-remove', program: ['dpkg', 'rpm'], argPattern: '^(-r|-P|--remove|--purge|-e|--erase)$', category: 'destructive', warning: 'may uninstall packages' },
  { id: 'pkg.npm', program: ['npm', 'pnpm', 'yarn', 'bun'], subcommand: [install], category: 'network', warning: 'installs packages from the network' },
  { id: 'pkg.npm-read', program: ['npm', 'pnpm', 'yarn'], subcommand: ['ls|list|why|explain|config|help|version|--version|-v|root|bin|prefix|doctor|pack'], category: 'read-only' },
  { id: 'pkg.npx', program: ['npx', 'pnpx', 'bunx'], category: 'network', warning: 'may download and run a package' },
  { id: 'pkg.pip', program: ['pip', 'pip3', 'pipx', 'uv', 'poetry', 'conda', 'mamba', 'gem', 'bundle', 'composer', 'go', 'cargo', 'dotnet', 'mvn', 'gradle'], subcommand: ['install|add|update|upgrade|uninstall|remove|sync|get|download|fetch|publish|lock|restore|pip'], category: 'network', warning: 'installs packages from the network' },
  { id: 'pkg.pip-read', program: ['pip', 'pip3', 'uv', 'poetry', 'conda', 'gem', 'go', 'cargo'], subcommand: ['list|show|freeze|check|version|env|help|--version|search|tree|doc|vet|fmt'], category: 'read-only' },
  { id: 'pkg.pacman', program: ['pacman', 'yay', 'paru'], flags: [['-S', '-R', '-U', '--sync', '--remove', '--upgrade']], unlessFlags: ['-s', '-i', '-l', '-Q'], category: 'network', warning: 'installs system packages' },
  { id: 'pkg.query', program: ['pacman', 'dpkg', 'rpm'], flags: [['-Q', '-l', '-L', '-s', '-S', '-q', '--list', '--status', '--query']], category: 'read-only' },
  { id: 'pkg.system', program: ['apt', 'apt-get', 'dnf', 'yum', 'zypper', 'apk', 'pacman', 'brew', 'port', 'snap', 'flatpak', 'choco', 'winget', 'scoop'], subcommand: [`${install}|-S|-Sy|-Syu|-R|-Rs|-U|-Syyu|tap|cask`], category: 'network', warning: 'installs system packages' },
  { id: 'pkg.system-read', program: ['apt', 'apt-cache', 'dnf', 'yum', 'apk', 'brew', 'dpkg', 'rpm', 'snap'], subcommand: ['list|show|search|policy|info|depends|rdepends|-l|-L|-q|-qa|--version|help|doctor|deps|leaves|config'], category: 'read-only' },
  { id: 'net.query', program: ['ping', 'dig', 'nslookup', 'host', 'traceroute', 'tracepath', 'mtr', 'whois'], category: 'network' },
];
