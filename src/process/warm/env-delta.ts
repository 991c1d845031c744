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
    const set: Record<string, string> = {};
    const unset: string[] = [];
    let changes = 0;
    let present = 0;
    const base = this.base ?? {};
    for (const [name, value] of Object.entries(env)) {
      if (value === undefined) continue;
      if (Object.hasOwn(base, name)) present += 1;
      if (base[name] !== value) {
        set[name] = value;
        changes += 1;
      }
    }
    for (const name of Object.keys(base)) {
      if (present === this.size) break;
      if (env[name] === undefined) unset.push(name);
    }
    changes += unset.length;
    if (this.base !== undefined && changes * 2 <= this.size) return { set, unset };
    const fresh: Record<string, string> = {};
    for (const [name, value] of Object.entries(env)) if (value !== undefined) fresh[name] = value;
    this.base = fresh;
    this.size = Object.keys(fresh).length;
    return { base: fresh, set: {}, unset: [] };
  }
}
