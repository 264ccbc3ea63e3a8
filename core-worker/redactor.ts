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
  /** A deep copy of `value` with every secret replaced. */
  redact<T>(value: T): T;
  /** Learns a secret value explicitly (e.g. a password argument) and returns its placeholder. */
  secret(value: string, placeholder?: string): string;
}

export function createRedactor(): Redactor {
  /** Every learned secret and its placeholder. */
  const placeholders = new Map<string, string>();
  /** Tokens, also replaced inside other strings (a URL's query). Passwords are replaced only where they stand alone:
   * a password can be an ordinary word, and replacing it inside text would rewrite placeholders and messages alike. */
  const embedded = new Map<string, string>();
  let tokens = 0;
  const learn = (value: string, placeholder?: string): string => {
    let p = placeholders.get(value);
    if (!p) {
      p = placeholder ?? `plaza-redacted-secret-${++tokens}`;
      placeholders.set(value, p);
      if (!placeholder && value.length >= 8) embedded.set(value, p);
    }
    return p;
  };
  const scrub = (text: string): string => {
    const exact = placeholders.get(text);
    if (exact) return exact;
    let out = text;
    for (const [secret, p] of embedded) {
      if (out.includes(secret)) out = out.split(secret).join(p);
      // URLs carry secrets percent-encoded.
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret && out.includes(encoded)) out = out.split(encoded).join(p);
    }
    return out;
  };
  const walk = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') return key && SECRET_KEYS.has(key) ? learn(value, key === 'password' ? PASSWORD_PLACEHOLDER : undefined) : scrub(value);
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      // Secret-named keys first, so their values are known before siblings that embed them.
      const entries = Object.entries(value).sort(([a], [b]) => Number(SECRET_KEYS.has(b)) - Number(SECRET_KEYS.has(a)));
      for (const [k, v] of entries) out[k] = walk(v, k);
      return Object.fromEntries(Object.keys(value).map((k) => [k, out[k]]));
    }
    return value;
  };
  return {
    redact: <T,>(value: T) => walk(value) as T,
    secret: learn,
  };
}
