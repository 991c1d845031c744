import type { PlanCategory } from './types.js';

/** Rules the parser applies itself (syntax, not programs): their category and sentence. */
export const structuralRules: Readonly<Record<string, { category: PlanCategory; destructive?: boolean; warning?: string }>> = {
  'shell.substitution': { category: 'complex', warning: 'runs command substitutions whose output is only known at run time' },
  'shell.glob': { category: 'complex', warning: 'expands unquoted globs at run time' },
  'shell.redirect-write': { category: 'complex', warning: 'may overwrite files through a redirect' },
  'shell.truncate': { category: 'destructive', destructive: true, warning: 'truncates a file through a redirect' },
  'shell.clobber': { category: 'destructive', destructive: true, warning: 'overwrites a file even under noclobber (`>|`)' },
  'shell.overwrite-protected': {
    category: 'destructive',
    destructive: true,
    warning: 'may overwrite a system file, device or dotfile',
  },
  'shell.redirect-append': { category: 'complex', warning: 'appends to files through a redirect' },
  'shell.parse-error': { category: 'complex', warning: 'could not be fully parsed' },
  'shell.parse-timeout': { category: 'complex', warning: 'took too long to parse' },
  'shell.too-long': { category: 'complex', warning: 'is too long to check' },
  'shell.nul-byte': { category: 'complex', warning: 'contains a NUL byte' },
  'shell.too-deep': { category: 'complex', warning: 'is nested too deeply to check' },
  'shell.help': { category: 'read-only' },
  'exec.shell-string': { category: 'read-only' },
  'exec.shell-stdin': { category: 'complex', warning: 'runs text piped into an interpreter' },
  'exec.pipe-to-shell': { category: 'complex', destructive: true, warning: 'runs piped or downloaded text as code' },
  'exec.dynamic-command': { category: 'complex', destructive: true, warning: 'runs a command only known at run time' },
  'exec.dynamic-code': { category: 'complex', destructive: true, warning: 'runs shell code only known at run time' },
  'exec.inline-destructive-words': {
    category: 'complex',
    destructive: true,
    warning: 'runs inline code whose words look destructive',
  },
  'exec.depth-limit': { category: 'complex', destructive: true, warning: 'nests shell code too deeply to check' },
  'db.piped-sql': { category: 'complex', destructive: true, warning: 'runs piped SQL' },
  'system.fork-bomb': { category: 'destructive', destructive: true, warning: 'may exhaust the machine (fork bomb)' },
};

const order: readonly PlanCategory[] = ['read-only', 'mutating', 'network', 'unknown', 'complex', 'destructive'];

export function severity(category: PlanCategory): number {
  return order.indexOf(category);
}

export function worst(a: PlanCategory, b: PlanCategory): PlanCategory {
  return severity(a) >= severity(b) ? a : b;
}
