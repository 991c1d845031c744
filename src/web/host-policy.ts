import { optionalStringArray, readOptionsObject } from '../validate.js';
import type { WebPolicyOptions } from './types.js';

export interface HostPolicy {
  /** Why the host is refused, or undefined when it may be fetched. */
  refuse(hostname: string): string | undefined;
}

/** Reads `policy.web`; the command entries of a shell policy (allow, deny, mode) may sit beside it and are ignored. */
export function normalizeHostPolicy(policy: unknown): HostPolicy {
  const outer = readOptionsObject('policy', policy, ['web', 'allow', 'deny', 'mode']);
  const web = readOptionsObject('policy.web', outer.web as WebPolicyOptions | undefined, ['allow', 'deny']);
  const allow = (optionalStringArray('policy.web.allow', web.allow) ?? []).map(hostGlob);
  const deny = (optionalStringArray('policy.web.deny', web.deny) ?? []).map(hostGlob);
  return {
    refuse(hostname) {
      const host = hostname.toLowerCase().replace(/\.$/, '');
      const denied = deny.find((entry) => entry.pattern.test(host));
      if (denied) return `${host} matches the web policy's deny entry \`${denied.glob}\``;
      if (allow.length > 0 && !allow.some((entry) => entry.pattern.test(host)))
        return `${host} is not on the web policy's allow list`;
      return undefined;
    },
  };
}

/** `*.github.com` → /^.*\.github\.com$/ (hostnames are lowered before the test). */
function hostGlob(glob: string): { glob: string; pattern: RegExp } {
  const escaped = glob
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*');
  return { glob, pattern: new RegExp(`^${escaped}$`) };
}
