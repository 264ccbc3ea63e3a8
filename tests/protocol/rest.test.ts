import { describe, expect, it } from 'vitest';
import { acceptResponse, formatValidation } from '../../protocol/rest/acceptance';
import { endpoints } from '../../protocol/rest/endpoints';
import { postingRight } from '../../protocol/rules/posting-rights';
import { channel } from '../../fixtures/builders';

describe('response acceptance (spec 1 §5)', () => {
  const schema = endpoints.bookmark.response;

  it('accepts only isOk true with a valid body', () => {
    expect(acceptResponse(schema, 200, { isOk: true, address: 'c', unread_messages: 0 })).toEqual({ ok: true, value: { isOk: true, address: 'c', unread_messages: 0 } });
    const invalid = acceptResponse(schema, 200, { isOk: true, address: 'c', unread_messages: -1 });
    expect(invalid).toMatchObject({ ok: false, error: { name: 'InvalidResponse' } });
  });

  it("joins validation messages with '; ', prefixed by the field name", () => {
    const body = { isOk: false, results: { email: { isOk: false, message: 'Invalid email address' }, name: { isOk: true, message: '' }, password: { isOk: false, message: 'This field is required' } } };
    expect(acceptResponse(schema, 400, body)).toEqual({
      ok: false,
      error: { name: 'Rejected', message: 'email: Invalid email address; password: This field is required', status: 400, field: 'email' },
    });
    expect(formatValidation(body.results, false)).toBe('Invalid email address; This field is required');
    expect(acceptResponse(schema, 200, { isOk: false, message: 'No channel found' })).toMatchObject({ ok: false, error: { message: 'No channel found' } });
  });

  it('names the statuses the client acts on', () => {
    expect(acceptResponse(schema, 403, {})).toMatchObject({ ok: false, error: { name: 'Unauthorized', status: 403 } });
    expect(acceptResponse(schema, 418, {})).toMatchObject({ ok: false, error: { name: 'Unconfirmed' } });
    expect(acceptResponse(schema, 429, {})).toMatchObject({ ok: false, error: { name: 'RateLimited' } });
    expect(acceptResponse(schema, 503, 'oops')).toMatchObject({ ok: false, error: { name: 'ServerError' } });
    expect(acceptResponse(schema, 404, 'not json')).toMatchObject({ ok: false, error: { name: 'Rejected', status: 404 } });
  });
});

describe('posting rights (spec 1 §5)', () => {
  const member = { is_company_admin: false };
  const admin = { is_company_admin: true };
  it('follows every rule', () => {
    expect(postingRight(channel({ address: 'dm', channel_type: 0, etype: 'DM' }), member).allowed).toBe(true);
    // Save with a person blocked from the user's company: the block took the conversation from them.
    expect(postingRight(channel({ address: 'dm', name: 'Gina Garcia', channel_type: 0, etype: 'DM' }), admin, { peerBlocked: true })).toEqual({
      allowed: false,
      reason: "You can't send messages to Gina Garcia: they are blocked from your company.",
    });
    expect(postingRight(channel({ address: 't', channel_type: 3, etype: 'task' }), member).allowed).toBe(true);
    expect(postingRight(channel({ address: 'co', channel_type: 2, etype: 'company' }), member).allowed).toBe(false);
    expect(postingRight(channel({ address: 'co', channel_type: 2, etype: 'company' }), admin).allowed).toBe(true);
    const news = channel({ address: 'n', etype: 'announcement', is_hr: true });
    expect(postingRight(news, member).allowed).toBe(false);
    expect(postingRight({ ...news, user_is_admin: true }, member).allowed).toBe(true);
    expect(postingRight(news, admin).allowed).toBe(true);
    const team = channel({ address: 'team' });
    expect(postingRight(team, member).allowed).toBe(true);
    expect(postingRight({ ...team, read_only: true }, member)).toEqual({ allowed: false, reason: 'This channel is read-only.' });
    expect(postingRight({ ...team, read_only: true, user_is_admin: true }, member).allowed).toBe(true);
    expect(postingRight({ ...team, is_member: false }, member).allowed).toBe(false);
    const hr = channel({ address: 'hr', is_hr: true, is_member: false, read_only: true });
    expect(postingRight(hr, admin).allowed).toBe(true);
    expect(postingRight(hr, member).allowed).toBe(false);
  });
});
