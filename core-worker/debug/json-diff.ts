/** A structural diff of two canonical JSON values (objects, arrays, scalars), as a list of path changes. */
import type { JsonChange } from '../../protocol/debug-api';
import { clip } from './describe';

const text = (v: unknown): string => clip(JSON.stringify(v) ?? 'undefined', 400);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const child = (path: string, key: string | number): string => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** Changes from `a` to `b`, at most `limit`; `truncated` says more were found. */
export function diffJson(a: unknown, b: unknown, limit = 200): { changes: JsonChange[]; truncated: boolean } {
  const changes: JsonChange[] = [];
  let truncated = false;
  const push = (change: JsonChange): boolean => {
    if (changes.length >= limit) {
      truncated = true;
      return false;
    }
    changes.push(change);
    return true;
  };
  const walk = (x: unknown, y: unknown, path: string): boolean => {
    if (x === y) return true;
    if (isObject(x) && isObject(y)) {
      for (const key of Object.keys(x)) {
        if (!(key in y)) {
          if (!push({ path: child(path, key), op: 'remove', before: text(x[key]) })) return false;
        } else if (!walk(x[key], y[key], child(path, key))) return false;
      }
      for (const key of Object.keys(y)) if (!(key in x) && !push({ path: child(path, key), op: 'add', after: text(y[key]) })) return false;
      return true;
    }
    if (Array.isArray(x) && Array.isArray(y)) {
      const common = Math.min(x.length, y.length);
      for (let i = 0; i < common; i++) if (!walk(x[i], y[i], child(path, i))) return false;
      for (let i = common; i < x.length; i++) if (!push({ path: child(path, i), op: 'remove', before: text(x[i]) })) return false;
      for (let i = common; i < y.length; i++) if (!push({ path: child(path, i), op: 'add', after: text(y[i]) })) return false;
      return true;
    }
    if (JSON.stringify(x) === JSON.stringify(y)) return true;
    return push({ path: path || '(root)', op: 'change', before: text(x), after: text(y) });
  };
  walk(a, b, '');
  return { changes, truncated };
}
