import { describe, expect, it } from 'vitest';
import { createRedactor, PASSWORD_PLACEHOLDER } from '../../core-worker/redactor';
import { prng } from '../../protocol/prng';
import { LoginRequest } from '../../protocol/rest/session';

/** What the core's check of a sign-in field says of `value`: its first problem, or 'ok' (api-client.ts). */
const checked = (field: 'email' | 'password', value: unknown): string => {
  const parsed = LoginRequest.shape[field].safeParse(value);
  return parsed.success ? 'ok' : (parsed.error.issues[0]?.message ?? '?');
};

describe('redactor', () => {
  it('replaces tokens wherever they appear, consistently', () => {
    const r = createRedactor();
    const res = r.redact({ isOk: true, login_guid: 'guid-1234-5678', auth_token: 'tok-abcdefghijklmnop', user: { name: 'Bob' } });
    expect(res).toEqual({ isOk: true, login_guid: 'plaza-redacted-secret-1', auth_token: 'plaza-redacted-secret-2', user: { name: 'Bob' } });
    expect(r.redact('ws://h/websocket/messages?login_guid=guid-1234-5678&auth_token=tok-abcdefghijklmnop')).toBe(
      'ws://h/websocket/messages?login_guid=plaza-redacted-secret-1&auth_token=plaza-redacted-secret-2',
    );
    expect(r.redact({ x: ['tok-abcdefghijklmnop'] })).toEqual({ x: ['plaza-redacted-secret-2'] });
  });

  it('replaces a password where it stands, even an ordinary word, without touching other text', () => {
    const r = createRedactor();
    expect(r.secret('password', PASSWORD_PLACEHOLDER)).toBe(PASSWORD_PLACEHOLDER);
    expect(r.redact({ email: 'a@b.c', password: 'password' })).toEqual({ email: 'a@b.c', password: PASSWORD_PLACEHOLDER });
    expect(r.redact(['a@b.c', 'password'])).toEqual(['a@b.c', PASSWORD_PLACEHOLDER]);
    expect(r.redact(PASSWORD_PLACEHOLDER)).toBe(PASSWORD_PLACEHOLDER);
    expect(r.redact('reset your password here')).toBe('reset your password here');
  });

  it('gives each address typed to sign in a placeholder the core checks alike, the same for the same address', () => {
    const r = createRedactor();
    const typed = ['dave@acme.test', '  dave@acme.test ', 'Dave@acme.test', 'dave', 'dave@acme', '', '   ', `${'d'.repeat(330)}@acme.test`, 'd'.repeat(400), 'a@b.c'];
    const placeholders = typed.map((t) => r.signInEmail(t));
    expect(placeholders.slice(0, 6)).toEqual(['redacted-email-1@plaza.invalid', 'redacted-email-1@plaza.invalid', 'redacted-email-2@plaza.invalid', 'plaza-redacted-email-3', 'plaza-redacted-email-4', '']);
    for (let i = 0; i < typed.length; i++) {
      expect(checked('email', placeholders[i]), JSON.stringify(typed[i])).toBe(checked('email', typed[i]));
      if (typed[i]!.trim().length > 0) expect(String(placeholders[i])).not.toContain(typed[i]!.trim());
    }
    // Not a learned secret: the signed-in user's own address, in the answers the core keeps, stays as it came.
    expect(r.redact({ user: { email: 'dave@acme.test' } })).toEqual({ user: { email: 'dave@acme.test' } });
    // A refused sign-in's answer loses every address typed to sign in.
    expect(r.withoutSignInEmails({ isOk: false, message: 'No account for dave@acme.test.' })).toEqual({ isOk: false, message: 'No account for redacted-email-1@plaza.invalid.' });
    expect(r.signInEmail(42)).toBe(42);
  });

  it('keeps a sign-in password’s check: nothing typed stays nothing (and is learned as no secret), too long stays too long', () => {
    const r = createRedactor();
    expect(r.signInPassword('')).toBe('');
    // An empty password learned as a secret made every empty string recorded afterwards read as the placeholder.
    expect(r.redact({ text: '' })).toEqual({ text: '' });
    expect(r.signInPassword('hunter2')).toBe(PASSWORD_PLACEHOLDER);
    const long = 'p'.repeat(200);
    expect(checked('password', r.signInPassword(long))).toBe(checked('password', long));
    expect(checked('password', PASSWORD_PLACEHOLDER)).toBe('ok');
  });
});

