import { describe, expect, it } from 'vitest';
import { parseFlags } from '../../src/cli/parse-flags.js';
import { createTools, type ToolDefinition } from '../../src/tools/index.js';
import { createShell } from '../../src/shell/index.js';

const shell = createShell();
const runProperties =
  (createTools(shell, { include: ['sh_run'], descriptions: 'full' })[0] as ToolDefinition).inputSchema.properties ?? {};
const checkpointProperties =
  (createTools(shell, { include: ['sh_checkpoint'], descriptions: 'full' })[0] as ToolDefinition).inputSchema.properties ?? {};
await shell.close();

describe('parseFlags', () => {
  it.each([
    [['--timeout-ms', '500', 'ls'], { timeout_ms: 500 }, ['ls']],
    [['--timeout-ms=500', '--full', 'ls', '--color'], { timeout_ms: 500, full: true }, ['ls', '--color']],
    [['--full=false', '--', '--not-a-flag'], { full: false }, ['--not-a-flag']],
    [['--expect-exit', '0', '--expect-exit', '1', 'x'], { expect: { exit: [0, 1] } }, ['x']],
    [['--expect-file-exists', 'a', '--expect-stderr-empty', 'x'], { expect: { file_exists: 'a', stderr_empty: true } }, ['x']],
    [['--env', 'A=1', '--env', 'B=x=y', 'x'], { env: { A: '1', B: 'x=y' } }, ['x']],
    [['--sandbox', 'x'], { sandbox: true }, ['x']],
    [
      ['--sandbox-network=false', '--sandbox-writable', '/tmp/a', 'x'],
      { sandbox: { network: false, writable: ['/tmp/a'] } },
      ['x'],
    ],
    [['--timeout-ms', 'soon', 'x'], { timeout_ms: 'soon' }, ['x']],
  ])('reads %j as the tool arguments %j', (argv, args, positional) => {
    const parsed = parseFlags(argv, runProperties, { restIsCommand: true });
    expect(parsed.args).toEqual(args);
    expect(parsed.positional).toEqual(positional);
  });

  it('takes --cwd, --pretty and --help as its own flags anywhere before the command', () => {
    const parsed = parseFlags(['--cwd', '/tmp', '--pretty', '-h', 'ls'], runProperties, { restIsCommand: true });
    expect(parsed.global).toEqual({ cwd: '/tmp', pretty: true, help: true });
    expect(parsed.args).toEqual({});
  });

  it('makes a list of a single value where the schema wants a list', () => {
    expect(parseFlags(['l', '--exclude', 'dist/**'], checkpointProperties).args).toEqual({ exclude: ['dist/**'] });
  });

  it('reads flags after positional words when the command takes named words', () => {
    const parsed = parseFlags(['before', '--exclude', 'dist/**', '--exclude', '*.log', '--cwd=/w'], checkpointProperties);
    expect(parsed).toEqual({
      global: { pretty: false, help: false, cwd: '/w' },
      positional: ['before'],
      args: { exclude: ['dist/**', '*.log'] },
    });
  });

  it.each([
    [['--colour', 'red'], 'Unknown flag `--colour`; see --help'],
    [['--timeout-ms'], 'Flag `--timeout-ms` needs a value'],
    [['--env', 'NOVALUE', 'x'], 'Expected `--env` to be NAME=value, got `NOVALUE`'],
    [['--__proto__', 'x'], 'Unknown flag `--__proto__`; see --help'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseFlags(argv, runProperties, { restIsCommand: true })).toThrow(message);
  });
});
