import { describe, expect, it } from 'vitest';
import { createPlanner, plan, type Plan } from '../../src/index.js';
import { planPowerShellLine } from '../../src/plan/index.js';

type PlanCategory = Plan['category'];

const cases: [string, PlanCategory, string | undefined][] = [
  ['Remove-Item -Recurse -Force build', 'destructive', 'ps.remove-item-recurse-force'],
  ['rm -r -fo C:\\build', 'destructive', 'ps.remove-item-recurse-force'],
  ['remove-item build -recurse:$true -FORCE', 'destructive', 'ps.remove-item-recurse-force'],
  ['Remove-Item build -Recurse -Force:$false', 'destructive', 'ps.remove-item-recurse'],
  ['Remove-Item old.txt', 'destructive', 'ps.remove-item'],
  ['Clear-Content log.txt', 'destructive', 'ps.clear-content'],
  ['Stop-Process -Name node -Force', 'destructive', 'ps.stop-process'],
  ['Format-Volume -DriveLetter D', 'destructive', 'ps.format-volume'],
  ['Get-ChildItem -Recurse -Filter *.cs', 'read-only', 'ps.read-only'],
  ["Get-ChildItem -Recurse -Filter '*.cs' | Select-Object FullName", 'read-only', 'ps.read-only'],
  ['Test-Path .\\out\\done', 'read-only', 'ps.read-only'],
  ['Get-Content app.log | Select-String ERROR', 'read-only', 'ps.read-only'],
  ['Format-Table Name', 'read-only', 'ps.read-only'],
  ['Clear-Host', 'read-only', 'ps.clear-host'],
  ['Set-Location src', 'read-only', 'ps.navigate'],
  ['Set-Content out.txt hi', 'mutating', 'ps.write'],
  ['New-Item -ItemType Directory dist', 'mutating', 'ps.create'],
  ['Invoke-WebRequest https://example.com -OutFile x', 'network', 'ps.network'],
  ['Invoke-Expression $code', 'complex', 'ps.invoke-expression'],
  ['& $tool --flag', 'complex', undefined],
  ['Frobnicate-Widget', 'unknown', undefined],
];

describe('planPowerShellLine', () => {
  it.each(cases)('%s → %s', (command, category, rule) => {
    const planned = planPowerShellLine(command);
    expect(planned.category).toBe(category);
    if (rule) expect(planned.segments.flatMap((segment) => segment.rules)).toContain(rule);
    expect(planned.destructive).toBe(category === 'destructive');
  });

  it('lets the worst command of a pipeline or list decide, with its warning first', () => {
    const planned = planPowerShellLine('Get-ChildItem; Remove-Item -Recurse -Force dist; Write-Output done');
    expect(planned).toMatchObject({ category: 'destructive', destructive: true, reversible: false });
    expect(planned.warnings[0]).toBe('may force-remove files recursively');
    expect(planned.effects).toEqual([{ path: 'dist', kind: 'delete' }]);
    expect(planned.segments.map((segment) => segment.program)).toEqual(['Get-ChildItem', 'Remove-Item', 'Write-Output']);
  });

  it('plans what script blocks and subexpressions run', () => {
    expect(planPowerShellLine('Get-ChildItem *.tmp | ForEach-Object { Remove-Item $_ -Force }').category).toBe('destructive');
    expect(planPowerShellLine('Write-Output $(Stop-Process -Id 42)').category).toBe('destructive');
    expect(planPowerShellLine('Write-Output $(Get-Date)').category).toBe('complex');
  });

  it('does not take quoted text, comments or $null redirects for commands', () => {
    expect(planPowerShellLine("Write-Output 'Remove-Item -Recurse -Force /'").category).toBe('read-only');
    expect(planPowerShellLine('Write-Output "a; Remove-Item x" # ; Remove-Item y').category).toBe('read-only');
    expect(planPowerShellLine('Get-ChildItem 2>$null').category).toBe('read-only');
    expect(planPowerShellLine('Get-ChildItem > files.txt').category).toBe('complex');
    expect(planPowerShellLine("Remove-Item '-Recurse'").segments[0]!.rules).toEqual(['ps.remove-item']);
  });

  it('survives adversarial input without hanging', () => {
    const nasty = [
      '{'.repeat(5_000),
      '"'.repeat(10_001),
      "'".repeat(9_999),
      '$('.repeat(3_000),
      '`'.repeat(5_001),
      '<#'.repeat(2_000),
      '',
    ];
    const started = performance.now();
    for (const line of nasty) expect(() => planPowerShellLine(line)).not.toThrow();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(() => planPowerShellLine(42 as never)).toThrow(TypeError);
  });
});

describe("plan(command, { shell: 'powershell' })", () => {
  const line = 'Get-ChildItem *.tmp | ForEach-Object { Remove-Item $_ -Force }';

  it('plans a PowerShell line as planPowerShellLine does, from plan() and from a loaded planner', async () => {
    const expected = planPowerShellLine(line);
    expect(expected.category).toBe('destructive');
    expect(await plan(line, { shell: 'powershell' })).toEqual(expected);
    const planner = await createPlanner({ shell: 'powershell' });
    expect(planner.plan(line)).toEqual(expected);
    expect(planner.plan('Get-ChildItem').category).toBe('read-only');
  });

  it('keeps bash the default, and refuses a shell it cannot plan with a TypeError naming `shell`', async () => {
    expect((await plan('Get-ChildItem', { shell: 'bash' })).category).toBe('unknown');
    expect((await plan('Get-ChildItem', { shell: 'powershell' })).category).toBe('read-only');
    await expect(plan('ls', { shell: 'cmd' as never })).rejects.toThrow(
      "Expected `shell` to be one of 'bash', 'powershell', got `cmd` (string)",
    );
    await expect(createPlanner({ shell: 42 as never })).rejects.toThrow(TypeError);
  });
});
