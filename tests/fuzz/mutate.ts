/**
 * Input mutators for the fuzz suite: random frames from scratch, and valid
 * frames or REST bodies changed the ways broken servers, proxies and attackers
 * change them — fields removed, retyped, oversized, out of range or added;
 * text truncated, spliced, re-coded; values that are not text at all.
 */
import { prng } from '../../protocol/prng';

export type Rng = () => number;
export const rngFor = (seed: number): Rng => prng(seed);

const pick = <T,>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo));

// Large values are made once: building megabytes per input would measure the garbage collector, not the core.
const LONG = new Map<number, string>([1, 50, 201, 300, 4_001, 5_000, 40_001, 250_000, 1_000_001].map((n) => [n, 'x'.repeat(n)]));
const long = (n: number): string => LONG.get(n) ?? 'x'.repeat(n);
const BRACKETS = [1, 20, 500, 5_000].map((n) => '['.repeat(n));

const CODES = ['MSG', 'DEL', 'REA', 'TYP', 'CHK', 'ACK', 'CHA', 'ALR', 'ALD', 'VCH', 'FEA', 'XYZ', 'msg', 'MS', 'MSGG', '', '???'];

/** A value of a random JSON type, sometimes extreme. */
export function randomValue(rng: Rng, depth = 0): unknown {
  switch (int(rng, 0, depth > 2 ? 9 : 12)) {
    case 0:
      return null;
    case 1:
      return rng() < 0.5;
    case 2:
      return pick(rng, [0, -1, 1, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, 1.7976931348623157e308, 13, 1_000_000_001]);
    case 3:
      return int(rng, -1000, 1000);
    case 4:
      return '';
    case 5:
      return long(pick(rng, [1, 50, 201, 4_001, 40_001]));
    case 6:
      return pick(rng, ['MSG', '{"a":1}', '[]', 'null', '\u0000', '\ud800', '💥', 'javascript:alert(1)', '__proto__', 'constructor', '1e999', 'NaN']);
    case 7:
      return int(rng, 0, 2) ? 'abc' : 'guid-' + int(rng, 0, 99);
    case 8:
      return [];
    case 9:
      return Array.from({ length: int(rng, 1, 4) }, () => randomValue(rng, depth + 1));
    case 10:
      return Object.fromEntries(Array.from({ length: int(rng, 1, 4) }, () => [pick(rng, ['message', 'guid', 'address', 'n', 'check', 'json', 'alert', 'x', '__proto__']), randomValue(rng, depth + 1)]));
    default:
      return { nested: randomValue(rng, depth + 1) };
  }
}

/** Every path to a value inside `value` (objects and arrays), root excluded. */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = [], limit = 200): (string | number)[][] {
  if (out.length >= limit || value === null || typeof value !== 'object') return out;
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [k, v] of entries) {
    out.push([...prefix, k]);
    paths(v, [...prefix, k], out, limit);
  }
  return out;
}

/** A structurally mutated copy of a JSON value: one to three changes at random places. */
export function mutateJson(value: unknown, rng: Rng): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const all = paths(copy);
  if (all.length === 0) return randomValue(rng);
  for (let n = int(rng, 1, 4); n > 0; n--) {
    const path = pick(rng, all);
    let parent: Record<string | number, unknown> = copy;
    for (const key of path.slice(0, -1)) {
      const next = parent?.[key];
      if (next === null || typeof next !== 'object') break;
      parent = next as Record<string | number, unknown>;
    }
    const key = path.at(-1)!;
    if (parent === null || typeof parent !== 'object') continue;
    switch (int(rng, 0, 7)) {
      case 0:
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete parent[key];
        break;
      case 1:
      case 2:
        parent[key] = randomValue(rng);
        break;
      case 3:
        parent[key] = [parent[key]];
        break;
      case 4:
        if (Array.isArray(parent)) parent.push(randomValue(rng));
        else parent[pick(rng, ['extra', 'n', '__proto__', 'constructor', 'change_seq'])] = randomValue(rng);
        break;
      case 5:
        parent[key] = typeof parent[key] === 'string' ? (parent[key] as string) + long(pick(rng, [1, 300, 5_000, 5_000, rng() < 0.1 ? 250_000 : 50])) : (JSON.stringify(parent[key]) ?? "undefined");
        break;
      default:
        parent[key] = typeof parent[key] === 'number' ? -(parent[key] as number) - 1 : JSON.stringify(parent[key] ?? null);
    }
  }
  return copy;
}

/** A frame as text from a code and body, sometimes malformed on the way. */
export function mutateFrameText(code: string, body: unknown, rng: Rng): unknown {
  const json = JSON.stringify(body) ?? 'undefined';
  switch (int(rng, 0, 12)) {
    case 0:
      return `${code} ${json}`.slice(0, int(rng, 0, json.length + 4)); // truncated
    case 1:
      return `${code}${json}`; // no space (allowed)
    case 2:
      return `${code.toLowerCase()} ${json}`;
    case 3:
      return `${code} ${json}${json}`;
    case 4: {
      const at = int(rng, 0, json.length);
      return `${code} ${json.slice(0, at)}${String.fromCharCode(int(rng, 0, 0xffff))}${json.slice(at + 1)}`;
    }
    case 5:
      return pick(rng, [42, null, undefined, { code, body }, [code, json], new Uint8Array([77, 83, 71]), true]);
    case 6:
      return `${pick(rng, CODES)} ${json}`;
    case 7:
      return `${code} ${pick(rng, BRACKETS)}`;
    case 8:
      return `${code} ${' '.repeat(int(rng, 0, 5))}${json}`;
    case 9:
      return rng() < 0.05 ? `${code} "${long(1_000_001)}"` : `${code} {}`;
    default:
      return `${code} ${JSON.stringify(mutateJson(body, rng))}`;
  }
}

/** A frame from nothing: a random code and a random body. */
export function randomFrame(rng: Rng): unknown {
  if (rng() < 0.1) return randomValue(rng);
  return `${pick(rng, CODES)} ${JSON.stringify(randomValue(rng))}`;
}
