/**
 * Secrets never reach a recording: they are replaced when recorded, not on
 * export. Values under secret-named keys (tokens, login guids, passwords) are
 * learned as they pass, and every later occurrence of a learned value — in a
 * URL's query, say — is replaced by the same placeholder, so a replay sees a
 * consistent (if fake) credential. Placeholders are long enough to pass the
 * schemas that check token lengths.
 *
 * What is typed to sign in is redacted by position — the `$signIn` intent's arguments and the sign-in
 * request's body — since the attempt may not be the recording owner's: someone who mistyped a password
 * and walked away, before the next person signed in at the same page (docs/session-format.md, "Whose
 * recordings"). The core only checks such an address and sends it, never folds it, so a placeholder the
 * core checks alike replays the same (signInEmail).
 */
import { LoginRequest } from '../protocol/rest/session';

const SECRET_KEYS = new Set(['auth_token', 'login_guid', 'password', 'access_token', 'refresh_token', 'id_token']);

export const PASSWORD_PLACEHOLDER = 'plaza-redacted-password';

/** The first problem the core's check of a sign-in field finds in `value` (api-client.ts says only that one), or null. */
function firstProblem(schema: typeof LoginRequest.shape.email | typeof LoginRequest.shape.password, value: string): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid');
}

/** `base`, lengthened to `length` characters (a placeholder for a value too long, which must stay too long). */
const padded = (base: string, length: number): string => (base.length >= length ? base : base + 'x'.repeat(length - base.length));

/**
 * A placeholder the core checks as it checked `typed` (trimmed, as the core trims it): an address, one the
 * check refuses as it refused the typed one, or nothing (nothing typed holds nothing).
 */
function emailPlaceholder(trimmed: string, n: number): string {
  const problem = firstProblem(LoginRequest.shape.email, trimmed);
  if (problem === null) return `redacted-email-${n}@plaza.invalid`;
  if (trimmed.length === 0) return '';
  // Too long, or not an address: the core refuses it with the same first problem, and sends nothing.
  const base = `plaza-redacted-email-${n}`;
  return firstProblem(LoginRequest.shape.email, base) === problem ? base : padded(base, trimmed.length);
}

export interface Redactor {
  /** `value` with every secret replaced: a copy where one was, the original where none was (only ever serialized). */
  redact<T>(value: T): T;
  /** Learns a secret value explicitly (e.g. a password argument) and returns its placeholder. */
  secret(value: string, placeholder?: string): string;
  /**
   * The placeholder of an address typed to sign in (`$signIn`'s first argument, the sign-in request's `email`):
   * the same for the same address (spaces around it aside), `redacted-email-N@plaza.invalid` for an address the
   * core accepts, one it refuses alike for one it refused. Not a learned secret: the owner's own address is in
   * answers the core keeps (their user record), which must stay as they came.
   */
  signInEmail(typed: unknown): unknown;
  /** A sign-in password argument's placeholder, which the core checks as it checked the password ('' stays ''). */
  signInPassword(typed: unknown): unknown;
  /** `value` with every address typed to sign in so far replaced inside its strings (a refused sign-in's answer). */
  withoutSignInEmails<T>(value: T): T;
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
  /** Every address typed to sign in, trimmed, and its placeholder. */
  const emails = new Map<string, string>();
  const signInEmail = (typed: unknown): unknown => {
    if (typeof typed !== 'string') return typed;
    const trimmed = typed.trim();
    let p = emails.get(trimmed);
    if (p === undefined) {
      p = emailPlaceholder(trimmed, emails.size + 1);
      emails.set(trimmed, p);
    }
    return p;
  };
  const signInPassword = (typed: unknown): unknown => {
    if (typeof typed !== 'string') return typed;
    // Nothing typed is no secret: learned, every empty string recorded later would read as the placeholder.
    if (typed === '') return typed;
    // One too long to send is refused by the core before any request: its placeholder must be too.
    const tooLong = firstProblem(LoginRequest.shape.password, typed) !== null;
    return learn(typed, tooLong ? padded(PASSWORD_PLACEHOLDER, typed.length) : PASSWORD_PLACEHOLDER);
  };
  const withoutEmails = (value: unknown): unknown => {
    if (typeof value === 'string') {
      let out = value;
      for (const [email, p] of emails) if (email.length > 0 && out.includes(email)) out = out.split(email).join(p);
      return out;
    }
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map(withoutEmails);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) define(out, k, withoutEmails(v));
    return out;
  };
  return {
    redact: <T,>(value: T) => walk(value) as T,
    secret: learn,
    signInEmail,
    signInPassword,
    withoutSignInEmails: <T,>(value: T) => withoutEmails(value) as T,
  };
}
