/** A literal to look for, as bytes (each character of `bytes` one byte). */
export interface SearchKey {
  bytes: string;
  /** ASCII letters match either case. */
  folds: boolean;
  /** Where the literal must be: anywhere in the line, at its start, or after its leading spaces (`^\s*`). */
  at: 'anywhere' | 'start' | 'spaced';
}

/** One spelling of a short key, as the bytes to find. */
export interface Needle {
  needle: Buffer;
  key: SearchKey;
}
