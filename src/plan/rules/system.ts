import type { PlanRule } from '../types.js';

/** The machine itself: processes, services, firewall, schedules, power. */
export const systemRules: readonly PlanRule[] = [
  { id: 'system.kill-all', program: ['kill'], argPattern: '^-1$', category: 'destructive', warning: 'may kill every process you own' },
  { id: 'system.kill', program: ['kill'], flags: [['-l', '-L', '--list']], category: 'read-only' },
  { id: 'system.kill-process', program: ['kill'], category: 'mutating', reversible: false, warning: 'may terminate processes' },
  { id: 'system.killall', program: ['killall', 'pkill', 'killall5', 'skill'], category: 'destructive', warning: 'may terminate processes by name' },
  { id: 'system.service-stop', program: ['systemctl'], subcommand: ['stop|disable|mask|kill|isolate|poweroff|reboot|halt|rescue|emergency'], category: 'destructive', warning: 'may stop or disable services' },
  { id: 'system.service-read', program: ['systemctl'], subcommand: ['status|show|list-units|list-unit-files|list-timers|list-sockets|is-active|is-enabled|is-failed|cat|help|list-dependencies'], category: 'read-only' },
  { id: 'system.service-write', program: ['systemctl', 'service'], category: 'mutating' },
  { id: 'system.firewall-flush', program: ['iptables', 'ip6tables', 'ebtables'], flags: [['-F', '--flush', '-X', '--delete-chain', '-Z', '-D', '--delete', '-P', '--policy']], category: 'destructive', warning: 'may remove firewall rules' },
  { id: 'system.firewall-read', program: ['iptables', 'ip6tables'], flags: [['-L', '--list', '-S', '--list-rules']], category: 'read-only' },
  { id: 'system.firewall', program: ['iptables', 'ip6tables', 'ufw', 'firewall-cmd'], category: 'mutating' },
  { id: 'system.nft-flush', program: ['nft'], subcommand: ['flush|delete'], category: 'destructive', warning: 'may remove firewall rules' },
  { id: 'system.crontab-remove', program: ['crontab'], flags: [['-r']], category: 'destructive', warning: 'may delete the crontab' },
  { id: 'system.crontab-read', program: ['crontab'], flags: [['-l']], category: 'read-only' },
  { id: 'system.crontab', program: ['crontab'], category: 'mutating', warning: 'may replace the crontab' },
  { id: 'system.power', program: ['reboot', 'shutdown', 'poweroff', 'halt'], category: 'destructive', warning: 'may shut down or reboot the machine' },
  { id: 'system.init-level', program: ['init', 'telinit'], argPattern: '^[06]$', category: 'destructive', warning: 'may shut down or reboot the machine' },
  { id: 'system.users', program: ['userdel', 'groupdel', 'deluser', 'delgroup'], category: 'destructive', warning: 'may delete user accounts' },
  { id: 'system.users-write', program: ['useradd', 'usermod', 'groupadd', 'passwd', 'chpasswd', 'adduser'], category: 'mutating' },
  { id: 'system.swap-mount', program: ['umount', 'swapoff', 'mount', 'losetup'], category: 'mutating' },
];
