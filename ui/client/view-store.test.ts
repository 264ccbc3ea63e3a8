import { describe, expect, it, vi } from 'vitest';
import { sidebarRows } from './sidebar-model';
import { applyPatch, createViewStore, recentMessages } from './view-store';
import { channelView, messageView, metaView, signedIn, signedOut, snapshot, userView } from '../testing/views';

describe('applyPatch', () => {
  it('starts in the starting state with empty views', () => {
    const store = createViewStore();
    expect(store.session.value.status).toBe('starting');
    expect(store.connection.value.socket).toBe('connecting');
    expect(store.channels.value.size).toBe(0);
    expect(store.preferences.value).toEqual({ tab: 'all', sort: 'az', showLast: { az: null, recent: null } });
    expect(store.messages.value).toEqual([]);
    expect(store.users.value).toEqual([]);
  });

  it('reads a cold start\'s stored sidebar from its JSON text, and leaves out text that is not one', () => {
    const store = createViewStore();
    const preferences = { tab: 'unread', sort: 'recent', showLast: { az: null, recent: 20 } } as const;
    const cachedViews = JSON.stringify({ session: signedIn, preferences, channels: [channelView({ address: 'a', unread: 2 }), channelView({ address: 'b' })] });
    applyPatch(store, { seq: 1, reset: true, cachedViews, connection: { socket: 'connecting', resyncing: false, unsent: 0 } });
    expect(store.session.value).toEqual(signedIn);
    expect(store.preferences.value).toEqual(preferences);
    expect([...store.channels.value.keys()]).toEqual(['a', 'b']);
    expect(store.channels.value.get('a')?.unread).toBe(2);

    // The same text again (the core's first patch after the worker's early one) is not parsed again: the same entries.
    const first = store.channels.value.get('a');
    // Nor applied again: only its seq is taken, no view signal changes, so nothing renders again.
    const views = [store.session, store.preferences, store.connection, store.channels, store.channelIndex, store.usersByGuid, store.messagesByGuid, store.typing, store.toasts];
    const before = views.map((view) => view.value);
    applyPatch(store, { seq: 2, reset: true, cachedViews, connection: { socket: 'connecting', resyncing: false, unsent: 0 } });
    expect(store.seq.value).toBe(2);
    expect(views.map((view) => view.value)).toEqual(before);
    views.forEach((view, i) => expect(view.value).toBe(before[i]));
    expect(store.channels.value.get('a')).toBe(first);
    expect(store.session.value).toEqual(signedIn);
    // A provisional snapshot with something else in it (another connection state) is applied, with the same entries.
    applyPatch(store, { seq: 3, reset: true, cachedViews, connection: { socket: 'online', resyncing: false, unsent: 0 } });
    expect(store.connection.value.socket).toBe('online');
    expect(store.channels.value.get('a')).toBe(first);
    // Once another patch has been applied, the same text is a snapshot like any other again.
    applyPatch(store, { seq: 4, reset: false, channels: { put: [channelView({ address: 'a', unread: 5 })], remove: [] } });
    applyPatch(store, { seq: 5, reset: true, cachedViews, connection: { socket: 'online', resyncing: false, unsent: 0 } });
    expect(store.channels.value.get('a')?.unread).toBe(2);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const damaged of ['{"session":', '{"session":{"status":"signed-in"},"preferences":{},"channels":{}}']) {
      applyPatch(store, { seq: 6, reset: true, cachedViews: damaged });
      expect(store.session.value.status).toBe('starting');
      expect(store.channels.value.size).toBe(0);
    }
    expect(warn.mock.calls.map(([text]) => String(text))).toEqual([
      expect.stringMatching(/could not show the stored sidebar: not JSON/),
      expect.stringMatching(/could not show the stored sidebar: not a sidebar cache/),
    ]);
    warn.mockRestore();
  });

  it('a reset patch replaces everything, and fields it leaves out become empty', () => {
    const store = createViewStore();
    applyPatch(
      store,
      snapshot({
        channels: { put: [channelView({ address: 'a' }), channelView({ address: 'b' })], remove: [] },
        users: { put: [userView({ guid: 'u1', name: 'Zed' })], remove: [] },
        conversation: { address: 'a', reset: true, meta: metaView('a'), messages: { put: [messageView({ guid: 'm1', address: 'a' })], remove: [] } },
        typing: { a: ['Bob'] },
      }),
    );
    expect(store.channels.value.size).toBe(2);
    expect(store.messages.value).toHaveLength(1);

    applyPatch(store, { seq: 2, reset: true, session: signedOut, channels: { put: [channelView({ address: 'c' })], remove: ['c'] } });
    expect(store.seq.value).toBe(2);
    expect(store.session.value).toEqual(signedOut);
    expect(store.connection.value.socket).toBe('connecting');
    // remove is meaningless in a snapshot: the put list is the whole set.
    expect([...store.channels.value.keys()]).toEqual(['c']);
    expect(store.users.value).toEqual([]);
    expect(store.conversationAddress.value).toBeNull();
    expect(store.conversationMeta.value).toBeNull();
    expect(store.messages.value).toEqual([]);
    expect(store.typing.value.size).toBe(0);
  });

  it('a diff puts and removes records by key and leaves absent fields alone', () => {
    const store = createViewStore();
    applyPatch(
      store,
      snapshot({
        channels: { put: [channelView({ address: 'a', unread: 0 }), channelView({ address: 'b' })], remove: [] },
        users: { put: [userView({ guid: 'u1', name: 'Bob' })], remove: [] },
      }),
    );
    applyPatch(store, {
      seq: 2,
      reset: false,
      channels: { put: [channelView({ address: 'a', unread: 3 }), channelView({ address: 'c' })], remove: ['b'] },
    });
    expect([...store.channels.value.keys()].sort()).toEqual(['a', 'c']);
    expect(store.channels.value.get('a')?.unread).toBe(3);
    expect(store.session.value).toEqual(signedIn);
    expect(store.connection.value.socket).toBe('online');
    expect(store.users.value.map((u) => u.name)).toEqual(['Bob']);

    applyPatch(store, { seq: 3, reset: false, connection: { socket: 'offline', resyncing: false, unsent: 0 }, users: { put: [userView({ guid: 'u2', name: 'anna' })], remove: ['u1'] } });
    expect(store.connection.value.socket).toBe('offline');
    expect(store.users.value.map((u) => u.guid)).toEqual(['u2']);
  });

  it('keeps channels grouped in CHANNEL_GROUPS order, sorted by sortKey as strings, and re-sorts when the sort changes', () => {
    const store = createViewStore();
    applyPatch(
      store,
      snapshot({
        channels: {
          put: [
            channelView({ address: 'd2', group: 'direct', sortKey: '10', last_message_ts: 5 }),
            channelView({ address: 'd1', group: 'direct', sortKey: '9', last_message_ts: 9 }),
            channelView({ address: 'co', group: 'company', sortKey: 'x' }),
            channelView({ address: 't1', group: 'team', sortKey: 'b', last_message_ts: 1 }),
            channelView({ address: 't0', group: 'team', sortKey: 'a' }),
          ],
          remove: [],
        },
      }),
    );
    const rows = () => sidebarRows(store.channelIndex.value.index, store.preferences.value, null);
    const headings = () => rows().flatMap((r) => (r.kind === 'heading' ? [r.label] : []));
    const order = () => rows().flatMap((r) => (r.kind === 'entry' ? [r.entry.address] : []));
    expect(headings()).toEqual(['Company', 'Teams', 'Direct messages']);
    // String comparison: '10' < '9'.
    expect(order()).toEqual(['co', 't0', 't1', 'd2', 'd1']);
    const before = store.channelIndex.value;
    applyPatch(store, { seq: 2, reset: false, preferences: { tab: 'all', sort: 'recent', showLast: { az: null, recent: null } } });
    expect(store.channelIndex.value).not.toBe(before); // dependents are told
    expect(order()).toEqual(['co', 't1', 't0', 'd1', 'd2']);
    // A diff moves only what changed.
    applyPatch(store, { seq: 3, reset: false, channels: { put: [channelView({ address: 'd2', group: 'direct', sortKey: '10', last_message_ts: 99 })], remove: ['t1'] } });
    expect(order()).toEqual(['co', 't0', 'd2', 'd1']);
  });

  it('sorts users by name', () => {
    const store = createViewStore();
    applyPatch(store, snapshot({ users: { put: [userView({ guid: '1', name: 'carol' }), userView({ guid: '2', name: 'Bob' }), userView({ guid: '3', name: 'alice' })], remove: [] } }));
    expect(store.users.value.map((u) => u.name)).toEqual(['alice', 'Bob', 'carol']);
  });

  it('applies message diffs to the open conversation in sortKey order', () => {
    const store = createViewStore();
    applyPatch(store, snapshot({ conversation: { address: 'a', reset: true, meta: metaView('a', { isComplete: false }), messages: { put: [messageView({ guid: 'm2', address: 'a', sortKey: '0002' })], remove: [] } } }));
    applyPatch(store, {
      seq: 2,
      reset: false,
      conversation: {
        address: 'a',
        reset: false,
        meta: metaView('a', { isComplete: true }),
        messages: { put: [messageView({ guid: 'm1', address: 'a', sortKey: '0001' }), messageView({ guid: 'm3', address: 'a', sortKey: '0003' })], remove: [] },
      },
    });
    expect(store.messages.value.map((m) => m.guid)).toEqual(['m1', 'm2', 'm3']);
    expect(store.conversationMeta.value?.isComplete).toBe(true);

    applyPatch(store, { seq: 3, reset: false, conversation: { address: 'a', reset: false, meta: metaView('a'), messages: { put: [messageView({ guid: 'm3', address: 'a', sortKey: '0003', parts: [{ type: 'text', text: 'edited' }] })], remove: ['m2'] } } });
    expect(store.messages.value.map((m) => m.guid)).toEqual(['m1', 'm3']);
    expect(store.messages.value[1]!.parts).toEqual([{ type: 'text', text: 'edited' }]);
  });

  it('a conversation reset (another channel opened) replaces the messages', () => {
    const store = createViewStore();
    applyPatch(store, snapshot({ conversation: { address: 'a', reset: true, meta: metaView('a'), messages: { put: [messageView({ guid: 'm1', address: 'a' })], remove: [] } } }));
    applyPatch(store, { seq: 2, reset: false, conversation: { address: 'b', reset: true, meta: metaView('b'), messages: { put: [messageView({ guid: 'x1', address: 'b' })], remove: [] } } });
    expect(store.conversationAddress.value).toBe('b');
    expect(store.messages.value.map((m) => m.guid)).toEqual(['x1']);
  });

  it('a diff for another address than the open one also replaces (never mixes conversations)', () => {
    const store = createViewStore();
    applyPatch(store, snapshot({ conversation: { address: 'a', reset: true, meta: metaView('a'), messages: { put: [messageView({ guid: 'm1', address: 'a' })], remove: [] } } }));
    applyPatch(store, { seq: 2, reset: false, conversation: { address: 'b', reset: false, meta: metaView('b'), messages: { put: [], remove: [] } } });
    expect(store.messages.value).toEqual([]);
  });

  it('closing the conversation (address null) clears meta and messages', () => {
    const store = createViewStore();
    applyPatch(store, snapshot({ conversation: { address: 'a', reset: true, meta: metaView('a'), messages: { put: [messageView({ guid: 'm1', address: 'a' })], remove: [] } } }));
    applyPatch(store, { seq: 2, reset: false, conversation: { address: null, reset: true, meta: null, messages: { put: [], remove: [] } } });
    expect(store.conversationAddress.value).toBeNull();
    expect(store.conversationMeta.value).toBeNull();
    expect(store.messages.value).toEqual([]);
  });

  it('typing changes only the channels it names, and [] clears one', () => {
    const store = createViewStore();
    applyPatch(store, snapshot({ typing: { a: ['Bob'], b: ['Carol', 'Dave'] } }));
    applyPatch(store, { seq: 2, reset: false, typing: { a: [] } });
    expect(store.typing.value.has('a')).toBe(false);
    expect(store.typing.value.get('b')).toEqual(['Carol', 'Dave']);
    applyPatch(store, { seq: 3, reset: false, typing: { c: ['Eve'] } });
    expect([...store.typing.value.keys()].sort()).toEqual(['b', 'c']);
  });

  it('writes one patch in a single batch (a computed sees it whole)', async () => {
    const { effect } = await import('@preact/signals-react');
    const store = createViewStore();
    const seen: Array<[string, number]> = [];
    const dispose = effect(() => {
      seen.push([store.session.value.status, store.channels.value.size]);
    });
    applyPatch(store, snapshot({ channels: { put: [channelView({ address: 'a' })], remove: [] } }));
    dispose();
    expect(seen).toEqual([
      ['starting', 0],
      ['signed-in', 1],
    ]);
  });
});

describe('recent conversations', () => {
  it('keeps the messages of a conversation left, to show at once when it is opened again', () => {
    const store = createViewStore();
    applyPatch(store, snapshot({ conversation: { address: 'a', reset: true, meta: metaView('a'), messages: { put: [messageView({ guid: 'm1', address: 'a' })], remove: [] } } }));
    expect(recentMessages(store, 'a')).toBeUndefined(); // open: the live messages are shown
    applyPatch(store, { seq: 2, reset: false, conversation: { address: 'b', reset: true, meta: metaView('b'), messages: { put: [], remove: [] } } });
    expect(recentMessages(store, 'a')?.map((m) => m.guid)).toEqual(['m1']);
    // A reset (another user, a new subscriber) forgets them.
    applyPatch(store, snapshot({}));
    expect(recentMessages(store, 'a')).toBeUndefined();
  });
});
