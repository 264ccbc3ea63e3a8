/**
 * Random frame bodies drawn from a zod schema's JSON Schema (z.toJSONSchema, input side), and the
 * ways to break them. The parity tests of the hand-written frame fast path use these, so the samples
 * follow the schema as it is today: a field added, a limit changed or a default introduced shows up
 * in the samples, and a fast path that was not taught the change then disagrees with zod and fails.
 *
 * Values are built as JSON text (frame bodies only ever come from JSON.parse), with markers for what
 * JSON.stringify cannot write: INFINITY becomes `1e999` (which JSON.parse reads as Infinity),
 * NEGATIVE_ZERO becomes `-0`, and a PROTO key becomes an own `"__proto__"` key.
 */
import type { Rng } from '../fuzz/mutate';

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
}

export const INFINITY = '§infinity§';
export const NEGATIVE_ZERO = '§-0§';
export const PROTO = '§proto§';

/** JSON text of a sample: the markers turned into what they stand for. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll(`"${INFINITY}"`, '1e999')
    .replaceAll(`"${NEGATIVE_ZERO}"`, '-0')
    .replaceAll(`"${PROTO}"`, '"__proto__"');
}

/**
 * Strings for the patterns the schemas use. A regex cannot be sampled in general; a schema with a new
 * pattern makes the generator throw until the pattern gets its samples here.
 */
const PATTERN_SAMPLES: Record<string, { valid: string[]; invalid: string[] }> = {
  // Reaction content: no white space or control characters.
  '^[^\\s\\p{Cc}]+$': {
    valid: ['👍', '🎉', 'x', ':tada:', '\ud83d', 'é'.repeat(64), '👍'.repeat(32)],
    invalid: ['', 'a b', ' ', '\u0007', '\u00a0', 'x\n', '\u2028', '\u0085', 'x'.repeat(65), '👍'.repeat(33)],
  },
  // Video conference token: 1 to 20 ASCII digits.
  '^\\d{1,20}$': {
    valid: ['0', '7', '12345', '9'.repeat(20)],
    invalid: ['', 'abc', '1'.repeat(21), '١٢', '12\n', ' 1', '1.5', '-1'],
  },
};

const pick = <T,>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

// Characters of one UTF-16 unit each, the awkward ones included (lone surrogates count as one code point).
const UNITS = ['a', 'Z', '0', ' ', 'é', '"', '\\', '\u0000', '\n', '\u2028', '\ud800', '\udfff', '<', '{'];
const REPEATED = new Map<string, string>();
const repeated = (unit: string, count: number): string => {
  const key = `${unit}×${count}`;
  let s = REPEATED.get(key);
  if (s === undefined) REPEATED.set(key, (s = unit.repeat(count)));
  return s;
};
/**
 * A string of `length` code points (zod measures strings so): a cached run of one letter, or
 * of an emoji (two UTF-16 units each, so past the limit in units but not in code points), or a mix.
 */
function text(rng: Rng, length: number): string {
  const roll = rng();
  if (length > 40 || roll < 0.4) return repeated(roll < 0.2 ? '👍' : 'x', length);
  let s = '';
  for (let i = 0; i < length; i++) s += rng() < 0.1 ? '🎉' : pick(rng, UNITS);
  return s; // (a lone high surrogate before a low one pairs up: a length off by one is one more boundary case)
}

/** Lengths worth trying for a string: the bounds and small ones (long limits rarely, to keep samples small). */
function stringLength(rng: Rng, schema: JsonSchema): number {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 1_000;
  if (rng() < (max <= 1_000 ? 0.15 : 0.02)) return max;
  return Math.min(max, pick(rng, [min, min, min + 1, min + 5, min + 12]));
}

function integer(rng: Rng, schema: JsonSchema): number | typeof NEGATIVE_ZERO {
  const min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  const inRange = min + Math.floor(rng() * Math.min(max - min + 1, 1e15));
  return pick(rng, [min, max, inRange, inRange, min <= 0 && max >= 0 ? NEGATIVE_ZERO : min, Math.min(min + 1, max)]);
}

export interface SampleOptions {
  /** Makes the value of a property by name instead of its schema (Message's `json` holds the parts as text). */
  property?: Record<string, (rng: Rng) => unknown>;
}

