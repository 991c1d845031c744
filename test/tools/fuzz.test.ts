import { describe, expect, it } from 'vitest';
import { createTools, type JsonSchema, type ToolDefinition, type ToolShell } from '../../src/tools/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from './helpers/run-shell.js';
import { random } from '../helpers/random.js';

const tempDir = useTempDirs();
const runShell = useShells();
const CASES_PER_TOOL = 10_000;

type Kind = 'string' | 'integer' | 'float' | 'boolean' | 'array' | 'object' | 'null';
const kinds: Kind[] = ['string', 'integer', 'float', 'boolean', 'array', 'object', 'null'];
const nastyKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  'x'.repeat(5000),
  '💥',
  'command ',
  'CMD',
  'timeoutMs',
];

function allowedKinds(schema: JsonSchema): Set<Kind> {
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((branch) => [...allowedKinds(branch)]));
  const types = schema.type === undefined ? kinds : typeof schema.type === 'string' ? [schema.type] : schema.type;
  const out = new Set<Kind>();
  for (const type of types) {
    if (type === 'number') out.add('integer').add('float');
    else out.add(type as Kind);
  }
  return out;
}

/** Sets an own property even for `__proto__`, as JSON.parse would. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function junk(next: () => number, kind: Kind, depth = 0): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  switch (kind) {
    case 'string':
      return pick(['', 'rm -rf /', 'x'.repeat(Math.floor(next() * 2000)), '\u0000', '${IFS}', '\ud800']);
    case 'integer':
      return pick([0, -1, 1, 2 ** 53, -(2 ** 31), 7]);
    case 'float':
      return pick([0.5, Number.NaN, Number.POSITIVE_INFINITY, -1e308, 1e-9]);
    case 'boolean':
      return next() < 0.5;
    case 'null':
      return null;
    case 'array':
      return depth > 3 ? [] : Array.from({ length: Math.floor(next() * 4) }, () => junk(next, pick(kinds), depth + 1));
    case 'object': {
      if (depth > 3) return {};
      const out: Record<string, unknown> = JSON.parse('{"__proto__":{"polluted":true}}');
      for (let i = Math.floor(next() * 3); i > 0; i--) put(out, pick(nastyKeys), junk(next, pick(kinds), depth + 1));
      return out;
    }
  }
}

/** An argument object that breaks the schema in one of several ways (never a valid one). */
function malformed(next: () => number, schema: JsonSchema): unknown {
  const properties = Object.entries(schema.properties ?? {});
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const way = Math.floor(next() * 5);
  if (way === 0)
    return pick<unknown>([
      'sh_run ls',
      42,
      true,
      [],
      [{ command: 'ls' }],
      new Date(),
      new Map(),
      Object.create({ command: 'ls' }),
    ]);
  const args: Record<string, unknown> = JSON.parse('{}');
  if (way === 1 || properties.length === 0) {
    put(args, pick(nastyKeys), junk(next, pick(kinds)));
    if (next() < 0.01) put(args, 'huge', 'x'.repeat(2_000_000));
    return args;
  }
  const [name, property] = pick(properties);
  const wrong = kinds.filter((kind) => !allowedKinds(property).has(kind));
  if (way === 2 && wrong.length > 0) {
    args[name] = junk(next, pick(wrong));
    return args;
  }
  if (way === 3 && property.maxLength !== undefined) {
    args[name] = 'y'.repeat(property.maxLength + 1 + Math.floor(next() * 10));
    return args;
  }
  if (way === 3 && property.type === 'object') {
    args[name] = { [`not_${pick(nastyKeys)}`]: junk(next, pick(kinds)) };
    return args;
  }
  if (way === 3 && property.enum) {
    args[name] = `${String(property.enum[0])}-not`;
    return args;
  }
  if (way === 3 && property.minimum !== undefined) {
    args[name] = property.minimum - 1 - Math.floor(next() * 100);
    return args;
  }
  args[`${name}_${Math.floor(next() * 100)}`] = junk(next, pick(kinds));
  return args;
}

