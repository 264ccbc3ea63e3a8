/**
 * Threads, reactions, flags, the "New messages" divider and the emoji settings,
 * as folds: what each event does, and (STYLE.md principle 3) that folding a
 * log incrementally from a rebuilt prefix equals folding it from scratch.
 */
import { describe, expect, it } from 'vitest';
import { channel, LogBuilder, message, T0, user } from '../../fixtures/builders';
import { canonicalJson } from '../../projections/canonical';
import { createChangeSet } from '../../projections/changes';
import { applyEnvelope, foldAll, type Projections } from '../../projections/fold';
import { recentEmoji } from '../../projections/message-settings';
import { recountTotal } from '../../projections/unread';
import type { DomainEvent } from '../../protocol/events';
import { prng } from '../../protocol/prng';

const me = user({ target_user_guid: 'me' });
const start = () =>
  new LogBuilder().add({ type: 'session.started', user: me }, 'rest').add({ type: 'channels.listed', channels: [channel({ address: 'a' }), channel({ address: 'b' })] });
const msg = (guid: string, created: number, extra: Partial<Parameters<typeof message>[0]> = {}) =>
  message({ guid, address: 'a', created: T0 + created, from_guid: 'alice', ...extra });
const parentOf = (p: Projections, guid: string, address = 'a') => p.messages.byAddress.get(address)?.byGuid.get(guid);

describe('threads', () => {
  it('keeps replies out of the conversation and its unread count, and counts them once on their first message', () => {
    const log = start()
      .add({ type: 'message.received', message: msg('p', 1) })
      .add({ type: 'message.received', message: msg('r1', 2, { reply_to: 'p' }) })
      .add({ type: 'message.received', message: msg('r1', 2, { reply_to: 'p' }) }) // heard twice: socket and response
      .add({ type: 'message.received', message: msg('r2', 3, { reply_to: 'p', from_guid: 'me' }) });
    const p = foldAll(log.envelopes);
    expect(p.messages.byAddress.get('a')!.order).toEqual(['p']);
    expect(parentOf(p, 'p')).toMatchObject({ reply_count: 2, last_reply_ts: T0 + 3 });
    expect(p.unread.byAddress.get('a')!.count).toBe(1);
    expect(p.channels.byAddress.get('a')!.lastMessage?.guid).toBe('p');
  });

  it('takes the server count from history unless a newer live reply is already counted', () => {
    const p = foldAll(
      start()
        .add({ type: 'message.received', message: msg('p', 1) })
        .add({ type: 'message.received', message: msg('r3', 9, { reply_to: 'p' }) })
        // A history page computed before r3 arrives after it.
        .add({ type: 'history.loaded', address: 'a', page: 0, page_size: 50, messages: [msg('p', 1, { reply_count: 2, last_reply_ts: T0 + 5 })] }).envelopes,
    );
    expect(parentOf(p, 'p')).toMatchObject({ reply_count: 1, last_reply_ts: T0 + 9 });
    const q = foldAll(start().add({ type: 'history.loaded', address: 'a', page: 0, page_size: 50, messages: [msg('p', 1, { reply_count: 2, last_reply_ts: T0 + 5 })] }).envelopes);
    expect(parentOf(q, 'p')).toMatchObject({ reply_count: 2, last_reply_ts: T0 + 5 });
  });

  it('loads a thread, adds live replies, and on deletion lowers the count once and falls back to the previous reply time', () => {
    const log = start()
      .add({ type: 'history.loaded', address: 'a', page: 0, page_size: 50, messages: [msg('p', 1, { reply_count: 2, last_reply_ts: T0 + 3 })] })
      .add({ type: 'thread.opened', thread: { address: 'a', guid: 'p' } })
      .add({ type: 'thread.loaded', address: 'a', parent: msg('p', 1, { reply_count: 2, last_reply_ts: T0 + 3 }), replies: [msg('r1', 2, { reply_to: 'p' }), msg('r2', 3, { reply_to: 'p' })] })
      .add({ type: 'message.received', message: msg('r3', 4, { reply_to: 'p' }) });
    let p = foldAll(log.envelopes);
    expect(p.threads.byParent.get('p')!.order).toEqual(['r1', 'r2', 'r3']);
    expect(parentOf(p, 'p')).toMatchObject({ reply_count: 3, last_reply_ts: T0 + 4 });
    log
      .add({ type: 'message.deleted', address: 'a', guid: 'r3', reply_to: 'p', created: T0 + 4, from_guid: 'alice' })
      .add({ type: 'message.deleted', address: 'a', guid: 'r3', reply_to: 'p', created: T0 + 4, from_guid: 'alice' })
      // A late copy of the deleted reply does not come back.
      .add({ type: 'message.received', message: msg('r3', 4, { reply_to: 'p' }) });
    p = foldAll(log.envelopes);
    expect(p.threads.byParent.get('p')!.order).toEqual(['r1', 'r2']);
    expect(parentOf(p, 'p')).toMatchObject({ reply_count: 2, last_reply_ts: T0 + 3 });
  });

  it('drops a thread whose first message is deleted, and closes the panel when another conversation opens', () => {
    const log = start()
      .add({ type: 'channel.opened', address: 'a' })
      .add({ type: 'thread.opened', thread: { address: 'a', guid: 'p' } })
      .add({ type: 'thread.loaded', address: 'a', parent: msg('p', 1), replies: [msg('r1', 2, { reply_to: 'p' })] });
    expect(foldAll(log.envelopes).threads.open).toEqual({ address: 'a', guid: 'p' });
    log.add({ type: 'message.deleted', address: 'a', guid: 'p' });
    expect(foldAll(log.envelopes).threads.byParent.has('p')).toBe(false);
    log.add({ type: 'channel.opened', address: 'b' });
    expect(foldAll(log.envelopes).threads.open).toBeNull();
  });
});

