/**
 * Secrets never reach a recording: they are replaced when recorded, not on
 * export. Values under secret-named keys (tokens, login guids, passwords) are
 * learned as they pass, and every later occurrence of a learned value — in a
 * URL's query, say — is replaced by the same placeholder, so a replay sees a
 * consistent (if fake) credential. Placeholders are long enough to pass the
 * schemas that check token lengths.
 */
const SECRET_KEYS = new Set(['auth_token', 'login_guid', 'password', 'access_token', 'refresh_token', 'id_token']);

export const PASSWORD_PLACEHOLDER = 'plaza-redacted-password';

export interface Redactor {
  /** `value` with every secret replaced: a copy where one was, the original where none was (only ever serialized). */
  redact<T>(value: T): T;
  /** Learns a secret value explicitly (e.g. a password argument) and returns its placeholder. */
  secret(value: string, placeholder?: string): string;
}

/** Sets `out[key]` as an own property, as Object.fromEntries would: a key named `__proto__` included. */
function define(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

export function createRedactor(): Redactor {
  /** Every learned secret and its placeholder. */
  const placeholders = new Map<string, string>();
  /**
   * Tokens, also replaced inside other strings (a URL's query), with their percent-encoded form. Passwords are
   * replaced only where they stand alone: a password can be an ordinary word, and replacing it inside text would
   * rewrite placeholders and messages alike.
   */
  const embedded: { secret: string; encoded: string; placeholder: string }[] = [];
  let tokens = 0;
  const learn = (value: string, placeholder?: string): string => {
    let p = placeholders.get(value);
    if (!p) {
      p = placeholder ?? `plaza-redacted-secret-${++tokens}`;
      placeholders.set(value, p);
      if (!placeholder && value.length >= 8) embedded.push({ secret: value, encoded: encodeURIComponent(value), placeholder: p });
    }
    return p;
  };
  const scrub = (text: string): string => {
    const exact = placeholders.get(text);
    if (exact) return exact;
    let out = text;
    for (const { secret, encoded, placeholder } of embedded) {
      if (out.includes(secret)) out = out.split(secret).join(placeholder);
      // URLs carry secrets percent-encoded.
      if (encoded !== secret && out.includes(encoded)) out = out.split(encoded).join(placeholder);
    }
    return out;
  };
  /**
   * `value` with every secret replaced. What holds none is returned as it is, not copied: a recorded input can
   * be a heavy user's whole stored sidebar (~1 MB), which a cold start waits on, and nearly all of it holds no
   * secret. An array or plain object with one is copied, its other members shared. Any other object (a Date, a
   * Map) is copied as a plain object of its own enumerable keys, as it always was.
   */
  const walk = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') return key !== undefined && SECRET_KEYS.has(key) ? learn(value, key === 'password' ? PASSWORD_PLACEHOLDER : undefined) : scrub(value);
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) {
      let out: unknown[] | null = null;
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        const w = walk(v);
        if (w !== v) (out ??= value.slice())[i] = w;
      }
      return out ?? value;
    }
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    const proto: unknown = Object.getPrototypeOf(record);
    let out: Record<string, unknown> | null = proto === Object.prototype || proto === null ? null : {};
    // Secret-named keys first, so their values are known before siblings that embed them.
    let secrets: unknown[] | null = null;
    for (let i = 0; i < keys.length; i++) if (SECRET_KEYS.has(keys[i]!)) (secrets ??= [])[i] = walk(record[keys[i]!], keys[i]);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const v = record[k];
      const w = secrets !== null && SECRET_KEYS.has(k) ? secrets[i] : walk(v, k);
      if (out === null && w !== v) {
        out = {};
        for (let j = 0; j < i; j++) define(out, keys[j]!, record[keys[j]!]);
      }
      if (out !== null) define(out, k, w);
    }
    return out ?? value;
  };
  return {
    redact: <T,>(value: T) => walk(value) as T,
    secret: learn,
  };
}
