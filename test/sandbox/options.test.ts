import { describe, expect, it } from 'vitest';
import { defaultProtectedPaths, normalizeSandboxOptions } from '../../src/sandbox/index.js';

describe('normalizeSandboxOptions', () => {
  it.each([
    [undefined, undefined],
    [false, undefined],
    [true, { network: true, writable: [], protect: [], allowUnixSockets: false }],
    [{}, { network: true, writable: [], protect: [], allowUnixSockets: false }],
    [{ network: false }, { network: false, writable: [], protect: [], allowUnixSockets: false }],
    [
      { writable: ['~/cache', '/var/tmp'] },
      { network: true, writable: ['~/cache', '/var/tmp'], protect: [], allowUnixSockets: false },
    ],
    [{ protect: true }, { network: true, writable: [], protect: [...defaultProtectedPaths], allowUnixSockets: false }],
    [{ allowUnixSockets: true }, { network: true, writable: [], protect: [], allowUnixSockets: true }],
    [{ protect: ['~/.ssh'] }, { network: true, writable: [], protect: ['~/.ssh'], allowUnixSockets: false }],
  ])('normalises %j', (input, expected) => {
    expect(normalizeSandboxOptions(input)).toEqual(expected);
  });

  it.each([
    ['yes', 'Expected `sandbox` to be a boolean or a plain object, got `yes` (string)'],
    [[], 'Expected `sandbox` to be a boolean or a plain object, got `[]` (array)'],
    [{ network: 'off' }, 'Expected `sandbox.network` to be a boolean, got `off` (string)'],
    [{ writable: '/tmp' }, 'Expected `sandbox.writable` to be an array of strings, got `/tmp` (string)'],
    [{ writable: [''] }, 'Expected `sandbox.writable[0]` to be a non-empty path, got `` (string)'],
    [{ protect: 'all' }, 'Expected `sandbox.protect` to be a boolean or an array of strings, got `all` (string)'],
    [{ protect: [1] }, 'Expected `sandbox.protect[0]` to be a string, got `1` (number)'],
    [{ allowUnixSockets: 1 }, 'Expected `sandbox.allowUnixSockets` to be a boolean, got `1` (number)'],
    [{ net: false }, 'Unknown option `sandbox.net`; expected one of: network, writable, protect, allowUnixSockets'],
  ])('rejects %j with a TypeError naming the field', (input, message) => {
    expect(() => normalizeSandboxOptions(input)).toThrow(new TypeError(message));
  });

  it('names the field it was given', () => {
    expect(() => normalizeSandboxOptions(3, 'defaults.sandbox')).toThrow('Expected `defaults.sandbox` to be');
  });

  it('includes ssh, cloud credentials and .env files in the default protected paths', () => {
    expect(defaultProtectedPaths).toEqual(
      expect.arrayContaining(['~/.ssh', '~/.aws', '~/.gnupg', '~/.config/gcloud', '.env', '.env.*']),
    );
  });
});
