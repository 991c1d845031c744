import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as tersh from '../src/index.js';

const srcDir = resolve(import.meta.dirname, '../src');

// The folders of src/ (and its top-level files), lowest first. A module imports only from layers below its own,
// types included; folders on one layer do not import each other. A new folder goes in here, at its place.
const LAYERS: readonly (readonly string[])[] = [
  ['errors.ts', 'validate.ts'],
  ['linear-regexp.ts', 'split-lines.ts'],
  ['store'],
  ['process'],
  ['exit', 'condense', 'trace', 'sandbox', 'executor'],
  ['plan', 'expect', 'result'],
  ['jobs'],
  ['run'],
  ['web', 'pty', 'checkpoint'],
  ['shell'],
  ['tools'],
  ['cli'],
  ['index.ts'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'/gm)) {
    found.push(resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts')));
  }
  return found;
}

/** Every relative import and re-export of a file, types and dynamic imports included. */
function allImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/gms)) {
    found.push(resolve(dirname(file), (match[1] ?? match[2])!.replace(/\.js$/, '.ts')));
  }
  return found;
}

/** The entry of src/ a file belongs to: its top folder, or the file itself at the top. */
const topEntry = (file: string): string => relative(srcDir, file).split(sep)[0]!;

describe('structure', () => {
  it('places every folder of src/ on a layer', () => {
    const placed = new Set(LAYERS.flat());
    expect(readdirSync(srcDir).filter((name) => !placed.has(name))).toEqual([]);
  });

  it('has folders that import only from layers below their own (no folder cycle)', () => {
    const layerOf = new Map(LAYERS.flatMap((names, layer) => names.map((name) => [name, layer] as const)));
    const upward: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      const from = topEntry(file);
      for (const target of allImports(file)) {
        const to = topEntry(target);
        if (to !== from && !(layerOf.get(to)! < layerOf.get(from)!))
          upward.push(`${relative(srcDir, file)} → ${relative(srcDir, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('has no runtime import cycles between source files', () => {
    const graph = new Map(sourceFiles(srcDir).map((file) => [file, runtimeImports(file)]));
    const state = new Map<string, 'visiting' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(srcDir, f)).join(' → '));
        return;
      }
      state.set(file, 'visiting');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('lists every public name explicitly in the root barrel (no export *)', () => {
    const barrel = readFileSync(join(srcDir, 'index.ts'), 'utf8');
    expect(barrel).not.toMatch(/^export \*/m);
  });

  it('exposes the entry points the docs promise', () => {
    for (const name of [
      'run',
      'createRecordStore',
      'createShell',
      'createJobManager',
      'plan',
      'createPlanner',
      'createPolicy',
      'classifyExit',
      'checkExpectations',
      'retry',
      'condense',
      'createCheckpointStore',
      'sandboxSupport',
      'createTools',
      'TershError',
      'isTershError',
    ]) {
      expect(typeof (tersh as Record<string, unknown>)[name], name).toBe('function');
    }
  });

  it('touches node:child_process from one file only (small internal commands go through tinyexec)', () => {
    const touching = sourceFiles(srcDir)
      .filter((file) => /from 'node:child_process'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(srcDir, file));
    expect(touching).toEqual(['process/spawn.ts']);
  });

  it('keeps source files small (none over 300 lines)', () => {
    const long = sourceFiles(srcDir)
      .map((file) => ({ file: relative(srcDir, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter((entry) => entry.lines > 300);
    expect(long).toEqual([]);
  });
});
