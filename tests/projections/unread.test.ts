import { describe, expect, it } from 'vitest';
import { channel, LogBuilder, message, T0, user } from '../../fixtures/builders';
import { foldAll } from '../../projections/fold';
import { recountTotal } from '../../projections/unread';

const me = user({ target_user_guid: 'bob' });
const base = (): LogBuilder =>
  new LogBuilder()
    .add({ type: 'session.started', user: me }, 'rest')
    .add({ type: 'channels.listed', channels: [channel({ address: 'dm', channel_type: 0, etype: 'DM' }), channel({ address: 'design' })] }, 'rest');

const countOf = (log: LogBuilder, address: string) => foldAll(log.envelopes).unread.byAddress.get(address)?.count;

describe('unread counters (spec 1 §4)', () => {
  it('increments on a new message from another user, not on my own', () => {
    const log = base()
      .add({ type: 'message.received', message: message({ guid: 'm1', address: 'dm', created: T0 + 1, from_guid: 'alice' }) })
      .add({ type: 'message.received', message: message({ guid: 'm2', address: 'dm', created: T0 + 2, from_guid: 'bob' }) });
    expect(countOf(log, 'dm')).toBe(1);
  });

  it('counts a message delivered twice once', () => {
    const m = message({ guid: 'm1', address: 'dm', created: T0 + 1, from_guid: 'alice' });
    const log = base().add({ type: 'message.received', message: m }).add({ type: 'message.received', message: m });
    expect(countOf(log, 'dm')).toBe(1);
  });

  it('decrements on deletion of an unread message only', () => {
    const log = base()
      .add({ type: 'message.received', message: message({ guid: 'm1', address: 'dm', created: T0 + 1, from_guid: 'alice' }) })
      .add({ type: 'message.received', message: message({ guid: 'm2', address: 'dm', created: T0 + 2, from_guid: 'alice' }) })
      .add({ type: 'message.deleted', address: 'dm', guid: 'm2' });
    expect(countOf(log, 'dm')).toBe(1);
    log.add({ type: 'channel.viewed', address: 'dm', unread: 0, bookmark: { guid: 'm1', created: T0 + 1 } });
    log.add({ type: 'message.deleted', address: 'dm', guid: 'm1', from_guid: 'alice', created: T0 + 1 });
    expect(countOf(log, 'dm')).toBe(0);
  });

  it('is set on marking viewed, and the bookmark only moves forward', () => {
    const log = base()
      .add({ type: 'message.received', message: message({ guid: 'm1', address: 'dm', created: T0 + 1, from_guid: 'alice' }) })
      .add({ type: 'message.received', message: message({ guid: 'm2', address: 'dm', created: T0 + 2, from_guid: 'alice' }) })
      .add({ type: 'channel.viewed', address: 'dm', unread: 0, bookmark: { guid: 'm2', created: T0 + 2 } })
      .add({ type: 'channel.viewed', address: 'dm', unread: 0, bookmark: { guid: 'm1', created: T0 + 1 } });
    const p = foldAll(log.envelopes);
    expect(p.unread.byAddress.get('dm')).toMatchObject({ count: 0, bookmark: { guid: 'm2' } });
    // A late re-delivery of an already-read message does not count again.
    log.add({ type: 'message.received', message: message({ guid: 'm0', address: 'dm', created: T0, from_guid: 'alice' }) });
    expect(countOf(log, 'dm')).toBe(0);
  });

  it("does not take back a read the server has not heard of yet: a list fetched before the bookmark arrived", () => {
    const log = base()
      .add({ type: 'message.received', message: message({ guid: 'm1', address: 'design', created: T0 + 10, from_guid: 'alice' }) })
      .add({ type: 'channel.viewed', address: 'design', unread: 0, bookmark: { guid: 'm1', created: T0 + 10 } })
      // The bookmark is still in the outbox: the server counts m1 as unread.
      .add({ type: 'channels.listed', channels: [channel({ address: 'design', unread_messages: 1, unread_mentions: 1, last_message_ts: T0 + 10 })] }, 'rest');
    expect(foldAll(log.envelopes).unread.byAddress.get('design')).toMatchObject({ count: 0, mentions: 0 });
    // What came after the bookmark still counts, from the server or from the socket.
    log.add({ type: 'channels.listed', channels: [channel({ address: 'design', unread_messages: 2, last_message_ts: T0 + 30 })] }, 'rest');
    expect(countOf(log, 'design')).toBe(2);
    log.add({ type: 'message.received', message: message({ guid: 'm4', address: 'design', created: T0 + 40, from_guid: 'alice' }) });
    expect(countOf(log, 'design')).toBe(3);
  });

  it("takes the server's count, plus local messages newer than it", () => {
    const log = base()
      .add({ type: 'message.received', message: message({ guid: 'm1', address: 'dm', created: T0 + 10, from_guid: 'alice' }) })
      .add({ type: 'message.received', message: message({ guid: 'm2', address: 'dm', created: T0 + 20, from_guid: 'alice' }) })
      // The list was computed when only m1 existed: its count covers m1, not m2.
      .add({ type: 'channels.listed', channels: [channel({ address: 'dm', channel_type: 0, etype: 'DM', unread_messages: 1, last_message_ts: T0 + 10 })] }, 'rest');
    expect(countOf(log, 'dm')).toBe(2);
    // A socket copy of m1 arriving after the list is not counted again.
    log.add({ type: 'message.received', message: message({ guid: 'm1', address: 'dm', created: T0 + 10, from_guid: 'alice' }) });
    expect(countOf(log, 'dm')).toBe(2);
  });

  it('keeps the total incrementally, equal to a recount', () => {
    const log = base();
    for (let i = 0; i < 20; i++) {
      log.add({ type: 'message.received', message: message({ guid: `m${i}`, address: i % 2 ? 'dm' : 'design', created: T0 + i, from_guid: i % 3 ? 'alice' : 'bob' }) });
    }
    log.add({ type: 'channel.viewed', address: 'dm', unread: 0, bookmark: null });
    log.add({ type: 'channel.removed', address: 'design' });
    const p = foldAll(log.envelopes);
    expect(p.unread.total).toBe(recountTotal(p.unread));
  });
});
