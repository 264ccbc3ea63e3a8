/**
 * The core's realtime reliability with the manual clock and a scripted server:
 * the socket state machine of spec 1 §4/§9, exact catch-up, the outbox, 418.
 * (The real server under injected faults: tests/chaos/.)
 */
import { describe, expect, it } from 'vitest';
import type { MessageView, ViewPatch } from '../../protocol/views';
import { createMemoryStorage, type MemoryStorage } from '../../core-worker/storage-memory';
import { startHarness, type Harness } from './harness';
import { ALICE, ScriptedServer } from './scripted-server';

const frame = (code: string, body: object, n?: number) => `${code} ${JSON.stringify(n === undefined ? body : { n, ...body })}`;

async function online(server = new ScriptedServer(), storage?: MemoryStorage, uuidPrefix?: string): Promise<{ h: Harness; server: ScriptedServer }> {
  const h = await startHarness({ routes: server.routes(), ...(storage ? { storage } : {}), ...(uuidPrefix ? { uuidPrefix } : {}) });
  expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
  h.socket().open();
  await h.clock.advance(0);
  h.frame();
  return { h, server };
}

/** Posts `text` in the DM with the send failing, then stops the core with it unsent (a worker restart, a tab closed); its client_guid. */
async function leaveUnsent(h: Harness, server: ScriptedServer, text: string): Promise<string> {
  server.fail('/messages/post', 'network');
  const posted = await h.core.api.$post('dm', text);
  await h.clock.advance(0);
  await h.core.persist();
  await h.core.stop();
  return posted.ok ? posted.value.client_guid : '';
}

/** Lets time pass in 1 s steps (the fake socket answers keepalives itself, as a healthy server does). */
async function pass(h: Harness, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 1_000) await h.clock.advance(Math.min(1_000, left));
}

/** The open conversation as the UI holds it after every patch. */
function shown(patches: ViewPatch[]): MessageView[] {
  const byGuid = new Map<string, MessageView>();
  for (const p of patches) {
    if (!p.conversation) continue;
    if (p.reset || p.conversation.reset) byGuid.clear();
    for (const g of p.conversation.messages.remove) byGuid.delete(g);
    for (const m of p.conversation.messages.put) byGuid.set(m.guid, m);
  }
  return [...byGuid.values()].sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1));
}
const textOf = (m: MessageView) => (m.parts[0] as { text: string }).text;
const latestConnection = (h: Harness) => [...h.patches].reverse().find((p) => p.connection)!.connection!;

/** The socket is still `before` (0 connecting, 1 open) until `ms` have passed, then closed, and the connection offline. */
async function expectClosedAfter(h: Harness, socket: { readyState: number }, ms: number, before: 0 | 1): Promise<void> {
  await h.clock.advance(ms - 1);
  expect(socket.readyState).toBe(before);
  await h.clock.advance(1);
  expect(socket.readyState).toBe(3);
  expect(h.core.projections.connection.socket).toBe('offline');
}

