import { describe, expect, it } from 'vitest';
import { channel, LogBuilder, message, T0, user } from '../../fixtures/builders';
import { foldAll } from '../../projections/fold';
import { connectionStatus } from '../../projections/connection';
import { nextTypingExpiry } from '../../projections/typing';

const me = user({ target_user_guid: 'bob' });
const start = () =>
  new LogBuilder().add({ type: 'session.started', user: me }, 'rest').add({ type: 'channels.listed', channels: [channel({ address: 'c' })] }, 'rest');

describe('paged message store', () => {
  it('merges pages and live messages in display order, once each', () => {
    const page0 = [3, 4, 5].map((i) => message({ guid: `m${i}`, address: 'c', created: T0 + i, from_guid: 'alice' }));
    const page1 = [1, 2, 3].map((i) => message({ guid: `m${i}`, address: 'c', created: T0 + i, from_guid: 'alice' }));
    const log = start()
      .add({ type: 'message.received', message: message({ guid: 'm6', address: 'c', created: T0 + 6, from_guid: 'carol' }) })
      .add({ type: 'history.loaded', address: 'c', page: 0, page_size: 3, messages: page0 }, 'rest')
      .add({ type: 'history.loaded', address: 'c', page: 1, page_size: 3, messages: page1 }, 'rest');
    const store = foldAll(log.envelopes).messages.byAddress.get('c')!;
    expect(store.order).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(store).toMatchObject({ page: 1, page_size: 3, isComplete: false });
    log.add({ type: 'history.loaded', address: 'c', page: 2, page_size: 3, messages: [] }, 'rest');
    expect(foldAll(log.envelopes).messages.byAddress.get('c')!.isComplete).toBe(true);
  });

  it('orders equal timestamps by guid, deletes and updates reactions', () => {
    const log = start()
      .add({ type: 'message.received', message: message({ guid: 'b', address: 'c', created: T0, from_guid: 'alice' }) })
      .add({ type: 'message.received', message: message({ guid: 'a', address: 'c', created: T0, from_guid: 'alice' }) })
      .add({ type: 'reactions.changed', address: 'c', guid: 'a', reactions: [{ target_user_guid: 'bob', content: '👍' }] })
      .add({ type: 'message.deleted', address: 'c', guid: 'b' });
    const store = foldAll(log.envelopes).messages.byAddress.get('c')!;
    expect(store.order).toEqual(['a']);
    expect(store.byGuid.get('a')!.reactions).toHaveLength(1);
  });

  it('keeps the last message of the channel current, also after deleting it', () => {
    const log = start()
      .add({ type: 'message.received', message: message({ guid: 'm1', address: 'c', created: T0 + 1, from_guid: 'alice', text: 'first' }) })
      .add({ type: 'message.received', message: message({ guid: 'm2', address: 'c', created: T0 + 2, from_guid: 'alice', text: 'second' }) });
    expect(foldAll(log.envelopes).channels.byAddress.get('c')!.lastMessage?.guid).toBe('m2');
    log.add({ type: 'message.deleted', address: 'c', guid: 'm2' });
    expect(foldAll(log.envelopes).channels.byAddress.get('c')!.lastMessage?.guid).toBe('m1');
  });
});

describe('typing indicators', () => {
  it('expire 5 s after the TYP, by envelope time', () => {
    const log = start().add({ type: 'typing.started', address: 'c', user_guid: 'alice', name: 'Alice A' });
    expect(nextTypingExpiry(foldAll(log.envelopes).typing)).toBe(T0 + 5_000);
    log.advance(4_999).add({ type: 'clock.ticked' }, 'timer');
    expect(foldAll(log.envelopes).typing.byAddress.get('c')?.size).toBe(1);
    log.advance(1).add({ type: 'clock.ticked' }, 'timer');
    expect(foldAll(log.envelopes).typing.byAddress.has('c')).toBe(false);
  });

  it('stop when the typist posts, and a repeated TYP extends the indicator', () => {
    const log = start()
      .add({ type: 'typing.started', address: 'c', user_guid: 'alice', name: 'Alice A' })
      .advance(3_000)
      .add({ type: 'typing.started', address: 'c', user_guid: 'alice', name: 'Alice A' })
      .advance(3_000)
      .add({ type: 'clock.ticked' }, 'timer');
    expect(foldAll(log.envelopes).typing.byAddress.get('c')?.size).toBe(1);
    log.add({ type: 'message.received', message: message({ guid: 'm', address: 'c', created: log.now, from_guid: 'alice' }) });
    expect(foldAll(log.envelopes).typing.byAddress.has('c')).toBe(false);
  });
});

describe('typing expiry order', () => {
  it('finds the next expiry even when the clock went back', () => {
    const log = start()
      .add({ type: 'typing.started', address: 'c', user_guid: 'alice', name: 'Alice' })
      .advance(-3_000)
      .add({ type: 'typing.started', address: 'c', user_guid: 'carol', name: 'Carol' });
    const p = foldAll(log.envelopes);
    expect(nextTypingExpiry(p.typing)).toBe(T0 - 3_000 + 5_000);
    log.advance(5_000).add({ type: 'clock.ticked' }, 'timer');
    expect([...(foldAll(log.envelopes).typing.byAddress.get('c')?.keys() ?? [])]).toEqual(['alice']);
  });
});

describe('connection status mapping (spec 1 §4)', () => {
  it('maps idle/empty to Idle, active/typing to Active, anything else to Offline', () => {
    expect(['idle', '', 'active', 'typing', 'offline', 'away'].map(connectionStatus)).toEqual(['Idle', 'Idle', 'Active', 'Active', 'Offline', 'Offline']);
  });
});