/**
 * The redactor as it was before it shared what holds no secret: it copied every value. The new one must
 * write exactly the same JSON, learning the same secrets in the same order.
 */
function copyingRedactor() {
  const SECRET_KEYS = new Set(['auth_token', 'login_guid', 'password', 'access_token', 'refresh_token', 'id_token']);
  const placeholders = new Map<string, string>();
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
      const entries = Object.entries(value).sort(([a], [b]) => Number(SECRET_KEYS.has(b)) - Number(SECRET_KEYS.has(a)));
      for (const [k, v] of entries) out[k] = walk(v, k);
      return Object.fromEntries(Object.keys(value).map((k) => [k, out[k]]));
    }
    return value;
  };
  return { redact: (value: unknown) => walk(value), secret: learn };
}

describe('redactor, against the copying one it replaced', () => {
  // Not `__proto__`: the copying redactor assigned it, which set the copy's prototype instead (a test below).
  const KEYS = ['auth_token', 'login_guid', 'password', 'access_token', 'name', 'url', 'text', '0', '12', 'b', 'a'];
  const SECRETS = ['tok-abcdefghijklmnop', 'guid 1234/5678+x', 'short', 'pässwörd-long-1', 'password'];

  function randomValue(random: () => number, depth: number): unknown {
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const r = random();
    if (depth > 3 || r < 0.35) {
      const s = random();
      if (s < 0.3) return pick(SECRETS);
      if (s < 0.45) return `before ${pick(SECRETS)} after`;
      if (s < 0.55) return `https://h/?q=${encodeURIComponent(pick(SECRETS))}&x=${pick(SECRETS)}`;
      if (s < 0.65) return pick([0, -0, 1.5, null, undefined, true, false]);
      if (s < 0.7) return new Date(1_800_000_000_000);
      if (s < 0.72) return new Map([['auth_token', 'tok-abcdefghijklmnop']]);
      return `plain text ${Math.floor(random() * 100)}`;
    }
    if (r < 0.6) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
    const out: Record<string, unknown> = random() < 0.1 ? Object.create(null) : {};
    for (let i = Math.floor(random() * 5); i > 0; i--) Object.defineProperty(out, pick(KEYS), { value: randomValue(random, depth + 1), enumerable: true, writable: true, configurable: true });
    return out;
  }

  it('writes the same JSON for 3,000 random values, learning secrets in the same order, and never changes its input', () => {
    const random = prng(7);
    for (let trial = 0; trial < 300; trial++) {
      const before = copyingRedactor();
      const now = createRedactor();
      for (let i = 0; i < 10; i++) {
        if (random() < 0.1) {
          const secret = SECRETS[Math.floor(random() * SECRETS.length)]!;
          expect(now.secret(secret)).toBe(before.secret(secret));
          continue;
        }
        const value = randomValue(random, 0);
        const json = JSON.stringify(value);
        expect(JSON.stringify(now.redact(value))).toBe(JSON.stringify(before.redact(value)));
        expect(JSON.stringify(value)).toBe(json);
      }
    }
  });

  it('shares what holds no secret and copies only the way down to one', () => {
    const r = createRedactor();
    r.secret('tok-abcdefghijklmnop');
    const clean = { channels: [{ name: 'general', members: ['a', 'b'] }], count: 3 };
    expect(r.redact(clean)).toBe(clean);
    const mixed = { quiet: { a: [1, 2] }, loud: { url: 'ws://h/?auth_token=tok-abcdefghijklmnop' } };
    const out = r.redact(mixed);
    expect(out).not.toBe(mixed);
    expect(out.quiet).toBe(mixed.quiet);
    expect(out.loud).toEqual({ url: 'ws://h/?auth_token=plaza-redacted-secret-1' });
    expect(mixed.loud.url).toContain('tok-abcdefghijklmnop');
  });

  it('keeps an own key named __proto__ as data, as JSON.parse made it (the copying one assigned it, setting the prototype of its copy)', () => {
    const r = createRedactor();
    r.secret('tok-abcdefghijklmnop');
    const text = '{"__proto__":{"url":"ws://h/?t=tok-abcdefghijklmnop","n":1},"x":2}';
    expect(JSON.stringify(r.redact(JSON.parse(text)))).toBe('{"__proto__":{"url":"ws://h/?t=plaza-redacted-secret-1","n":1},"x":2}');
  });
});