describe('the socket state machine (spec 1 §4, §9)', () => {
  it('closes a socket that does not open within 2 s and retries after 1 s', async () => {
    const server = new ScriptedServer();
    const h = await startHarness({ routes: server.routes() });
    expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
    const first = h.socket();
    await expectClosedAfter(h, first, 2_000, 0);
    await h.clock.advance(1_000);
    expect(h.sockets).toHaveLength(2);
  });

  it('sends CHK every 30 s and takes a socket without an ACK within 5 s for dead', async () => {
    const { h } = await online();
    const socket = h.socket();
    socket.autoAck = false;
    await h.clock.advance(30_000);
    expect(socket.sent.filter((t) => t.startsWith('CHK'))).toEqual(['CHK {"check":1}']);
    socket.receive(frame('ACK', { check: 1, n: 0 }));
    await h.clock.advance(5_000);
    expect(socket.readyState).toBe(1); // answered: alive
    await h.clock.advance(25_000);
    expect(socket.sent.filter((t) => t.startsWith('CHK'))).toHaveLength(2);
    await expectClosedAfter(h, socket, 5_000, 1); // no answer within 5 s
    await h.clock.advance(1_000);
    expect(h.sockets).toHaveLength(2);
  });

  it('checks the socket at once when the browser says the network went away, and takes it for dead without an ACK within 5 s', async () => {
    const { h } = await online();
    const socket = h.socket();
    socket.autoAck = false;
    await h.core.api.$setNetwork(false);
    // A browser going offline leaves the socket open: only the check tells whether it still reaches the server.
    expect(socket.sent.filter((t) => t.startsWith('CHK'))).toEqual(['CHK {"check":1}']);
    await expectClosedAfter(h, socket, 5_000, 1);
    // Answered, the check leaves the socket alone (a brief blip, or the browser was wrong).
    await h.clock.advance(1_000);
    h.socket().open();
    await h.clock.advance(0);
    await h.core.api.$setNetwork(false);
    h.socket().receive(frame('ACK', { check: 2, n: 0 }));
    await h.clock.advance(5_000);
    expect(h.socket().readyState).toBe(1);
    expect(h.core.projections.connection.socket).toBe('online');
  });

  it('notices a time jump: checks the socket, and resyncs instead of reloading', async () => {
    const { h, server } = await online();
    const socket = h.socket();
    socket.autoAck = false;
    const changesBefore = server.count('/messages/changes');
    h.clock.jump(3_600_000); // the laptop slept for an hour
    await h.clock.advance(0);
    h.frame();
    const types = h.core.log.map((e) => e.event.type);
    expect(types).toContain('clock.jumped');
    expect(socket.sent.filter((t) => t.startsWith('CHK')).length).toBeGreaterThanOrEqual(1); // the check's (and the overdue keepalive's)
    expect(server.count('/messages/changes')).toBe(changesBefore + 1);
    // The jump raised the resync flag (the spec's delayed-reload flag); the catch-up completed and lowered it, with no reload.
    expect(types.lastIndexOf('sync.completed')).toBeGreaterThan(types.indexOf('clock.jumped'));
    expect(h.core.projections.connection.resync).toBe(false);
    expect(latestConnection(h).resyncing).toBe(false);
    // The check's ACK never comes: the socket is closed after 5 s.
    await h.clock.advance(5_000);
    expect(socket.readyState).toBe(3);
  });

  it("raises 'Internet connection offline' (1003) after 5 s away from online, and clears it once back", async () => {
    const { h } = await online();
    h.socket().close();
    await h.clock.advance(1_000); // the retry starts connecting
    await h.clock.advance(3_999);
    expect(h.core.projections.alerts.byGuid.size).toBe(0);
    await h.clock.advance(1);
    h.frame();
    const alert = [...h.core.projections.alerts.byGuid.values()][0];
    expect(alert).toMatchObject({ alert_type: 1003, is_dismissed: false });
    const alerts = [...h.patches].reverse().find((p) => p.alerts)?.alerts;
    expect(alerts?.put.map((a) => a.typeName)).toEqual(['Internet connection offline']);
    expect([...h.patches].reverse().find((p) => p.toasts)?.toasts?.map((t) => t.title)).toContain('Internet connection offline');
    // Back online: gone. A short blip raises nothing.
    h.socket().open();
    await h.clock.advance(0);
    expect(h.core.projections.alerts.byGuid.size).toBe(0);
    h.socket().close();
    await h.clock.advance(1_000);
    h.socket().open();
    await h.clock.advance(10_000);
    expect(h.core.projections.alerts.byGuid.size).toBe(0);
  });

  it("shows the user's own automatic status as Offline while offline (spec 3 §4.1), Active again once back", async () => {
    const { h } = await online();
    const self = () => [...h.patches].reverse().find((p) => p.people)?.people?.self.presence;
    expect(self()).toBe('Active');
    h.socket().close();
    await h.clock.advance(0);
    h.frame();
    expect(self()).toBe('Offline');
    await h.clock.advance(1_000);
    h.socket().open();
    await h.clock.advance(0);
    h.frame();
    expect(self()).toBe('Active');
  });

  it('reconnects at once when the browser says the network is back, with the delay reset', async () => {
    const { h } = await online();
    for (let i = 0; i < 4; i++) {
      h.socket().close();
      await h.clock.advance(100_000); // the retries fail too
    }
    const count = h.sockets.length;
    h.socket().close();
    expect(h.clock.pendingDelays().some((d) => d > 5_000)).toBe(true);
    await h.core.api.$setNetwork(true);
    expect(h.sockets).toHaveLength(count + 1);
    h.socket().close();
    await h.clock.advance(1_000);
    expect(h.sockets).toHaveLength(count + 2);
  });

  it('pings the server while offline and reconnects as soon as it answers, not after the grown retry delay', async () => {
    const { h } = await online();
    let serverUp = false;
    const pings: number[] = [];
    h.routes.set('/secure/data/ping', () => {
      pings.push(h.clock.now());
      return serverUp ? { status: 200, body: { isOk: true } } : { status: 503, body: undefined };
    });
    const downAt = h.clock.now();
    // The server is gone: every connection attempt fails at once.
    const failAttempts = async (ms: number) => {
      for (let left = ms; left > 0; left -= 250) {
        const s = h.socket();
        if (s.readyState === 0 || s.readyState === 1) s.close();
        await h.clock.advance(250);
      }
    };
    h.socket().close();
    await failAttempts(20_000);
    expect(pings.length).toBeGreaterThan(4);
    expect(pings[0]! - downAt).toBeGreaterThanOrEqual(5_000);
    expect(pings[1]! - pings[0]!).toBeGreaterThanOrEqual(2_500);
    expect(pings[1]! - pings[0]!).toBeLessThan(3_500);
    // Back: the next ping reconnects at once (the socket's own next attempt would be seconds away).
    serverUp = true;
    const sockets = h.sockets.length;
    const nextRetry = h.clock.pendingDelays().filter((d) => d > 3_000);
    expect(nextRetry.length).toBeGreaterThan(0);
    const upAt = h.clock.now();
    while (h.sockets.length === sockets && h.clock.now() - upAt < 10_000) await h.clock.advance(100);
    expect(h.clock.now() - upAt).toBeLessThanOrEqual(3_500);
    expect(h.sockets.length).toBe(sockets + 1);
    h.socket().open();
    await h.clock.advance(0);
    expect(h.core.projections.connection.socket).toBe('online');
    const before = pings.length;
    await h.clock.advance(10_000);
    expect(pings.length).toBe(before); // no pinging while online
  });

  it('raises the resync flag after more than 5 s offline, and lowers it once caught up', async () => {
    const { h, server } = await online();
    h.socket().close();
    await h.clock.advance(1_000);
    h.socket().close();
    await h.clock.advance(1_500);
    h.socket().close();
    await h.clock.advance(2_250);
    h.socket().close();
    await h.clock.advance(3_375); // 8.1 s away from online
    server.post(ALICE, 'dm', 'while you were away');
    server.fail('/messages/changes', 503);
    h.socket().open();
    await h.clock.advance(0);
    h.frame();
    expect(latestConnection(h).resyncing).toBe(true);
    // The catch-up failed (503) and is retried after 1 s.
    await pass(h, 1_000);
    h.frame();
    expect(latestConnection(h).resyncing).toBe(false);
    expect(h.core.projections.unread.byAddress.get('dm')?.count).toBe(1);
  });
});

