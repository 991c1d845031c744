import type { JsonSchema } from '../tools/index.js';

/** Flags that are the CLI's own, not the tool's. */
export interface GlobalFlags {
  pretty: boolean;
  help: boolean;
  cwd?: string;
}

export interface ParsedArgs {
  global: GlobalFlags;
  positional: string[];
  /** Tool arguments in snake_case; values still strings where the schema is unsure, so the tool names any mistake. */
  args: Record<string, unknown>;
}

const kebabToSnake = (flag: string) => flag.replace(/-/g, '_');

/**
 * Turns `--timeout-ms 500 --expect-exit 0 --full -- npm test` into tool arguments, guided by the tool's schema:
 * a boolean property is a bare flag (`--full`, `--full=false`), a nested object takes `--<object>-<key>`,
 * `--env NAME=value` fills an object of strings, and a repeated flag becomes a list.
 */
export function parseFlags(
  argv: readonly string[],
  properties: Record<string, JsonSchema>,
  options: { restIsCommand?: boolean } = {},
): ParsedArgs {
  const global: GlobalFlags = { pretty: false, help: false };
  const positional: string[] = [];
  const args: Record<string, unknown> = {};
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index] as string;
    if (word === '--') {
      positional.push(...argv.slice(index + 1));
      break;
    }
    if (!word.startsWith('--')) {
      if (word === '-h') global.help = true;
      else if (options.restIsCommand) {
        positional.push(...argv.slice(index));
        break;
      } else positional.push(word);
      continue;
    }
    const [flag, inline] = splitFlag(word.slice(2));
    if (flag === 'pretty' || flag === 'help') {
      global[flag] = inline === undefined ? true : inline !== 'false';
      continue;
    }
    if (flag === 'cwd') {
      const cwd = inline ?? argv[++index];
      if (cwd === undefined) throw new TypeError('Flag `--cwd` needs a value');
      global.cwd = cwd;
      continue;
    }
    const target = locate(properties, kebabToSnake(flag));
    if (!target) throw new TypeError(`Unknown flag \`--${flag}\`; see --help`);
    let value: string | boolean | undefined = inline;
    if (value === undefined) {
      if (isBooleanish(target.schema)) value = true;
      else {
        value = argv[++index];
        if (value === undefined) throw new TypeError(`Flag \`--${flag}\` needs a value`);
      }
    }
    assign(target, typeof value === 'string' ? convert(target.schema, value) : value);
  }
  return { global, positional, args };

  function assign(target: Located, value: unknown): void {
    const holder = target.path.length === 1 ? args : ((args[target.path[0] as string] ??= {}) as Record<string, unknown>);
    const key = target.path.at(-1) as string;
    if (target.mapEntry) {
      const text = String(value);
      const eq = text.indexOf('=');
      if (eq <= 0) throw new TypeError(`Expected \`--${key}\` to be NAME=value, got \`${text}\``);
      const map = (holder[key] ??= {}) as Record<string, string>;
      Object.defineProperty(map, text.slice(0, eq), {
        value: text.slice(eq + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return;
    }
    const previous = holder[key];
    if (target.schema.type === 'array') holder[key] = [...((previous as unknown[] | undefined) ?? []), value];
    else holder[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
}

interface Located {
  path: string[];
  schema: JsonSchema;
  mapEntry: boolean;
}

function locate(properties: Record<string, JsonSchema>, name: string): Located | undefined {
  const direct = own(properties, name);
  if (direct) return { path: [name], schema: direct, mapEntry: isStringMap(direct) };
  for (const [parent, schema] of Object.entries(properties)) {
    if (!name.startsWith(`${parent}_`)) continue;
    const objectSchema = [schema, ...(schema.anyOf ?? [])].find((option) => option.type === 'object');
    const child = objectSchema?.properties ? own(objectSchema.properties, name.slice(parent.length + 1)) : undefined;
    if (child) return { path: [parent, name.slice(parent.length + 1)], schema: child, mapEntry: false };
  }
  return undefined;
}

function own(properties: Record<string, JsonSchema>, key: string): JsonSchema | undefined {
  return Object.hasOwn(properties, key) ? properties[key] : undefined;
}

function isStringMap(schema: JsonSchema): boolean {
  return schema.type === 'object' && typeof schema.additionalProperties === 'object';
}

function isBooleanish(schema: JsonSchema): boolean {
  return schema.type === 'boolean' || (schema.anyOf ?? []).some((option) => option.type === 'boolean');
}

function convert(schema: JsonSchema, text: string): unknown {
  const types = new Set(
    [
      schema.type,
      ...(schema.anyOf ?? []).map((option) => option.type),
      ...(schema.anyOf ?? []).map((option) => option.items?.type),
    ].flat(),
  );
  if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if ((types.has('integer') || types.has('number')) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

function splitFlag(text: string): [string, string | undefined] {
  const eq = text.indexOf('=');
  return eq < 0 ? [text, undefined] : [text.slice(0, eq), text.slice(eq + 1)];
}
