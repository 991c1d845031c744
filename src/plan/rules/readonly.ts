import type { PlanRule } from '../types.js';

/** Programs that only read, with the options that make them write or run something placed before them. */
export const readOnlyRules: readonly PlanRule[] = [
  { id: 'read.rg-pre', program: ['rg'], flags: [['--pre']], category: 'mutating', warning: 'runs a preprocessor program on every file' },
  { id: 'read.fd-exec', program: ['fd', 'fdfind'], flags: [['-x', '--exec', '-X', '--exec-batch']], category: 'mutating', warning: 'runs a command on every match' },
  { id: 'read.awk-system', program: ['awk', 'gawk', 'mawk', 'nawk'], textPattern: String.raw`system\s*\(|\|\s*"|print[^;}]*>|getline`, category: 'mutating', warning: 'runs commands or writes files from awk' },
  { id: 'read.uniq-output', program: ['uniq'], textPattern: String.raw`(^|\s)[^-\s]\S*\s+[^-\s]\S*$`, category: 'mutating', warning: 'may overwrite files' },
  { id: 'read.env-print', program: ['env', 'printenv', 'sudo', 'xargs', 'nohup', 'command', 'builtin', 'time', 'nice', 'doas'], category: 'read-only' },
  { id: 'read.hostname-set', program: ['hostname', 'hostnamectl', 'date'], operands: 'some', textPattern: String.raw`^(set-hostname\s|-s\s|--set\s|[^-+]\S*$)`, category: 'mutating' },
  {
    id: 'read.files',
    program: ['ls', 'll', 'la', 'dir', 'cat', 'bat', 'batcat', 'head', 'tail', 'less', 'more', 'wc', 'grep', 'egrep', 'fgrep', 'zgrep', 'rg', 'ag', 'ack', 'find', 'fd', 'fdfind', 'locate', 'file', 'stat', 'du', 'df', 'tree', 'diff', 'cmp', 'comm', 'sort', 'uniq', 'cut', 'tr', 'awk', 'gawk', 'mawk', 'nawk', 'sed', 'jq', 'yq', 'xq', 'xxd', 'od', 'hexdump', 'strings', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'shasum', 'cksum', 'b2sum', 'base64', 'base32', 'readlink', 'realpath', 'basename', 'dirname', 'column', 'nl', 'tac', 'rev', 'fold', 'fmt', 'paste', 'join', 'expand', 'unexpand', 'split', 'csplit', 'zcat', 'bzcat', 'xzcat', 'zless', 'lsof', 'getfacl', 'lsattr', 'namei', 'iconv', 'numfmt', 'look', 'pr', 'shuf', 'tsort', 'ptx', 'test', '[', '[[', 'true', 'false', ':'],
    category: 'read-only',
  },
  {
    id: 'read.system',
    program: ['echo', 'printf', 'pwd', 'whoami', 'id', 'groups', 'date', 'cal', 'uname', 'hostname', 'hostnamectl', 'uptime', 'free', 'vmstat', 'iostat', 'ps', 'pgrep', 'pstree', 'top', 'htop', 'w', 'who', 'last', 'lscpu', 'lsblk', 'lsusb', 'lspci', 'lsmod', 'nproc', 'arch', 'env', 'printenv', 'which', 'whereis', 'type', 'hash', 'alias', 'history', 'jobs', 'help', 'man', 'info', 'apropos', 'whatis', 'tldr', 'sleep', 'seq', 'yes', 'expr', 'bc', 'dc', 'factor', 'tty', 'stty', 'locale', 'getconf', 'ulimit', 'umask', 'ss', 'netstat', 'ifconfig', 'route', 'dmesg', 'journalctl', 'cd', 'pushd', 'popd', 'dirs', 'wait', 'exit', 'return', 'shift', 'set', 'shopt', 'read', 'let', 'local', 'declare', 'typeset', 'export', 'readonly', 'unset', 'trap', 'getopts', 'clear', 'reset', 'tput', 'uuidgen', 'nvidia-smi', 'sw_vers', 'systeminfo', 'ver', 'git-lfs', 'diff3', 'cloc', 'tokei', 'wc', 'shellcheck', 'eslint', 'prettier'],
    unlessFlags: ['--write', '-w', '--fix'],
    category: 'read-only',
  },
  { id: 'read.tool-version', program: ['node', 'python', 'python3', 'npm', 'go', 'cargo', 'rustc', 'java', 'javac', 'gcc', 'clang', 'make', 'cmake', 'docker', 'kubectl', 'terraform', 'git', 'ruby', 'perl', 'php', 'deno', 'bun', 'pnpm', 'yarn', 'pip', 'pip3'], flags: [['--version', '-v', '-V']], operands: 'none', category: 'read-only' },
];