/** A value the schema accepts (as far as JSON Schema says; zod remains the judge). */
export function sample(rng: Rng, schema: JsonSchema, options: SampleOptions = {}, big = true): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return pick(rng, schema.enum);
  if (schema.anyOf) return sample(rng, pick(rng, schema.anyOf), options, big);
  if (schema.oneOf) return sample(rng, pick(rng, schema.oneOf), options, big);
  if (schema.pattern !== undefined) {
    const samples = PATTERN_SAMPLES[schema.pattern];
    if (!samples) throw new Error(`no samples for the pattern ${schema.pattern}: add them to PATTERN_SAMPLES`);
    return pick(rng, samples.valid);
  }
  switch (schema.type) {
    case 'string':
      return text(rng, stringLength(rng, schema));
    case 'integer':
      return integer(rng, schema);
    case 'number':
      return pick(rng, [0, NEGATIVE_ZERO, 1, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 5e-324]);
    case 'boolean':
      return rng() < 0.5;
    case 'null':
      return null;
    case 'array': {
      // Now and then an array at its limit (one per sample, so nested limits do not multiply).
      const atLimit = big && schema.maxItems !== undefined && schema.maxItems <= 10_000 && rng() < 0.01;
      const length = atLimit ? schema.maxItems! : pick(rng, [0, 1, 1, 2, 3]);
      return Array.from({ length }, () => sample(rng, schema.items ?? {}, options, big && !atLimit));
    }
    case 'object': {
      const entries: [string, unknown][] = [];
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const required = schema.required?.includes(key) ?? false;
        if (!required && rng() < 0.4) continue;
        entries.push([key, options.property?.[key] ? options.property[key](rng) : sample(rng, property, options, big)]);
      }
      if (rng() < 0.3) entries.reverse(); // the output's key order is the schema's, whatever the input's
      if (rng() < 0.2) entries.push([pick(rng, ['extra', PROTO, 'constructor', 'toString', 'parts', 'json']), sample(rng, { type: 'string', maxLength: 3 })]);
      return Object.fromEntries(entries);
    }
    default:
      throw new Error(`cannot sample the schema ${JSON.stringify(schema).slice(0, 200)}`);
  }
}

/** Values that break most fields somewhere: wrong types, bounds, non-integers, Infinity, big arrays. */
const AWKWARD: unknown[] = [
  null, true, false, 0, NEGATIVE_ZERO, -1, 1.5, 13, 2 ** 53, Number.MAX_SAFE_INTEGER, -1e308, INFINITY, '', ' ', 'x', 'x'.repeat(64),
  'x'.repeat(65), 'x'.repeat(100), 'x'.repeat(101), 'x'.repeat(200), 'x'.repeat(201), '👍'.repeat(64), '👍'.repeat(65),
  '👍'.repeat(100), '👍'.repeat(101), '👍'.repeat(200), '👍'.repeat(201), '👍'.repeat(200) + '\ud83d', '\ud800', '👍', 'NaN', '1', 'user', 'all',
  'text', [], [1], {}, { type: 'text', text: 'x' }, [[]],
];
/** Arrays past the limits (1,000 parts, 500 list items, 10,000 reactions): rare, they are slow to build and check. */
const HUGE: unknown[] = [
  Array.from({ length: 501 }, () => []),
  Array.from({ length: 1_001 }, () => ({ type: 'text', text: '' })),
  Array.from({ length: 10_001 }, () => ({ target_user_guid: 'u', content: 'x' })),
];

type Path = (string | number)[];
/** Every path into a value (objects and arrays), the root included, at most `limit`. */
function paths(value: unknown, prefix: Path = [], out: Path[] = [], limit = 400): Path[] {
  out.push(prefix);
  if (out.length >= limit || value === null || typeof value !== 'object') return out;
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  for (const key of keys) paths((value as Record<string | number, unknown>)[key], [...prefix, key], out, limit);
  return out;
}

function get(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
}

/**
 * The value with one thing changed at a random place: replaced by an awkward value or a string one
 * unit longer, a number nudged, a key removed or added, an array element repeated. The result may
 * still be valid; zod says whether it is.
 */
export function mutate(rng: Rng, value: unknown): unknown {
  const copy = structuredClone(value);
  const all = paths(copy);
  const path = pick(rng, all);
  if (path.length === 0) return pick(rng, AWKWARD);
  const parent = get(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const key = path[path.length - 1]!;
  const old = parent[key];
  const roll = rng();
  if (roll < 0.003) parent[key] = pick(rng, HUGE);
  else if (roll < 0.45) parent[key] = pick(rng, AWKWARD);
  else if (roll < 0.6 && typeof old === 'string') parent[key] = rng() < 0.5 ? `${old}x` : '';
  else if (roll < 0.7 && typeof old === 'number') parent[key] = old + pick(rng, [1, -1, 0.5, -old * 2]);
  else if (roll < 0.8 && Array.isArray(parent)) parent.push(structuredClone(old));
  else if (roll < 0.9 && !Array.isArray(parent)) delete parent[key];
  else if (!Array.isArray(parent)) parent[pick(rng, [PROTO, 'extra', 'type', 'scope', 'text', 'n', 'check'])] = pick(rng, AWKWARD);
  else parent[key] = pick(rng, AWKWARD);
  return copy;
}
