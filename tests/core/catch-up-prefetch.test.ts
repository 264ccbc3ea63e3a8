/**
 * A change feed that keeps failing must not make catch-up and prefetch feed
 * each other: a catch-up's channel list plans the prefetch, every page loaded
 * wants the catch-up cursor, and asking for it used to start the next
 * catch-up at once — requests without pause (and, in the tests, a worker out
 * of memory). The prefetch now waits for a catch-up that worked
 * (features/prefetch.ts), so the retry's backoff is what paces the requests.
 */
import { describe, expect, it } from 'vitest';
import { T0 } from '../../fixtures/builders';
import type { ChannelWire, UserWire } from '../../protocol/entities';
import { startHarness } from './harness';

const P = '/secure/data/confirmed/corporate';
const bob: UserWire = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', company_guid: 'acme' };
const unread = (i: number): ChannelWire => ({ guid: `g${i}`, address: `c${i}`, name: `Team ${i}`, channel_type: 1, etype: 'channel', unread_messages: 2, last_message_ts: T0 + i });

describe('catch-up while the change feed fails', () => {
  it('retries on its backoff only, with unread conversations the prefetch would want', async () => {
    let changes = 0;
    let lists = 0;
    let history = 0;
    const h = await startHarness({
      routes: {
        '/data/login': () => ({ status: 200, body: { isOk: true, login_guid: 'lg', auth_token: 'token-token-token', user: bob } }),
        // A runaway loop is cut short (the channel list fails too), so the test fails rather than hangs.
        [`${P}/channels/list`]: () => (++lists > 200 ? { status: 503, body: { isOk: false, message: 'down' } } : { status: 200, body: { isOk: true, channels: Array.from({ length: 6 }, (_, i) => unread(i)) } }),
        [`${P}/users/list`]: () => ({ status: 200, body: { isOk: true, users: [bob] } }),
        // History fails as well (the server is half down): nothing prefetched becomes fresh, so every channel list plans it again.
        [`${P}/messages/history`]: () => (history++, { status: 503, body: { isOk: false, message: 'Service unavailable' } }),
        [`${P}/messages/changes`]: () => (changes++, { status: 503, body: { isOk: false, message: 'Service unavailable' } }),
      },
    });
    expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
    h.socket().open();
    await h.clock.advance(60_000);
    // One catch-up at the start, then retries 1 s, 1.5 s, 2.25 s … apart: about ten in a minute.
    expect(changes).toBeGreaterThan(3);
    expect(changes).toBeLessThanOrEqual(15);
    expect(lists).toBeLessThanOrEqual(15);
    // Without a cursor nothing is prefetched (the pages would be dropped when the first cursor comes).
    expect(history).toBe(0);
    expect(h.core.projections.messages.cursor).toBeNull();
  });
});
