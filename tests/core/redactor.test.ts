import { describe, expect, it } from 'vitest';
import { createRedactor, PASSWORD_PLACEHOLDER } from '../../core-worker/redactor';

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
});
