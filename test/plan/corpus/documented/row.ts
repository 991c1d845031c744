/** A program and the documented forms of its invocation, expanded once per operand. */
export interface ProgramForms {
  program: string;
  operands: readonly string[];
  /** `letter|command`: d destructive, m mutating, n network, r read-only; `@@` is replaced by the operand. */
  forms: readonly string[];
}

/** One labelled command of the documented corpus. */
export interface DocumentedRow {
  program: string;
  command: string;
  destructive: boolean;
  category: 'read-only' | 'mutating' | 'network' | 'destructive';
}
