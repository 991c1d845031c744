/**
 * A labelled command: [command, expected label, rule id expected among the segments' rules].
 * `complex!` means category `complex` with `destructive: true`; `destructive` means both category and flag.
 * Every other label expects `destructive: false`.
 */
export type Label = 'read-only' | 'mutating' | 'network' | 'unknown' | 'complex' | 'complex!' | 'destructive';
export type Row = readonly [command: string, label: Label, rule?: string];
