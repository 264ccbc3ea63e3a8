/** Folds that keep the state exact when input arrives late, twice or out of order; the resync flag; the outbox. */
import { describe, expect, it } from 'vitest';
import { channel, LogBuilder, message, T0, user } from '../../fixtures/builders';
import { foldAll } from '../../projections/fold';
import type { OutboxEntry } from '../../protocol/outbox';

const me = user({ target_user_guid: 'me' });
const base = () =>
  new LogBuilder().add({ type: 'session.started', user: me }, 'rest').add({ type: 'channels.listed', channels: [channel({ address: 'a' })] }, 'rest');
const msg = (guid: string, created: number, change_seq: number | null, text = guid, from_guid = 'alice') =>
  message({ guid, address: 'a', created, from_guid, change_seq, text });
const texts = (log: LogBuilder) => {
  const store = foldAll(log.envelopes).messages.byAddress.get('a')!;
  return store.order.map((g) => (store.byGuid.get(g)!.parts[0] as { text: string }).text);
};

describe('messages and unread under reordering', () => {
  it('keeps the newest version of a message: a late older copy changes nothing', () => {
    const log = base()
      .add({ type: 'message.received', message: msg('x', T0 + 1, 10, 'newer') })
      .add({ type: 'message.received', message: msg('x', T0 + 1, 9, 'older') });
    expect(texts(log)).toEqual(['newer']);
    log.add({ type: 'message.received', message: msg('x', T0 + 1, 11, 'newest') });
    expect(texts(log)).toEqual(['newest']);
  });

  it('never brings a deleted message back, whichever way the frames come', () => {
    const deleteThenLate = base()
      .add({ type: 'message.received', message: msg('x', T0 + 1, 10) })
      .add({ type: 'message.deleted', address: 'a', guid: 'x', change_seq: 11 })
      .add({ type: 'message.received', message: msg('x', T0 + 1, 10) });
    expect(texts(deleteThenLate)).toEqual([]);
    // The deletion overtook the message itself: the message never appears, and is never counted.
    const overtaken = base()
      .add({ type: 'message.deleted', address: 'a', guid: 'y', from_guid: 'alice', created: T0 + 2, change_seq: 13 })
      .add({ type: 'message.received', message: msg('y', T0 + 2, 12) })
      .add({ type: 'history.loaded', address: 'a', page: 0, page_size: 50, messages: [msg('y', T0 + 2, 12)] });
    const p = foldAll(overtaken.envelopes);
    expect(p.messages.byAddress.get('a')!.order).toEqual([]);
    expect(p.unread.byAddress.get('a')!.count).toBe(0);
    expect(p.channels.byAddress.get('a')!.lastMessage).toBeNull();
  });

  it('counts a repeated deletion once', () => {
    const log = base()
      .add({ type: 'message.received', message: msg('x', T0 + 1, 10) })
      .add({ type: 'message.received', message: msg('z', T0 + 2, 11) });
    expect(foldAll(log.envelopes).unread.byAddress.get('a')!.count).toBe(2);
    const del = { type: 'message.deleted', address: 'a', guid: 'x', from_guid: 'alice', created: T0 + 1 } as const;
    log.add(del).add(del).add({ ...del, change_seq: 12 });
    expect(foldAll(log.envelopes).unread.byAddress.get('a')!.count).toBe(1);
  });

  it('keeps the catch-up cursor, moving only forward; a reset drops the stores and sets it', () => {
    const log = base()
      .add({ type: 'message.received', message: msg('x', T0 + 1, 10) })
      .add({ type: 'sync.advanced', cursor: 40 })
      .add({ type: 'sync.advanced', cursor: 30 });
    expect(foldAll(log.envelopes).messages.cursor).toBe(40);
    log.add({ type: 'messages.reset', cursor: 90 });
    const p = foldAll(log.envelopes);
    expect(p.messages.cursor).toBe(90);
    expect(p.messages.byAddress.size).toBe(0);
    expect(p.unread.byAddress.get('a')!.count).toBe(1); // counters are the channel list's business
  });
});

