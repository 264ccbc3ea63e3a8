/** The quick switcher's fuzzy ranking: what a user typing a few letters expects to see first. */
import { describe, expect, it } from 'vitest';
import { channel, LogBuilder, user } from '../../fixtures/builders';
import { foldAll } from '../../projections/fold';
import { foldQuery, foldText, fuzzyMatch } from '../../projections/fuzzy';
import { quickSwitchItems } from '../../projections/views/quick-switch';

const names = (items: { name: string }[]) => items.map((i) => i.name);

describe('fuzzy matching', () => {
  it('ranks exact, prefix, word start, initials, substring, then scattered letters', () => {
    const q = 'des';
    const score = (text: string) => fuzzyMatch(q, text)?.score ?? -1;
    expect(score('Des')).toBeGreaterThan(score('Design'));
    expect(score('Design')).toBeGreaterThan(score('UX design'));
    expect(score('UX design')).toBeGreaterThan(score('Dev environment setup')); // d-e-s as initials+letters… is still a match
    expect(fuzzyMatch('ds', 'Design System')!.positions).toEqual([0, 7]);
    expect(score('Dev environment setup')).toBeGreaterThan(0);
    expect(fuzzyMatch('des', 'Index settings')!.score).toBeLessThan(fuzzyMatch('des', 'Desk booking')!.score);
    expect(fuzzyMatch('xyz', 'Design')).toBeNull();
    expect(fuzzyMatch('dsg', 'Design')!.positions).toEqual([0, 2, 4]);
  });

  it('matches a word separator typed as a space: people type "api squad" for api-squad-269', () => {
    expect(fuzzyMatch(foldQuery('api squad'), 'api-squad-269')!.score).toBeGreaterThan(fuzzyMatch(foldQuery('api squad'), 'api-team-2906-squad')?.score ?? -1);
    expect(fuzzyMatch(foldQuery('triage 27'), 'analytics-triage-2754')!.positions).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(fuzzyMatch(foldQuery('dept legal'), 'dept_legal.94')).not.toBeNull();
    // And the other way round: a hyphen typed finds a name with spaces.
    expect(fuzzyMatch(foldQuery('design-sys'), 'Design System')).not.toBeNull();
    expect(fuzzyMatch(foldQuery('api squad'), 'apisquad')).toBeNull();
  });

  it('ignores case and accents', () => {
    expect(foldText('Élodie Ünal')).toBe('elodie unal');
    expect(fuzzyMatch(foldText('ELO'), 'Élodie')?.positions).toEqual([0, 1, 2]);
  });
});

