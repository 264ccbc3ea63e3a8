/** The shared rules of teams: creation defaults as coded, who manages, the email checks of spec 1 §5. */
import { describe, expect, it } from 'vitest';
import { channel } from '../../fixtures/builders';
import { EmailInviteRequest } from '../../protocol/rest/team-members';
import { isLooselyValidEmail, isValidEmail, splitEmailList } from '../../protocol/rules/email';
import { canBlock, canLeave, canManageTeam, canMoveToCompany, creationFlags } from '../../protocol/rules/team-rules';

describe('creationFlags (spec 1 §5)', () => {
  it('defaults to private, writable and open', () => {
    expect(creationFlags({})).toEqual({ is_private: true, read_only: false, is_open: true });
    expect(creationFlags({ is_open: false, is_private: false })).toEqual({ is_private: false, read_only: false, is_open: false });
  });
  it('takes is_open from read_only whenever read_only is given, as coded', () => {
    expect(creationFlags({ read_only: true, is_open: false })).toEqual({ is_private: true, read_only: true, is_open: true });
    expect(creationFlags({ read_only: false, is_open: true })).toEqual({ is_private: true, read_only: false, is_open: false });
  });
});

describe('team rights', () => {
  const member = { company_guid: 'acme', is_company_admin: false };
  const companyAdmin = { company_guid: 'acme', is_company_admin: true };
  const team = channel({ address: 't', member_type: 0, company_guid: 'acme' });
  it('team admins and the company admins of its company manage it', () => {
    expect(canManageTeam(team, member)).toBe(false);
    expect(canManageTeam({ ...team, member_type: 2 }, member)).toBe(true);
    expect(canManageTeam(team, companyAdmin)).toBe(true);
    expect(canManageTeam({ ...team, company_guid: 'globex' }, companyAdmin)).toBe(false);
    expect(canManageTeam({ ...team, channel_type: 2 }, companyAdmin)).toBe(false);
  });
  it('members leave teams and departments, not announcements, the company channel or DMs', () => {
    expect(canLeave(team)).toBe(true);
    expect(canLeave({ ...team, etype: 'announcement' })).toBe(false);
    expect(canLeave({ ...team, channel_type: 2 })).toBe(false);
    expect(canLeave({ ...team, channel_type: 0 })).toBe(false);
  });
  it('moving to a company and blocking', () => {
    const foreign = { ...team, company_guid: 'globex', member_type: 2 as const };
    expect(canMoveToCompany(foreign, companyAdmin)).toBe(true);
    expect(canMoveToCompany(foreign, member)).toBe(false);
    expect(canMoveToCompany({ ...foreign, member_type: 0 }, companyAdmin)).toBe(false);
    expect(canMoveToCompany({ ...foreign, company_guid: 'acme' }, companyAdmin)).toBe(false);
    expect(canBlock(companyAdmin, { company_guid: 'globex' })).toBe(true);
    expect(canBlock(companyAdmin, { company_guid: 'acme' })).toBe(false);
    expect(canBlock(member, { company_guid: 'globex' })).toBe(false);
  });
});

describe('email checks (spec 1 §5)', () => {
  it('accepts exactly one @, word local parts with single separators, and a last domain part of 2–64 characters', () => {
    for (const ok of ['a@b.co', 'first.last@acme.test', 'a+tag@acme.test', 'a-b@mail.acme-corp.test', `x@y.${'z'.repeat(64)}`]) expect(isValidEmail(ok), ok).toBe(true);
    for (const bad of ['a@@b.co', 'a@b@c.co', 'a..b@acme.test', '.a@acme.test', 'a.@acme.test', 'a@b.c', 'a@acme', 'a b@acme.test', `x@y.${'z'.repeat(65)}`, '@acme.test', 'a@.test']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
  it('has a looser check, and splits lists on commas or semicolons', () => {
    expect(isLooselyValidEmail('a..b@x.y')).toBe(true);
    expect(isLooselyValidEmail('no-at.test')).toBe(false);
    expect(splitEmailList(' a@b.co; c@d.co ,, e@f.co ;')).toEqual(['a@b.co', 'c@d.co', 'e@f.co']);
  });
  it('the invite request names every bad address', () => {
    const parsed = EmailInviteRequest.safeParse({ team_guid: 't', emails: 'good@acme.test, bad@' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('bad@ is not a valid email address.');
    expect(EmailInviteRequest.safeParse({ team_guid: 't', emails: 'a@acme.test;b@acme.test' }).success).toBe(true);
  });
});
