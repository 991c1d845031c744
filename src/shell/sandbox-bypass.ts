import { TershError } from '../errors.js';
import { optionalBoolean } from '../validate.js';

/**
 * The sandbox one call runs under: the shell's, unless the call lifts it with `dangerouslyDisableSandbox`,
 * which only a shell created with `allowDangerouslyDisableSandbox: true` honours (a model cannot grant itself that).
 */
export function sandboxForCall(
  shellSandbox: unknown,
  allowBypass: boolean,
  perCall: Record<string, unknown>,
): { sandbox: unknown; bypassed: boolean } {
  const lift = optionalBoolean('dangerouslyDisableSandbox', perCall.dangerouslyDisableSandbox) ?? false;
  if (!lift) {
    if (shellSandbox !== undefined && perCall.sandbox !== undefined) {
      throw new TypeError('Expected no `sandbox` option: this shell sandboxes every run, and a call cannot change that');
    }
    return { sandbox: shellSandbox, bypassed: false };
  }
  if (!allowBypass) {
    throw new TershError(
      'SANDBOX_BYPASS_DENIED',
      'dangerouslyDisableSandbox was refused: this shell was not created with allowDangerouslyDisableSandbox: true, so its sandbox cannot be lifted by a call',
    );
  }
  if (perCall.sandbox !== undefined && perCall.sandbox !== false) {
    throw new TypeError('Expected no `sandbox` option together with `dangerouslyDisableSandbox: true`');
  }
  return { sandbox: undefined, bypassed: shellSandbox !== undefined };
}