describe('the tool handlers under malformed arguments', () => {
  it(`answer ${CASES_PER_TOOL} malformed argument objects per tool with an isError result, calling nothing`, async () => {
    const calls: string[] = [];
    const real = runShell(tempDir(), tempDir());
    const watched: ToolShell = new Proxy(real, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const tools: ToolDefinition[] = createTools(watched, { findRipgrep: () => undefined });
    for (const [index, tool] of tools.entries()) {
      const next = random(1000 + index);
      for (let i = 0; i < CASES_PER_TOOL; i++) {
        const args = malformed(next, tool.inputSchema);
        const result = await tool.handler(args);
        if (!result.isError) throw new Error(`${tool.name} accepted ${JSON.stringify(args)?.slice(0, 300)}`);
        if (result.content[0].text.length > 4000)
          throw new Error(`${tool.name} answered at length: ${result.content[0].text.slice(0, 300)}`);
      }
    }
    expect(calls).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const alive = await tools[0]!.handler({ command: 'echo alive' });
    expect(alive.structuredContent).toMatchObject({ exit: 0, stdout: 'alive\n' });
  }, 120_000);
});

/** Values that broke typed validation before (issue 20 item 13): deep nesting, 64 KiB+ globs, huge strings. */
function deepArray(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}
function deepObject(depth: number): unknown {
  let value: unknown = {};
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}
const adversarial: [string, () => unknown][] = [
  ['an array nested 5 000 deep', () => deepArray(5000)],
  ['an object nested 5 000 deep', () => deepObject(5000)],
  ['a list holding an array nested 5 000 deep', () => [deepArray(5000)]],
  ['a 70 000-character glob', () => `**/${'{a,b}'.repeat(14_000)}`],
  ['a list of 70 000-character globs', () => ['*'.repeat(70_000), `!${'?'.repeat(70_000)}`]],
  ['a 2 MB string', () => 'x'.repeat(2_000_000)],
  ['a string with NUL and a lone surrogate', () => 'a\u0000b\ud800'],
  [
    'a prototype-polluting object',
    () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  ],
  ['an object keyed like an env override', () => JSON.parse('{"PATH=/x:":"y","A\\u0000B":"c","":"e"}')],
  ['1e15', () => 1e15],
  ['-0', () => -0],
];

/** Valid values for the required fields, so the adversarial one is the only thing wrong. */
const validRequired: Record<string, unknown> = { command: 'true', id: 'r-none', label: 'fuzz', job_id: 'j-none', pattern: 'x' };

describe('the tool handlers under adversarial values', () => {
  it('answer every one with a typed error (TypeError or TershError) or a real result, never an untyped Error', async () => {
    const real = runShell(tempDir(), tempDir());
    const tools: ToolDefinition[] = createTools(real, { findRipgrep: () => undefined });
    const untyped: string[] = [];
    let calls = 0;
    for (const tool of tools) {
      const base = Object.fromEntries((tool.inputSchema.required ?? []).map((key) => [key, validRequired[key]]));
      for (const property of Object.keys(tool.inputSchema.properties ?? {})) {
        for (const [label, make] of adversarial) {
          const value = make();
          // A string command is valid and would run (bash expanding `{a,b}` 14 000 times over): not this test's subject.
          if ((property === 'command' || property === 'cmd') && typeof value === 'string') continue;
          const args = { ...base, [property]: value };
          if (property === 'cmd') delete args.command;
          const result = await tool.handler(args);
          calls++;
          const error = (result.structuredContent as { error?: { type: string; message: string } }).error;
          if (result.isError && error?.type !== 'TypeError' && error?.type !== 'TershError') {
            untyped.push(`${tool.name} ${property} = ${label}: ${error?.type} ${error?.message.slice(0, 120)}`);
          }
        }
      }
    }
    expect(untyped).toEqual([]);
    expect(calls).toBeGreaterThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);
});
