/** messages/search, load_context and global_search in PostgreSQL (PGlite), with their rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadContextResponse, MessageSearchResponse } from '../../protocol/rest/search';
import { loginDemo, startHarness, textJson, type Harness, type Session } from './helpers';

let h: Harness;
let alice: Session, carol: Session, dave: Session;
let engineering: string;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, carol, dave } = await loginDemo(h));
  engineering = (await h.channelByName(dave, 'Engineering')).address;
});
afterAll(() => h?.server.close());

const search = async (s: Session, body: Record<string, unknown>) => MessageSearchResponse.parse(await h.ok('messageSearch', { address: engineering, ...body } as never, s));
const texts = (r: { messages: { message: { parts: { type: string; text?: string }[] } }[] }) =>
  r.messages.map((m) => m.message.parts.map((p) => p.text ?? '').join(''));

describe('messages/search', () => {
  it('matches words by prefix, newest first, with context and the terms', async () => {
    const r = await search(dave, { term: 'stag' });
    // The checklist matches through its bullet "Smoke tests on staging", inside a list part.
    expect(texts(r)).toEqual([
      'Staging is down for a database upgrade until 15:00. Please hold deploys.',
      'Staging deploy is done. One flaky test in the socket suite, looking into it.',
      'Targeting next Tuesday if staging stays green.',
      'Release checklist for 2.3:',
    ]);
    expect(r.result_count).toBe(4);
    expect(r.terms).toEqual(['stag']);
    const hit = r.messages[1]!;
    expect(hit.is_search_hit).toBe(true);
    expect(hit.before.map((m) => m.parts[0])).toEqual([{ type: 'text', text: 'Targeting next Tuesday if staging stays green.' }]);
    expect(hit.after.map((m) => m.parts[1])).toEqual([{ type: 'text', text: expect.stringContaining('the new icons are in the design repo') }]);
    // Every word must match; mentions' names are searchable.
    expect(texts(await search(dave, { term: 'flaky fixed' }))).toEqual(['Flaky test fixed: a timer was not being cleared between runs.']);
    expect((await search(dave, { term: 'Dave icons' })).result_count).toBe(1);
  });

  it('filters by author, date range and flags; an empty term needs a filter (sent as a space)', async () => {
    // Bob's five top-level messages in Engineering (his reply in the checklist's thread lives in the thread).
    const byBob = await search(dave, { term: ' ', from_name: 'bob' });
    expect(byBob.result_count).toBe(5);
    const all = await search(dave, { term: ' ', from_name: 'b' });
    const created = all.messages.map((m) => m.message.created);
    const since = created[1]!;
    const recent = await search(dave, { term: ' ', from_name: 'b', date_range: { start: since, end: null } });
    expect(recent.messages.map((m) => m.message.created)).toEqual(created.filter((c) => c >= since));
    expect((await search(dave, { term: 'sprint', date_range: { start: null, end: since } })).result_count).toBe(1);

    const target = all.messages[0]!.message.guid;
    // Flags are per user: Dave's flag counts for Dave's search.
    await h.server.db.query('INSERT INTO message_flags (message_guid, user_guid, flag, created) VALUES ($1, $2, 3, 0)', [target, dave.user_guid]);
    expect((await search(dave, { term: ' ', flags: [3, 4] })).messages.map((m) => m.message.guid)).toEqual([target]);
    expect((await search(dave, { term: ' ', flags: [5] })).result_count).toBe(0);
    // Files only: messages that share a file (none of the demo's Engineering messages does, until one is given a file).
    expect((await search(dave, { term: 'staging', include_files: true })).result_count).toBe(0);
    const file = { file_guid: 'f-postmortem', file_name: 'postmortem.pdf', file_link: 'https://files.acme.test/postmortem.pdf', file_size: 48_213, hosting_type: 0 };
    await h.server.db.query('UPDATE messages SET file_json = $1 WHERE guid = $2', [JSON.stringify(file), target]);
    const withFiles = await search(dave, { term: ' ', include_files: true });
    expect(withFiles.messages.map((m) => m.message.guid)).toEqual([target]);
    // A hit shows its file, as the conversation does.
    expect(withFiles.messages[0]!.message).toMatchObject(file);
    await h.server.db.query('UPDATE messages SET file_json = NULL WHERE guid = $1', [target]);

    const refused = await h.call('messageSearch', { address: engineering, term: ' ' }, dave);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Type a search term or choose a filter.');
    expect((await h.call('messageSearch', { address: engineering, term: '' }, dave)).status).toBe(400);
    expect((await h.call('messageSearch', { address: engineering, term: 'x', date_range: { start: 10, end: 5 } }, dave)).status).toBe(400);
  });

  it('finds nothing in deleted messages, and is refused outside your channels', async () => {
    const posted = await h.ok('post', { address: engineering, json: textJson('zebracrossing notes'), is_urgent: false }, dave);
    expect((await search(dave, { term: 'zebracross' })).result_count).toBe(1);
    await h.ok('deleteMessage', { address: engineering, guid: posted.message.guid }, dave);
    expect((await search(dave, { term: 'zebracross' })).result_count).toBe(0);
    const design = (await h.channelByName(carol, 'Design')).address;
    expect((await h.call('messageSearch', { address: design, term: 'mockups' }, dave)).status).toBe(404);
  });

  it('pages by 50 with the total count', async () => {
    for (let i = 0; i < 55; i++) await h.ok('post', { address: engineering, json: textJson(`pagination probe ${i}`), is_urgent: false }, dave);
    const first = await search(dave, { term: 'pagination probe' });
    const second = await search(dave, { term: 'pagination probe', page: 1 });
    expect(first.result_count).toBe(55);
    expect(first.messages).toHaveLength(50);
    expect(second.messages).toHaveLength(5);
    expect(texts(second).at(-1)).toBe('pagination probe 0');
  });
});

describe('messages/load_context', () => {
  it('returns the messages around a hit and pages further either way', async () => {
    const hit = (await search(dave, { term: 'pagination probe 30' })).messages.find((m) => texts({ messages: [m] })[0] === 'pagination probe 30')!;
    const both = LoadContextResponse.parse(await h.ok('loadContext', { address: engineering, guid: hit.message.guid }, dave));
    expect(both.messages).toHaveLength(50);
    expect(both.messages[25]!.guid).toBe(hit.message.guid);
    expect(both.has_before).toBe(true); // the seeded history and probes 0–4 lie before
    expect(both.has_after).toBe(false); // probes 31–54: 24 messages, all in the window
    // Hits and the messages around them carry what the conversation shows of a message: the checklist's thread summary.
    const checklistHit = (await search(dave, { term: 'checklist' })).messages[0]!;
    const checklist = checklistHit.message;
    expect(checklist.reply_count).toBe(3);
    expect(checklist.last_reply_ts).toBeGreaterThan(checklist.created);
    const next = checklistHit.after[0]!;
    const aroundNext = LoadContextResponse.parse(await h.ok('loadContext', { address: engineering, guid: next.guid }, dave));
    expect(aroundNext.messages.find((m) => m.guid === checklist.guid)).toMatchObject({ reply_count: 3, last_reply_ts: checklist.last_reply_ts });
    const created = both.messages.map((m) => m.created);
    expect([...created].sort((a, b) => a - b)).toEqual(created);
    const older = LoadContextResponse.parse(await h.ok('loadContext', { address: engineering, guid: both.messages[0]!.guid, direction: 'before' }, dave));
    expect(older.messages.at(-1)!.created).toBeLessThan(both.messages[0]!.created);
    expect(older.has_before).toBe(false);
    expect((await h.call('loadContext', { address: engineering, guid: 'nope' }, dave)).status).toBe(404);
    const design = (await h.channelByName(alice, 'Design')).address;
    expect((await h.call('loadContext', { address: design, guid: hit.message.guid }, alice)).status).toBe(404);
  });
});

describe('messages/global_search', () => {
  it('searches every channel of the user, and only those', async () => {
    const carolHits = MessageSearchResponse.parse(await h.ok('globalSearch', { term: 'mockups' }, carol));
    expect(carolHits.messages.map((m) => m.message.address)).toEqual([(await h.channelByName(carol, 'Design')).address]);
    const daveHits = MessageSearchResponse.parse(await h.ok('globalSearch', { term: 'mockups' }, dave));
    expect(daveHits.result_count).toBe(0);
    const welcome = MessageSearchResponse.parse(await h.ok('globalSearch', { term: 'welcome' }, alice));
    expect(new Set(welcome.messages.map((m) => m.message.address)).size).toBeGreaterThan(1);
    const flagged = MessageSearchResponse.parse(await h.ok('globalSearch', { term: ' ', flagged: true }, dave));
    expect(flagged.result_count).toBe(1);
    expect((await h.call('globalSearch', { term: ' ' }, dave)).status).toBe(400);
  });
});