describe('exact catch-up', () => {
  it('asks for the head cursor before loading any history, then catches up from it on every reconnect', async () => {
    const server = new ScriptedServer();
    server.post(ALICE, 'dm', 'old');
    const { h } = await online(server);
    const paths = server.requests.map((r) => r.path);
    expect(paths.indexOf('/messages/changes')).toBeGreaterThanOrEqual(0);
    expect(server.requests.find((r) => r.path === '/messages/changes')!.body.since).toBeNull();
    await h.core.api.$openConversation('dm');
    expect(server.requests.findIndex((r) => r.path === '/messages/history')).toBeGreaterThan(paths.indexOf('/messages/changes'));

    h.socket().close();
    server.post(ALICE, 'dm', 'one');
    server.post(ALICE, 'dm', 'two');
    await h.clock.advance(1_000);
    h.socket().open();
    await h.clock.advance(0);
    h.frame();
    expect(server.requests.filter((r) => r.path === '/messages/changes').at(-1)!.body.since).toBe(1);
    expect(shown(h.patches).map(textOf)).toEqual(['old', 'one', 'two']);
    expect(h.core.projections.messages.cursor).toBe(3);
  });

  it('loads history even when the cursor cannot be had, and refetches it once the first cursor comes', async () => {
    const server = new ScriptedServer();
    server.post(ALICE, 'dm', 'before');
    server.fail('/messages/changes', 503, 503, 503);
    const { h } = await online(server);
    await h.core.api.$openConversation('dm');
    h.frame();
    expect(shown(h.patches).map(textOf)).toEqual(['before']);
    expect(h.core.projections.messages.cursor).toBeNull();
    // Posted between that snapshot and the first cursor, and never delivered live.
    server.post(ALICE, 'dm', 'in the gap');
    await pass(h, 5_000); // the catch-up's retries: the change feed answers again
    h.frame();
    expect(h.core.projections.messages.cursor).toBe(server.seq);
    expect(h.core.log.some((e) => e.event.type === 'messages.reset')).toBe(true);
    expect(shown(h.patches).map(textOf)).toEqual(['before', 'in the gap']);
  });

  it('catches up when a numbered frame is missing, or when ACK counts more frames than arrived', async () => {
    const server = new ScriptedServer();
    const { h } = await online(server);
    const calls = () => server.count('/messages/changes');
    const one = server.post(ALICE, 'dm', 'one');
    const two = server.post(ALICE, 'dm', 'two');
    const three = server.post(ALICE, 'dm', 'three');
    const before = calls();
    h.socket().receive(frame('MSG', { message: server.wire(one) }, 1));
    await h.clock.advance(0);
    expect(calls()).toBe(before);
    h.socket().receive(frame('MSG', { message: server.wire(three) }, 3)); // 2 was lost
    await h.clock.advance(0);
    expect(calls()).toBe(before + 1);
    expect(h.core.projections.messages.byAddress.get('dm')!.order).toEqual([one.guid, two.guid, three.guid]);
    // The late frame 2 changes nothing; an ACK saying 3 were sent, after 3 arrived, neither.
    h.socket().receive(frame('MSG', { message: server.wire(two) }, 2));
    h.socket().receive(frame('ACK', { check: 1, n: 3 }));
    await h.clock.advance(0);
    expect(calls()).toBe(before + 1);
    // A lost last frame shows only in the next ACK.
    const four = server.post(ALICE, 'dm', 'four');
    h.socket().receive(frame('ACK', { check: 2, n: 4 }));
    await h.clock.advance(0);
    expect(calls()).toBe(before + 2);
    expect(h.core.projections.messages.byAddress.get('dm')!.order.at(-1)).toBe(four.guid);
    expect(h.core.projections.unread.byAddress.get('dm')!.count).toBe(4);
  });

  it('drops the message stores when too far behind, and reloads the open conversation', async () => {
    const server = new ScriptedServer();
    const { h } = await online(server);
    await h.core.api.$openConversation('dm');
    h.socket().close();
    server.pageLimit = 2;
    for (let i = 0; i < 25; i++) server.post(ALICE, 'team', `t${i}`);
    server.post(ALICE, 'dm', 'latest');
    await h.clock.advance(1_000);
    h.socket().open();
    await h.clock.advance(0);
    h.frame();
    expect(h.core.log.some((e) => e.event.type === 'messages.reset')).toBe(true);
    expect(h.core.projections.messages.cursor).toBe(server.seq);
    expect(shown(h.patches).map(textOf)).toEqual(['latest']);
    expect(h.core.projections.unread.byAddress.get('team')?.count).toBe(25);
  });
});

