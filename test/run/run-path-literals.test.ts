import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The files every run() goes through once or more per call. In Node 20's V8 an object literal that names a property
// after a spread takes a runtime slow path for each such property when the spread object is not empty (3–8 µs for
// four, against 0.04 µs written out whole): docs/run.md, "The fifth round".
const RUN_PATH = [
  'run/run.ts',
  'run/run-options.ts',
  'run/attempt.ts',
  'run/process-handle.ts',
  'run/build-result.ts',
  'run/stream-view.ts',
  'process/child-env.ts',
  'process/tied-start.ts',
  'process/warm/warm-launcher.ts',
  'process/warm/warm-spawner.ts',
  'process/warm/socket-folder.ts',
  'process/warm/env-delta.ts',
  'store/record-store.ts',
  'store/record-writer.ts',
];

// Slow only where it is rare: a run that retries (its loop copies each attempt's result), a record's facts after a
// timeout or a cancel (the spread is of `{}` otherwise, which stays fast), a direct start after the helper's second crash,
// a record the disk refused.
const ALLOWED = [
  'run/run.ts: ...finished.result',
  'run/build-result.ts: ...(outcome.timedOut ? { timedOut: true } : {})',
  'process/warm/warm-launcher.ts: ...launched',
  'store/record-writer.ts: ...this.meta',
];

function propertiesAfterSpreads(file: string): string[] {
  const path = resolve(import.meta.dirname, '../../src', file);
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const spread = node.properties.findIndex(ts.isSpreadAssignment);
      if (spread >= 0 && node.properties.slice(spread).some((property) => !ts.isSpreadAssignment(property)))
        found.push(`${file}: ${node.properties[spread]!.getText().split('\n')[0]}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((literal) => !ALLOWED.includes(literal));
}

describe('object literals on the run path', () => {
  it('name no property after a spread', () => {
    expect(RUN_PATH.flatMap(propertiesAfterSpreads)).toEqual([]);
  });
});