describe('the resync flag (the spec\'s delayed reload)', () => {
  const states = (log: LogBuilder, ...steps: [number, 'connecting' | 'online' | 'offline'][]) => {
    for (const [after, state] of steps) log.advance(after).add({ type: 'connection.changed', state });
    return foldAll(log.envelopes).connection;
  };

  it('is raised by a reconnect after more than 5 s away from online, not by a short blip', () => {
    expect(states(base(), [0, 'online'], [0, 'offline'], [3_000, 'connecting'], [1_500, 'online']).resync).toBe(false);
    expect(states(base(), [0, 'online'], [0, 'offline'], [3_000, 'connecting'], [1_000, 'offline'], [1_500, 'connecting'], [10, 'online']).resync).toBe(true);
  });

  it('is raised by a time jump and cleared by a completed catch-up', () => {
    const log = base();
    log.add({ type: 'connection.changed', state: 'online' }).add({ type: 'clock.jumped', by: 3_600_000 });
    expect(foldAll(log.envelopes).connection.resync).toBe(true);
    log.add({ type: 'sync.completed' });
    expect(foldAll(log.envelopes).connection.resync).toBe(false);
  });
});

describe('the outbox projection', () => {
  const post = (id: string, over: Partial<OutboxEntry<'post'>> = {}): OutboxEntry<'post'> => ({
    id,
    kind: 'post',
    address: 'a',
    payload: { json: '[]', parts: [{ type: 'text', text: id }], is_urgent: false, reply_to: null },
    queuedAt: T0,
    state: 'pending',
    error: null,
    ...over,
  });

  it('holds queued entries in order through failure, retry and removal', () => {
    const log = base().add({ type: 'outbox.queued', entry: post('p1') }).add({ type: 'outbox.queued', entry: post('p2') });
    expect([...foldAll(log.envelopes).outbox.byId.keys()]).toEqual(['p1', 'p2']);
    log.add({ type: 'outbox.failed', id: 'p1', error: 'No channel found' });
    expect(foldAll(log.envelopes).outbox.byId.get('p1')).toMatchObject({ state: 'failed', error: 'No channel found' });
    log.add({ type: 'outbox.retried', id: 'p1' });
    expect(foldAll(log.envelopes).outbox.byId.get('p1')).toMatchObject({ state: 'pending', error: null });
    log.add({ type: 'outbox.removed', id: 'p2', reason: 'sent' });
    expect([...foldAll(log.envelopes).outbox.byId.keys()]).toEqual(['p1']);
  });

  it('lets a post go as soon as its message arrives by any path, matched by client_guid', () => {
    const own = (guid: string, client_guid: string) => ({ ...msg(guid, T0 + 5, 20, guid, 'me'), client_guid });
    const bySocket = base().add({ type: 'outbox.queued', entry: post('c1') }).add({ type: 'message.received', message: own('m1', 'c1') });
    expect(foldAll(bySocket.envelopes).outbox.byId.size).toBe(0);
    const byHistory = base()
      .add({ type: 'outbox.queued', entry: post('c2') })
      .add({ type: 'history.loaded', address: 'a', page: 0, page_size: 50, messages: [own('m2', 'c2')] });
    expect(foldAll(byHistory.envelopes).outbox.byId.size).toBe(0);
    // Someone else's message with the same client_guid is not ours (client_guid is unique per author on the server; the outbox only holds ours).
    const unrelated = base().add({ type: 'outbox.queued', entry: post('c3') }).add({ type: 'message.received', message: msg('m3', T0 + 5, 21) });
    expect(foldAll(unrelated.envelopes).outbox.byId.size).toBe(1);
  });

  it('is replaced by what was stored at start, in queue order', () => {
    const log = base()
      .add({ type: 'outbox.queued', entry: post('gone') })
      .add({ type: 'outbox.restored', entries: [post('late', { queuedAt: T0 + 9 }), post('early', { queuedAt: T0 + 1, state: 'failed', error: 'x' })] });
    const p = foldAll(log.envelopes);
    expect([...p.outbox.byId.keys()]).toEqual(['early', 'late']);
    expect(p.outbox.byId.get('early')!.state).toBe('failed');
  });
});