describe('the outbox', () => {
  it('stores a post before sending it, shows it as sending, and replaces it with the message once', async () => {
    const server = new ScriptedServer();
    const { h } = await online(server);
    await h.core.api.$openConversation('dm');
    let storedWhenSent: unknown;
    const routes = server.routes();
    const post = routes['/secure/data/confirmed/corporate/messages/post']!;
    h.routes.set('/secure/data/confirmed/corporate/messages/post', (body, headers) => {
      storedWhenSent = h.storage.outboxes.get('bob')?.get(body.client_guid);
      return post(body, headers);
    });
    server.fail('/messages/post', 503);
    const result = await h.core.api.$post('dm', 'hello');
    expect(result.ok).toBe(true);
    const id = result.ok ? result.value.client_guid : '';
    await h.clock.advance(0);
    h.frame();
    expect(shown(h.patches).map((m) => [textOf(m), m.delivery])).toEqual([['hello', 'sending']]);
    expect(storedWhenSent).toMatchObject({ id, kind: 'post', state: 'pending' });
    // 503: retried after 1 s with the same client_guid.
    await pass(h, 1_000);
    h.frame();
    expect(server.requests.filter((r) => r.path === '/messages/post').map((r) => r.body.client_guid)).toEqual([id, id]);
    expect(shown(h.patches).map((m) => [textOf(m), m.delivery])).toEqual([['hello', 'sent']]);
    expect(h.storage.outboxes.get('bob')?.size).toBe(0);
    expect(server.messages.filter((m) => m.client_guid === id)).toHaveLength(1);
  });

  it('keeps posting order within a channel while one post waits for its retry', async () => {
    const server = new ScriptedServer();
    const { h } = await online(server);
    server.fail('/messages/post', 'network', 'network');
    await h.core.api.$post('dm', 'first');
    await h.core.api.$post('dm', 'second');
    await h.clock.advance(0);
    expect(server.requests.filter((r) => r.path === '/messages/post')).toHaveLength(1);
    await pass(h, 1_000 + 1_500);
    expect(server.messages.map((m) => JSON.parse(m.json)[0].text)).toEqual(['first', 'second']);
  });

  it('shows a refused post as failed, with Retry sending it again and Delete dropping it', async () => {
    const server = new ScriptedServer();
    const { h } = await online(server);
    await h.core.api.$openConversation('dm');
    server.fail('/messages/post', 400, 400);
    const first = await h.core.api.$post('dm', 'nope');
    const second = await h.core.api.$post('dm', 'again');
    await h.clock.advance(0);
    h.frame();
    expect(shown(h.patches).map((m) => [textOf(m), m.delivery, m.error])).toEqual([
      ['nope', 'failed', 'Refused (400)'],
      ['again', 'failed', 'Refused (400)'],
    ]);
    expect(h.storage.outboxes.get('bob')?.get(first.ok ? first.value.client_guid : '')).toMatchObject({ state: 'failed' });
    await h.core.api.$retryOutbox(first.ok ? first.value.client_guid : '');
    await h.clock.advance(0);
    await h.core.api.$discardOutbox(second.ok ? second.value.client_guid : '');
    await h.clock.advance(0);
    h.frame();
    expect(shown(h.patches).map((m) => [textOf(m), m.delivery])).toEqual([['nope', 'sent']]);
    expect(h.storage.outboxes.get('bob')?.size).toBe(0);
  });

  it('delivers a post exactly once across a worker restart, even when the first answer was lost', async () => {
    const storage = createMemoryStorage();
    const server = new ScriptedServer();
    const { h } = await online(server, storage);
    const id = await leaveUnsent(h, server, 'survives');
    // The request reached the server after all (only the answer was lost): it is stored there already.
    server.post({ target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', company_guid: 'acme' }, 'dm', 'survives', id);

    const again = await startHarness({ routes: server.routes(), storage, clock: h.clock });
    await again.clock.advance(0);
    // Restored from storage and sent again at once (no socket needed), with the same client_guid: the server answers with the one it has.
    const restored = again.core.log.find((e) => e.event.type === 'outbox.restored')?.event;
    expect(restored).toMatchObject({ entries: [{ id, kind: 'post', state: 'pending' }] });
    expect(server.requests.filter((r) => r.path === '/messages/post').map((r) => r.body.client_guid)).toEqual([id, id]);
    expect(again.core.projections.outbox.byId.size).toBe(0);
    expect(storage.outboxes.get('bob')?.size).toBe(0);
    again.socket().open();
    await again.clock.advance(0);
    expect(server.messages.filter((m) => m.client_guid === id)).toHaveLength(1);
    expect(again.core.projections.messages.byAddress.get('dm')!.order).toHaveLength(1);
  });

  it('takes over a post another tab of the same user left unsent when it closed, and sends it once ($adoptStoredOutbox)', async () => {
    const server = new ScriptedServer();
    const storage = createMemoryStorage();
    const { h } = await online(server, storage); // the tab that stays open, its outbox loaded empty
    // The other tab: its post failed, and it was closed. Its own store here; in a browser both tabs share the user's.
    const other = createMemoryStorage();
    const { h: closed } = await online(server, other, 'other-tab');
    const id = await leaveUnsent(closed, server, 'left behind');
    storage.outboxes.get('bob')!.set(id, structuredClone(other.outboxes.get('bob')!.get(id)!));
    const postsFor = () => server.requests.filter((r) => r.path === '/messages/post').map((r) => r.body.client_guid);
    expect(postsFor()).toEqual([id]); // the one that failed

    await h.core.api.$adoptStoredOutbox();
    await h.clock.advance(0);
    expect(postsFor()).toEqual([id, id]);
    expect(server.messages.filter((m) => m.client_guid === id)).toHaveLength(1);
    expect(h.core.projections.outbox.byId.size).toBe(0);
    expect(storage.outboxes.get('bob')?.size).toBe(0);
    // Told again (another tab closing later): what it sent is not taken back, nothing goes twice.
    storage.outboxes.get('bob')!.set(id, structuredClone(other.outboxes.get('bob')!.get(id)!));
    await h.core.api.$adoptStoredOutbox();
    await h.clock.advance(0);
    expect(postsFor()).toEqual([id, id]);
  });

  it('takes over only the gone tab\'s entries when told which tab went, not those of the user\'s tabs still open', async () => {
    const server = new ScriptedServer();
    const storage = createMemoryStorage();
    const { h } = await online(server, storage); // the tab that stays open
    // The two other tabs, each with a store of its own here; in a browser all three share the user's, each entry
    // marked with the tab that stored it.
    const goneStore = createMemoryStorage();
    const openStore = createMemoryStorage();
    const { h: first } = await online(server, goneStore, 'gone-tab');
    const gone = await leaveUnsent(first, server, 'left by the tab that went');
    const { h: second } = await online(server, openStore, 'open-tab');
    const open = await leaveUnsent(second, server, 'still queued in a tab that is open');
    const bob = storage.outboxes.get('bob')!;
    bob.set(gone, { ...structuredClone(goneStore.outboxes.get('bob')!.get(gone)!), owner: 'tab-gone' });
    bob.set(open, { ...structuredClone(openStore.outboxes.get('bob')!.get(open)!), owner: 'tab-open' });
    const postsFor = () => server.requests.filter((r) => r.path === '/messages/post').map((r) => r.body.client_guid);
    const before = postsFor().length;

    await h.core.api.$adoptStoredOutbox('tab-gone');
    await h.clock.advance(0);
    expect(postsFor().slice(before)).toEqual([gone]);
    // The open tab's entry stays in the store, for that tab to send; the state never holds a tab's id.
    expect([...bob.keys()]).toEqual([open]);
    expect(JSON.stringify([...h.core.projections.outbox.byId.values()])).not.toContain('owner');
    // Without a tab named (a recording made before tabs were named), every entry it never held.
    await h.core.api.$adoptStoredOutbox();
    await h.clock.advance(0);
    expect(postsFor().slice(before)).toEqual([gone, open]);
  });

  it('leaves to another open tab the entries it is sending, at start as later, even when the shared log has them', async () => {
    const server = new ScriptedServer();
    const storage = createMemoryStorage();
    // Bob's first tab: its post failed, and it is still open (the store says so: its lock is held).
    const { h: first } = await online(server, storage, 'first-tab');
    const id = await leaveUnsent(first, server, 'still being sent by the first tab');
    const bob = storage.outboxes.get('bob')!;
    bob.set(id, { ...bob.get(id)!, owner: 'tab-first', heldElsewhere: true });
    const postsFor = () => server.requests.filter((r) => r.path === '/messages/post').map((r) => r.body.client_guid);
    const before = postsFor().length;

    // A second tab starts on the same store and log: it neither shows nor sends the first tab's post.
    const { h } = await online(server, storage, 'second-tab');
    await h.clock.advance(0);
    expect(h.core.projections.outbox.byId.has(id)).toBe(false);
    await h.core.api.$adoptStoredOutbox('tab-first');
    await h.clock.advance(0);
    expect(postsFor().slice(before)).toEqual([]);
    expect(bob.has(id)).toBe(true);
    // The first tab gone (its lock released), the entry is taken over and sent.
    delete bob.get(id)!.heldElsewhere;
    await h.core.api.$adoptStoredOutbox('tab-first');
    await h.clock.advance(0);
    expect(postsFor().slice(before)).toEqual([id]);
  });

  it('settles a post whose own echo arrives before its answer', async () => {
    const server = new ScriptedServer();
    const { h } = await online(server);
    await h.core.api.$openConversation('dm');
    let release: () => void = () => {};
    const post = server.routes()['/secure/data/confirmed/corporate/messages/post']!;
    h.routes.set('/secure/data/confirmed/corporate/messages/post', (body, headers) => new Promise((resolve) => (release = () => resolve(post(body, headers) as never))));
    await h.core.api.$post('dm', 'echo');
    await h.clock.advance(0);
    const stored = server.post({ target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', company_guid: 'acme' }, 'dm', 'echo', server.requests.at(-1)?.body.client_guid ?? [...h.core.projections.outbox.byId.keys()][0]);
    h.socket().receive(frame('MSG', { message: server.wire(stored) }, 1));
    h.frame();
    expect(shown(h.patches).map((m) => [textOf(m), m.delivery])).toEqual([['echo', 'sent']]);
    release();
    await h.clock.advance(0);
    h.frame();
    expect(shown(h.patches)).toHaveLength(1);
  });

  it('deletes through the outbox: deleting until confirmed; already gone counts as done; a refusal is shown', async () => {
    const server = new ScriptedServer();
    const mine = server.post({ target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', company_guid: 'acme' }, 'dm', 'mine');
    const other = server.post(ALICE, 'dm', 'theirs');
    const { h } = await online(server);
    await h.core.api.$openConversation('dm');
    server.fail('/messages/delete', 'network');
    await h.core.api.$deleteMessage('dm', mine.guid);
    await h.clock.advance(0);
    h.frame();
    expect(shown(h.patches).find((m) => m.guid === mine.guid)?.deleting).toBe(true);
    await pass(h, 1_000);
    h.frame();
    expect(shown(h.patches).map(textOf)).toEqual(['theirs']);

    server.fail('/messages/delete', 400);
    await h.core.api.$deleteMessage('dm', other.guid);
    await h.clock.advance(0);
    h.frame();
    const refused = shown(h.patches).find((m) => m.guid === other.guid)!;
    expect(refused).toMatchObject({ deleting: false, error: 'Refused (400)' });
    await h.core.api.$discardOutbox(refused.outboxId!);
    h.frame();
    expect(shown(h.patches).find((m) => m.guid === other.guid)).toMatchObject({ error: null, outboxId: null });
  });

  it('keeps one read bookmark per channel waiting while offline', async () => {
    const server = new ScriptedServer();
    const { h } = await online(server);
    await h.core.api.$openConversation('dm');
    h.socket().close();
    server.fail('/messages/bookmark', 'network', 'network', 'network');
    for (let i = 1; i <= 3; i++) {
      const m = server.post(ALICE, 'dm', `m${i}`);
      h.socket().receive(frame('MSG', { message: server.wire(m) }, i)); // frames queued before the close
      await h.clock.advance(0);
    }
    const bookmarks = [...h.core.projections.outbox.byId.values()].filter((e) => e.kind === 'bookmark');
    expect(bookmarks.length).toBeLessThanOrEqual(2); // one in flight at most, one waiting
    await pass(h, 10_000);
    expect(server.bookmark.get('dm')).toBe(server.messages.at(-1)!.created);
    expect(h.core.projections.outbox.byId.size).toBe(0);
  });
});

describe('the thread panel across an outage', () => {
  it('loads a thread that could not be loaded while offline once the socket is back', async () => {
    const { h, server } = await online();
    const first = server.post(ALICE, 'dm', 'Works for me.');
    const reply = server.post(ALICE, 'dm', 'Earlier reply');
    (reply as { reply_to: string | null }).reply_to = first.guid;
    await h.core.api.$openConversation('dm');
    h.socket().close();
    server.fail('/messages/thread', 'network');
    // Opened while the server cannot be reached (or on a reload in the middle of an outage): it cannot load.
    expect((await h.core.api.$openThread('dm', first.guid)).ok).toBe(false);
    h.frame();
    const meta = () => [...h.patches].reverse().find((p) => p.thread?.meta)?.thread?.meta;
    expect(meta()).toMatchObject({ guid: first.guid, loading: false });
    expect(meta()?.error).toMatch(/^Could not load the thread/);
    // Back online, the panel loads by itself: its replies, and the composer the user came for.
    await h.clock.advance(1_000);
    h.socket().open();
    await h.clock.advance(0);
    h.frame();
    expect(h.core.projections.threads.byParent.get(first.guid)?.order).toEqual([reply.guid]);
    expect(meta()).toMatchObject({ guid: first.guid, loading: false, error: null });
  });
});

describe('418 and the landing page', () => {
  it('marks the session unconfirmed on 418 and confirmed again after an accepted answer', async () => {
    const server = new ScriptedServer();
    const { h } = await online(server);
    server.fail('/messages/history', 418);
    await h.core.api.$openConversation('dm');
    h.frame();
    expect([...h.patches].reverse().find((p) => p.session)?.session?.unconfirmed).toBe(true);
    await h.core.api.$resync();
    h.frame();
    expect([...h.patches].reverse().find((p) => p.session)?.session?.unconfirmed).toBe(false);
  });
});