describe('reactions and flags', () => {
  it('toggles the user\'s reaction everywhere the message is, and the full list from the server replaces it', () => {
    const log = start()
      .add({ type: 'message.received', message: msg('p', 1) })
      .add({ type: 'thread.loaded', address: 'a', parent: msg('p', 1), replies: [msg('r', 2, { reply_to: 'p' })] })
      .add({ type: 'reaction.toggled', address: 'a', guid: 'p', user_guid: 'me', content: '👍', on: true })
      .add({ type: 'reaction.toggled', address: 'a', guid: 'r', user_guid: 'me', content: '🎉', on: true });
    let p = foldAll(log.envelopes);
    expect(parentOf(p, 'p')!.reactions).toEqual([{ target_user_guid: 'me', content: '👍' }]);
    expect(p.threads.byParent.get('p')!.parent.reactions).toEqual([{ target_user_guid: 'me', content: '👍' }]);
    expect(p.threads.byParent.get('p')!.byGuid.get('r')!.reactions).toEqual([{ target_user_guid: 'me', content: '🎉' }]);
    // Refused: the opposite event undoes it.
    log.add({ type: 'reaction.toggled', address: 'a', guid: 'p', user_guid: 'me', content: '👍', on: false });
    log.add({ type: 'reactions.changed', address: 'a', guid: 'r', reactions: [{ target_user_guid: 'bob', content: '🎉' }] });
    p = foldAll(log.envelopes);
    expect(parentOf(p, 'p')!.reactions).toEqual([]);
    expect(p.threads.byParent.get('p')!.byGuid.get('r')!.reactions).toEqual([{ target_user_guid: 'bob', content: '🎉' }]);
  });

  it('keeps the flagged list: loaded pages, flags set from a conversation or a thread, removed on unflag or deletion', () => {
    const log = start()
      .add({ type: 'message.received', message: msg('p', 1) })
      .add({ type: 'thread.loaded', address: 'a', parent: msg('p', 1), replies: [msg('r', 2, { reply_to: 'p' })] })
      .add({ type: 'flagged.loaded', page: 0, page_size: 50, messages: [msg('old', 0, { address: 'b', flag: 3 })] })
      .add({ type: 'flag.set', address: 'a', guid: 'p', flag: 5 })
      .add({ type: 'flag.set', address: 'a', guid: 'r', flag: 9 })
      .add({ type: 'flag.set', address: 'b', guid: 'unknown', flag: 1 });
    let p = foldAll(log.envelopes);
    expect([...p.flagged.byGuid.values()].map((m) => [m.guid, m.flag])).toEqual([
      ['old', 3],
      ['p', 5],
      ['r', 9],
    ]);
    expect(parentOf(p, 'p')!.flag).toBe(5);
    expect(p.flagged.isComplete).toBe(true);
    log.add({ type: 'flag.set', address: 'b', guid: 'old', flag: 0 }).add({ type: 'message.deleted', address: 'a', guid: 'r', reply_to: 'p' });
    p = foldAll(log.envelopes);
    expect([...p.flagged.byGuid.keys()]).toEqual(['p']);
  });
});

