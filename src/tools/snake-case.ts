const identifier = /^[a-z][a-zA-Z0-9]*$/;

/** `timedOut` → `timed_out`; keys that are not camelCase identifiers (paths, ids) are left alone. */
export function snakeKey(key: string): string {
  return identifier.test(key) ? key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) : key;
}

/** `timed_out` → `timedOut`. */
export function camelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** A camelCase key in snake_case (`timedOut` → `timed_out`). */
export type SnakeKey<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeKey<Tail>}`
  : S;

/**
 * The type of {@link toSnakeCase}'s result: `SnakeCased<RunResult>` has `timed_out`, `shell_kind`…
 */
export type SnakeCased<T> = T extends readonly (infer Item)[]
  ? SnakeCased<Item>[]
  : T extends object
    ? { [Key in keyof T as Key extends string ? SnakeKey<Key> : Key]: SnakeCased<T[Key]> }
    : T;

/**
 * A result (a RunResult, a Plan, a checkpoint listing…) with every camelCase key in snake_case,
 * at any depth, as the seeds' tools present it: `timedOut` → `timed_out`, `shellKind` → `shell_kind`.
 * Values are copied, never mutated; `undefined` fields are dropped.
 */
export function toSnakeCase<T>(result: T): SnakeCased<T> {
  return convert(result, 0) as SnakeCased<T>;
}

function convert(value: unknown, depth: number): unknown {
  if (depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => convert(item, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    Object.defineProperty(out, snakeKey(key), {
      value: convert(item, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