describe('the quick switcher list', () => {
  const log = new LogBuilder()
    .add({ type: 'session.started', user: user({ target_user_guid: 'me' }) }, 'rest')
    .add({
      type: 'users.listed',
      users: [
        user({ target_user_guid: 'me' }),
        user({ target_user_guid: 'dana', first_name: 'Dana', last_name: 'Scully' }),
        user({ target_user_guid: 'dan', first_name: 'Dan', last_name: 'Brown' }),
        user({ target_user_guid: 'eve', first_name: 'Eve', last_name: 'Design', is_blocked: true }),
      ],
    })
    .add({
      type: 'channels.listed',
      channels: [
        channel({ address: 'design', name: 'Design', last_message_ts: 100 }),
        channel({ address: 'design-system', name: 'Design System', unread_messages: 3, last_message_ts: 300 }),
        channel({ address: 'ux-design', name: 'UX design', unread_messages: 2, unread_mentions: 1, last_message_ts: 50 }),
        channel({ address: 'dm-dan', name: 'Dan Brown', channel_type: 0, etype: 'DM', target_user_guid: 'dan', last_message_ts: 400 }),
        channel({ address: 'random', name: 'Random', last_message_ts: 500 }),
        channel({ address: 'alpha', name: 'Team Alpha', last_message_ts: 900 }),
        channel({ address: 'bravo', name: 'Team Bravo', unread_messages: 1, last_message_ts: 10 }),
        channel({ address: 'gamma', name: 'Team Gamma', unread_messages: 1, unread_mentions: 1, last_message_ts: 5 }),
      ],
    });
  const p = foldAll(log.envelopes);

  it('orders by match quality, then mentions, unread and recent activity', () => {
    expect(names(quickSwitchItems(p, 'design'))).toEqual(['Design', 'Design System', 'UX design']);
    // Equally good matches: unread mentions first, then unread, then the most recent.
    expect(names(quickSwitchItems(p, 'team'))).toEqual(['Team Gamma', 'Team Bravo', 'Team Alpha']);
  });

  it('lists people without a direct message as people, and those with one as that conversation only', () => {
    const items = quickSwitchItems(p, 'dan');
    expect(items.map((i) => [i.kind, i.name])).toEqual([
      ['conversation', 'Dan Brown'],
      ['person', 'Dana Scully'],
    ]);
    // Blocked people are not offered; the signed-in user neither.
    expect(quickSwitchItems(p, 'eve')).toEqual([]);
    expect(quickSwitchItems(p, 'me tester')).toEqual([]);
  });

  it('with an empty query, lists recent conversations with unread mentions and unread first', () => {
    expect(names(quickSwitchItems(p, '', 4))).toEqual(['UX design', 'Team Gamma', 'Design System', 'Team Bravo']);
  });

  it('among matches of one kind, what the user has beats a shorter name: a direct message before a stranger, unread mentions first', () => {
    // Found in a QA pass as the heavy user: "hana" + Enter started a direct message with Hana Ueda (a name one
    // letter shorter) instead of opening the one with Hana Hayes, and "billing tri" listed the conversation with
    // unread mentions behind three quiet ones whose names were shorter.
    const heavy = foldAll(
      new LogBuilder()
        .add({ type: 'session.started', user: user({ target_user_guid: 'me' }) }, 'rest')
        .add({
          type: 'users.listed',
          users: [
            user({ target_user_guid: 'me' }),
            user({ target_user_guid: 'hayes', first_name: 'Hana', last_name: 'Hayes' }),
            user({ target_user_guid: 'ueda', first_name: 'Hana', last_name: 'Ueda' }),
          ],
        })
        .add({
          type: 'channels.listed',
          channels: [
            channel({ address: 'dm-hayes', name: 'Hana Hayes', channel_type: 0, etype: 'DM', target_user_guid: 'hayes', last_message_ts: 400 }),
            channel({ address: 't932', name: 'billing-triage-932', last_message_ts: 900 }),
            channel({ address: 't258', name: 'billing-triage-258', unread_messages: 4, last_message_ts: 10 }),
            channel({ address: 't2008', name: 'billing-triage-2008', unread_messages: 25, unread_mentions: 2, last_message_ts: 5 }),
          ],
        }).envelopes,
    );
    expect(quickSwitchItems(heavy, 'hana').map((i) => [i.kind, i.name])).toEqual([
      ['conversation', 'Hana Hayes'],
      ['person', 'Hana Ueda'],
    ]);
    expect(names(quickSwitchItems(heavy, 'billing tri'))).toEqual(['billing-triage-2008', 'billing-triage-258', 'billing-triage-932']);
    // A better kind of match still comes first: the exact name before its prefix matches.
    expect(names(quickSwitchItems(heavy, 'billing-triage-932'))[0]).toBe('billing-triage-932');
    // Scattered letters go by how scattered they are before anything else.
    expect(names(quickSwitchItems(p, 'dsys'))[0]).toBe('Design System');
  });

  it('caps the list and strips a leading @ or #', () => {
    expect(quickSwitchItems(p, 'd', 2)).toHaveLength(2);
    expect(names(quickSwitchItems(p, '#random'))).toEqual(['Random']);
    expect(names(quickSwitchItems(p, '@dana'))).toEqual(['Dana Scully']);
  });
});