describe('the New messages divider', () => {
  it('goes before the first of the messages unread at opening, and stays while the conversation is open', () => {
    const log = start()
      .add({ type: 'history.loaded', address: 'a', page: 0, page_size: 50, messages: [msg('m1', 1), msg('m2', 2), msg('m3', 3, { from_guid: 'me' }), msg('m4', 4), msg('m5', 5)] })
      .add({ type: 'channels.listed', channels: [channel({ address: 'a', unread_messages: 2, last_message_ts: T0 + 5 }), channel({ address: 'b' })] })
      .add({ type: 'channel.opened', address: 'a' })
      .add({ type: 'channel.viewed', address: 'a', unread: 0, bookmark: { guid: 'm5', created: T0 + 5 } })
      .add({ type: 'message.received', message: msg('m6', 6) });
    let p = foldAll(log.envelopes);
    expect(p.reading).toMatchObject({ address: 'a', firstUnread: 'm4', unreadAtOpen: 2 });
    // Deleting the divider's message moves it to the next unread one.
    log.add({ type: 'message.deleted', address: 'a', guid: 'm4', from_guid: 'alice', created: T0 + 4 });
    p = foldAll(log.envelopes);
    expect(p.reading).toMatchObject({ firstUnread: 'm5', unreadAtOpen: 1 });
    log.add({ type: 'channel.opened', address: 'b' });
    expect(foldAll(log.envelopes).reading.firstUnread).toBeNull();
  });

  it('is provisional until enough history is loaded (skipping the user\'s own messages)', () => {
    const log = start()
      .add({ type: 'channels.listed', channels: [channel({ address: 'a', unread_messages: 3, last_message_ts: T0 + 9 }), channel({ address: 'b' })] })
      .add({ type: 'channel.opened', address: 'a' })
      .add({ type: 'history.loaded', address: 'a', page: 0, page_size: 2, messages: [msg('m8', 8), msg('m9', 9)] });
    expect(foldAll(log.envelopes).reading).toMatchObject({ firstUnread: 'm8', settled: false });
    log.add({ type: 'history.loaded', address: 'a', page: 1, page_size: 2, messages: [msg('m6', 6), msg('m7', 7, { from_guid: 'me' })] });
    expect(foldAll(log.envelopes).reading).toMatchObject({ firstUnread: 'm6', settled: true });
  });
});

describe('emoji settings', () => {
  it('counts uses by base emoji and lists the top 36 by count in the chosen skin tone', () => {
    const log = start();
    const uses = ['👍', '👍🏽', '🎉', '👍', '🎉', '❤️'];
    for (const emoji of uses) log.advance(1_000).add({ type: 'emoji.used', emoji });
    log.advance(1_000).add({ type: 'reaction.toggled', address: 'a', guid: 'x', user_guid: 'me', content: '🚀', on: true });
    log.add({ type: 'skin_tone.selected', tone: 4 });
    let p = foldAll(log.envelopes);
    expect(p.messageSettings.stats.get('👍')!.count).toBe(3);
    expect(recentEmoji(p.messageSettings)).toEqual(['👍🏾', '🎉', '🚀', '❤️']);
    for (let i = 0; i < 40; i++) log.add({ type: 'emoji.used', emoji: `:e${i}:` });
    p = foldAll(log.envelopes);
    expect(recentEmoji(p.messageSettings)).toHaveLength(36);
    expect(recentEmoji(p.messageSettings).slice(0, 2)).toEqual(['👍🏾', '🎉']);
    log.add({ type: 'message_settings.loaded', settings: { selected_skin_tone: 1, emoji_stats: { '✌️': { count: 2, last: T0 } } } });
    expect(recentEmoji(foldAll(log.envelopes).messageSettings)).toEqual(['✌🏻']);
  });
});


