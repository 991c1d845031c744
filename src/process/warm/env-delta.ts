/** A run's environment as the helper rebuilds it: the base it holds, plus what is set, less what is unset. */
export interface EnvDelta {
  /** A new base to send first (the first run, or when the difference grew past half of it). */
  base?: Record<string, string>;
  set: Record<string, string>;
  unset: string[];
}

/**
 * Tracks the base environment sent to the helper, so that each run sends only its differences (usually
 * the run tag) instead of the whole environment.
 */
export class EnvBase {
  private base: Record<string, string> | undefined;
  private size = 0;

  delta(env: NodeJS.ProcessEnv): EnvDelta {
    const { base } = this;
    if (base === undefined) return this.rebase(env);
    const set: Record<string, string> = Object.create(null) as Record<string, string>;
    const unset: string[] = [];
    let changes = 0;
    let present = 0;
    // One read a variable and no [name, value] pairs (Object.entries made 40 arrays a run for this env).
    for (const name in env) {
      const value = env[name];
      if (value === undefined) continue;
      const held = base[name];
      if (held !== undefined) present += 1;
      if (held !== value) {
        set[name] = value;
        changes += 1;
      }
    }
    if (present !== this.size)
      for (const name in base) if (!Object.hasOwn(env, name) || env[name] === undefined) unset.push(name);
    changes += unset.length;
    return changes * 2 <= this.size ? { set, unset } : this.rebase(env);
  }

  private rebase(env: NodeJS.ProcessEnv): EnvDelta {
    // No prototype: a variable named `constructor` or `__proto__` is a variable like any other.
    const fresh: Record<string, string> = Object.create(null) as Record<string, string>;
    let size = 0;
    for (const name in env) {
      const value = env[name];
      if (value === undefined) continue;
      fresh[name] = value;
      size += 1;
    }
    this.base = fresh;
    this.size = size;
    return { base: fresh, set: {}, unset: [] };
  }
}
