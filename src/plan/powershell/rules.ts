import type { Plan } from '../types.js';

/** One PowerShell rule: plain data, matched on the cmdlet (or an alias) and its parameters. */
export interface PsRule {
  /** The rule's id, as plans report it (`ps.remove-item-recurse`). */
  id: string;
  /** Cmdlet names and their aliases, any case. A name ending in `-*` matches a verb family (`Get-*`). */
  cmdlets: readonly string[];
  /** Every group must be present; a group holds one parameter's name (any unambiguous prefix matches, as PowerShell allows). */
  parameters?: readonly string[];
  /** What a match makes of the command. */
  category: Plan['category'];
  /** Said in the plan's warnings when it matches. */
  warning?: string;
  /** Whether what it does can be undone. @defaultValue false for destructive, true for read-only */
  reversible?: boolean;
  /** Which arguments are the paths it touches: positional words and the values of `-Path` / `-LiteralPath`. */
  effect?: 'delete' | 'modify' | 'create';
}

const REMOVE_ITEM = ['Remove-Item', 'rm', 'del', 'erase', 'rd', 'ri', 'rmdir'];

/** Tried in order; the first that fires decides the command. */
export const POWERSHELL_RULES: readonly PsRule[] = [
  {
    id: 'ps.remove-item-recurse-force',
    cmdlets: REMOVE_ITEM,
    parameters: ['Recurse', 'Force'],
    category: 'destructive',
    warning: 'may force-remove files recursively',
    effect: 'delete',
  },
  {
    id: 'ps.remove-item-recurse',
    cmdlets: REMOVE_ITEM,
    parameters: ['Recurse'],
    category: 'destructive',
    warning: 'may remove directories recursively',
    effect: 'delete',
  },
  { id: 'ps.remove-item', cmdlets: REMOVE_ITEM, category: 'destructive', warning: 'may delete files', effect: 'delete' },
  { id: 'ps.clear-host', cmdlets: ['Clear-Host', 'cls', 'clear'], category: 'read-only' },
  {
    id: 'ps.clear-content',
    cmdlets: ['Clear-Content', 'clc'],
    category: 'destructive',
    warning: 'empties files',
    effect: 'modify',
  },
  { id: 'ps.stop-process', cmdlets: ['Stop-Process', 'spps', 'kill'], category: 'destructive', warning: 'stops processes' },
  {
    id: 'ps.stop-computer',
    cmdlets: ['Stop-Computer', 'Restart-Computer'],
    category: 'destructive',
    warning: 'shuts the machine down',
  },
  {
    id: 'ps.format-volume',
    cmdlets: ['Format-Volume', 'Clear-Disk', 'Initialize-Disk', 'Remove-Partition'],
    category: 'destructive',
    warning: 'may erase a disk or volume',
  },
  {
    id: 'ps.remove-other',
    cmdlets: ['Remove-*', 'Uninstall-*', 'Clear-*'],
    category: 'destructive',
    warning: 'removes something',
  },
  {
    id: 'ps.invoke-expression',
    cmdlets: ['Invoke-Expression', 'iex', 'Invoke-Command', 'icm', 'Start-Process', 'saps', 'start'],
    category: 'complex',
    warning: 'runs code only known at run time',
  },
  {
    id: 'ps.network',
    cmdlets: ['Invoke-WebRequest', 'iwr', 'Invoke-RestMethod', 'irm', 'curl', 'wget', 'Test-NetConnection', 'Start-BitsTransfer'],
    category: 'network',
  },
  {
    id: 'ps.write',
    cmdlets: [
      'Set-Content',
      'sc',
      'Out-File',
      'Add-Content',
      'ac',
      'Copy-Item',
      'cp',
      'copy',
      'cpi',
      'Move-Item',
      'mv',
      'move',
      'mi',
      'Rename-Item',
      'ren',
      'rni',
    ],
    category: 'mutating',
    reversible: false,
    warning: 'may overwrite files',
    effect: 'modify',
  },
  { id: 'ps.create', cmdlets: ['New-Item', 'ni', 'mkdir', 'md'], category: 'mutating', reversible: true, effect: 'create' },
  {
    id: 'ps.navigate',
    cmdlets: ['Set-Location', 'cd', 'chdir', 'sl', 'Push-Location', 'pushd', 'Pop-Location', 'popd'],
    category: 'read-only',
  },
  {
    id: 'ps.set',
    cmdlets: [
      'Set-*',
      'New-*',
      'Add-*',
      'Start-*',
      'Stop-*',
      'Restart-*',
      'Install-*',
      'Enable-*',
      'Disable-*',
      'Register-*',
      'Unregister-*',
      'Update-*',
      'Import-*',
      'Export-*',
      'Push-*',
      'Pop-*',
    ],
    category: 'mutating',
  },
  {
    id: 'ps.read-only',
    cmdlets: [
      'Get-*',
      'Select-*',
      'Test-*',
      'Measure-*',
      'Compare-*',
      'Find-*',
      'Resolve-*',
      'Split-Path',
      'Join-Path',
      'Where-Object',
      'where',
      '?',
      'Sort-Object',
      'sort',
      'Group-Object',
      'group',
      'Format-Table',
      'ft',
      'Format-List',
      'fl',
      'Format-Wide',
      'fw',
      'Format-Custom',
      'Format-Hex',
      'Out-String',
      'Out-Host',
      'Out-Null',
      'Write-Output',
      'echo',
      'write',
      'Write-Host',
      'Write-Verbose',
      'Write-Warning',
      'Write-Error',
      'ConvertTo-*',
      'ConvertFrom-*',
      'ForEach-Object',
      'foreach',
      '%',
      'ls',
      'dir',
      'gci',
      'cat',
      'type',
      'gc',
      'pwd',
      'gl',
      'ps',
      'gps',
      'gsv',
      'gcm',
      'gi',
      'Wait-Process',
    ],
    category: 'read-only',
  },
];