/** Random logs mixing conversations, threads, reactions, flags, deletions, the divider and emoji settings. */
function randomLog(seed: number, length: number): LogBuilder {
  const rand = prng(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const addresses = ['a', 'b', 'c'];
  const people = ['me', 'alice', 'carol'];
  const log = new LogBuilder().add({ type: 'session.started', user: me }, 'rest');
  const tops: { guid: string; address: string; created: number; from: string }[] = [];
  const replies: { guid: string; address: string; created: number; from: string; parent: string }[] = [];
  let n = 0;
  const wire = (m: { guid: string; address: string; created: number; from: string }, extra: Partial<Parameters<typeof message>[0]> = {}) =>
    message({ guid: m.guid, address: m.address, created: m.created, from_guid: m.from, ...extra });
  for (let i = 0; i < length; i++) {
    log.advance(1 + Math.floor(rand() * 2_000));
    const r = rand();
    let event: DomainEvent;
    if (r < 0.2 || tops.length === 0) {
      const m = { guid: `m${n++}`, address: pick(addresses), created: log.now, from: pick(people) };
      tops.push(m);
      event = { type: 'message.received', message: wire(m) };
    } else if (r < 0.35) {
      const parent = pick(tops);
      const m = { guid: `m${n++}`, address: parent.address, created: log.now, from: pick(people), parent: parent.guid };
      replies.push(m);
      event = { type: 'message.received', message: wire(m, { reply_to: parent.guid }) };
    } else if (r < 0.4 && replies.length) {
      const m = pick(replies);
      event = { type: 'message.received', message: wire(m, { reply_to: m.parent }) }; // duplicate delivery
    } else if (r < 0.47) {
      const parent = pick(tops);
      const own = replies.filter((x) => x.parent === parent.guid);
      event = { type: 'thread.loaded', address: parent.address, parent: wire(parent, { reply_count: own.length, last_reply_ts: own.at(-1)?.created ?? null }), replies: own.map((x) => wire(x, { reply_to: x.parent })) };
    } else if (r < 0.52) {
      const parent = pick(tops);
      event = { type: 'thread.opened', thread: rand() < 0.8 ? { address: parent.address, guid: parent.guid } : null };
    } else if (r < 0.58) {
      const m = rand() < 0.5 && replies.length ? pick(replies) : pick(tops);
      event = { type: 'reaction.toggled', address: m.address, guid: m.guid, user_guid: 'me', content: pick(['👍', '🎉', '👍🏽']), on: rand() < 0.7 };
    } else if (r < 0.62) {
      const m = pick(tops);
      event = { type: 'reactions.changed', address: m.address, guid: m.guid, reactions: [{ target_user_guid: pick(people), content: '👍' }] };
    } else if (r < 0.68) {
      const m = rand() < 0.5 && replies.length ? pick(replies) : pick(tops);
      event = { type: 'flag.set', address: m.address, guid: m.guid, flag: Math.floor(rand() * 13) };
    } else if (r < 0.71) {
      const some = [...tops, ...replies].filter(() => rand() < 0.2);
      event = { type: 'flagged.loaded', page: rand() < 0.7 ? 0 : 1, page_size: 5, messages: some.map((m) => wire(m, { flag: 1 + Math.floor(rand() * 12), reply_to: 'parent' in m ? (m as { parent: string }).parent : null })) };
    } else if (r < 0.77) {
      const m = rand() < 0.5 && replies.length ? pick(replies) : pick(tops);
      const isReply = 'parent' in m;
      event = { type: 'message.deleted', address: m.address, guid: m.guid, ...(rand() < 0.7 ? { from_guid: m.from, created: m.created } : {}), reply_to: isReply ? (m as { parent: string }).parent : null };
    } else if (r < 0.82) {
      const address = pick(addresses);
      const page = tops.filter((m) => m.address === address).slice(-4);
      event = {
        type: 'history.loaded',
        address,
        page: 0,
        page_size: 4,
        messages: page.map((m) => {
          const own = replies.filter((x) => x.parent === m.guid);
          return wire(m, { reply_count: own.length, last_reply_ts: own.at(-1)?.created ?? null });
        }),
      };
    } else if (r < 0.86) {
      event = { type: 'channel.opened', address: pick([...addresses, null]) };
    } else if (r < 0.89) {
      const address = pick(addresses);
      const last = tops.filter((m) => m.address === address).at(-1);
      event = { type: 'channel.viewed', address, unread: 0, bookmark: last ? { guid: last.guid, created: last.created } : null };
    } else if (r < 0.92) {
      event = { type: 'emoji.used', emoji: pick(['👍', '👍🏿', '🎉', '❤️', ':x:']) };
    } else if (r < 0.94) {
      event = { type: 'skin_tone.selected', tone: Math.floor(rand() * 6) };
    } else if (r < 0.97) {
      const kept = addresses.filter(() => rand() < 0.85);
      event = { type: 'channels.listed', channels: kept.map((address) => channel({ address, unread_messages: Math.floor(rand() * 4) })) };
    } else {
      event = { type: 'channel.removed', address: pick(addresses) };
    }
    log.add(event);
  }
  return log;
}

describe('incremental folding equals rebuilding, with threads, reactions, flags and settings', () => {
  it('for 200 random logs, resumed from a rebuilt prefix', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { envelopes } = randomLog(seed, 150);
      const fromScratch = canonicalJson(foldAll(envelopes));
      const cut = (seed * 7) % envelopes.length;
      const live = foldAll(envelopes.slice(0, cut));
      const changes = createChangeSet();
      for (const envelope of envelopes.slice(cut)) applyEnvelope(live, envelope, changes);
      expect(canonicalJson(live), `seed ${seed}`).toBe(fromScratch);
      expect(live.unread.total, `seed ${seed}`).toBe(recountTotal(live.unread));
      // Replies never enter a conversation's list; deleted messages never stay anywhere.
      for (const store of live.messages.byAddress.values()) for (const m of store.byGuid.values()) expect(m.reply_to).toBeNull();
      for (const guid of live.messages.deleted) {
        expect(live.flagged.byGuid.has(guid), `seed ${seed}`).toBe(false);
        for (const t of live.threads.byParent.values()) expect(t.byGuid.has(guid)).toBe(false);
      }
    }
  });
});
