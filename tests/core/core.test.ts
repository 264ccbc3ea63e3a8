import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../projections/canonical';
import { foldAll } from '../../projections/fold';
import type { ChannelWire, MessageWire, UserWire } from '../../protocol/entities';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import type { ViewPatch } from '../../protocol/views';
import { T0 } from '../../fixtures/builders';
import { SIGN_OUT_ANSWER_WAIT_MS } from '../../core-worker/features/session';
import { settle, startHarness, type Harness, type Route } from './harness';

const TOKEN = 'secret-token-0123456789abcdef';
const LOGIN_GUID = 'login-guid-77';
const bob: UserWire = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', email: 'bob@acme.test', company_guid: 'acme' };
const alice: UserWire = { target_user_guid: 'alice', first_name: 'Alice', last_name: 'Anders', name: 'Alice Anders', email: 'alice@acme.test', company_guid: 'acme', is_company_admin: true };
const dm: ChannelWire = { guid: 'dm-g', address: 'dm', name: 'Alice Anders', channel_type: 0, etype: 'DM', target_user_guid: 'alice' };
const acme: ChannelWire = { guid: 'acme-g', address: 'acme', name: 'Acme', channel_type: 2, etype: 'company' };

const wire = (guid: string, created: number, from = alice, text = guid): MessageWire => ({
  guid,
  address: 'dm',
  created,
  from_guid: from.target_user_guid,
  from_first_name: from.first_name,
  from_last_name: from.last_name,
  json: JSON.stringify([{ type: 'text', text }]),
});

function routes(state: { history: MessageWire[]; unread: number; lastMessageTs?: number }): Record<string, Route> {
  return {
    '/data/login': (body) =>
      body.password === 'plaza-demo'
        ? { status: 200, body: { isOk: true, login_guid: LOGIN_GUID, auth_token: TOKEN, user: bob } }
        : { status: 401, body: { isOk: false, message: 'The email or password is incorrect.' } },
    '/secure/data/confirmed/corporate/channels/list': () => ({ status: 200, body: { isOk: true, channels: [{ ...dm, unread_messages: state.unread, ...(state.lastMessageTs ? { last_message_ts: state.lastMessageTs } : {}) }, acme] } }),
    '/secure/data/confirmed/corporate/users/list': () => ({ status: 200, body: { isOk: true, users: [bob, alice] } }),
    '/secure/data/confirmed/corporate/messages/history': () => ({ status: 200, body: { isOk: true, data: state.history, page_size: 50 } }),
    '/secure/data/confirmed/corporate/messages/bookmark': () => ((state.unread = 0), { status: 200, body: { isOk: true, address: 'dm', unread_messages: 0 } }),
    '/secure/data/confirmed/corporate/messages/changes': (body) => ({ status: 200, body: { isOk: true, messages: [], deleted: [], cursor: body.since ?? 7, has_more: false } }),
    '/secure/data/confirmed/corporate/messages/post': (body) => ({
      status: 200,
      body: { isOk: true, message: { ...wire(`p-${body.client_guid}`, T0 + 99, bob), json: body.json, client_guid: body.client_guid } },
    }),
  };
}

async function signedIn(state = { history: [] as MessageWire[], unread: 0 }): Promise<Harness> {
  const h = await startHarness({ routes: routes(state) });
  expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
  h.socket().open();
  await h.clock.advance(0);
  h.frame();
  return h;
}

/** The UI's view of the channels after applying every patch in order. */
function channelsSeen(patches: ViewPatch[]) {
  const seen = new Map<string, { unread: number; name: string }>();
  for (const p of patches) {
    if (p.reset) seen.clear();
    for (const c of p.channels?.put ?? []) seen.set(c.address, c);
    for (const a of p.channels?.remove ?? []) seen.delete(a);
  }
  return seen;
}

describe('the core, end to end in Node', () => {
  it('starts signed out without stored credentials', async () => {
    const h = await startHarness();
    expect(h.patches.at(-1)?.session?.status).toBe('signed-out');
    expect(h.sockets).toHaveLength(0);
  });

  it('refuses a wrong password with the server message, blaming the password, and a bad email by field', async () => {
    const h = await startHarness({ routes: routes({ history: [], unread: 0 }) });
    expect(await h.core.api.$signIn('bob@acme.test', 'nope')).toEqual({ ok: false, error: expect.objectContaining({ message: 'The email or password is incorrect.', status: 401, field: 'password' }) });
    expect(await h.core.api.$signIn('not-an-email', 'x')).toEqual({ ok: false, error: expect.objectContaining({ field: 'email', message: 'Invalid email address' }) });
  });

  it('signs in, authenticates the socket, and shows the channel list', async () => {
    const h = await signedIn();
    expect(h.socket().url).toContain(`login_guid=${LOGIN_GUID}`);
    expect(h.socket().sent[0]).toMatch(/^DEV \{"device_guid":"uuid-1","is_idle":false\}$/);
    const list = h.calls.find((c) => c.path.endsWith('/channels/list'))!;
    expect(list.headers).toMatchObject({ 'x-login-guid': LOGIN_GUID, 'x-auth-token': TOKEN });
    expect(channelsSeen(h.patches).get('acme')).toMatchObject({ name: 'Acme', canPost: false });
    expect([...h.patches].reverse().find((p) => p.session)?.session?.status).toBe('signed-in');
    // Unchanged things are not resent: a new message patches its channel, and announces itself (badge, beep, toast).
    h.socket().receive(encodeFrame('MSG', { message: wire('m1', T0 + 1) }));
    h.frame();
    expect(Object.keys(h.patches.at(-1)!).sort()).toEqual(['channels', 'notifications', 'reset', 'seq', 'sound', 'toasts']);
    expect(h.patches.at(-1)!.channels).toEqual({ put: [expect.objectContaining({ address: 'dm', unread: 1 })], remove: [] });
  });

  it('counts a live message as unread, clears it when the conversation is opened, and coalesces patches', async () => {
    const state = { history: [] as MessageWire[], unread: 0 };
    const h = await signedIn(state);
    const before = h.patches.length;
    for (let i = 1; i <= 3; i++) h.socket().receive(encodeFrame('MSG', { message: wire(`m${i}`, T0 + i) }));
    state.history = [wire('m1', T0 + 1), wire('m2', T0 + 2), wire('m3', T0 + 3)];
    h.frame();
    expect(h.patches.length).toBe(before + 1); // three frames, one patch
    expect(channelsSeen(h.patches).get('dm')?.unread).toBe(3);

    await h.core.api.$openConversation('dm');
    await h.clock.advance(0);
    h.frame();
    expect(channelsSeen(h.patches).get('dm')?.unread).toBe(0);
    // The bookmark goes through the outbox: stored first, then sent.
    expect(h.calls.filter((c) => c.path.endsWith('/messages/bookmark')).map((c) => c.body)).toEqual([{ guid: 'm3' }]);
    const conversation = h.patches.filter((p) => p.conversation).map((p) => p.conversation!);
    expect(conversation.at(-1)).toMatchObject({ address: 'dm' });
    const shown = new Map<string, { continued: boolean }>();
    for (const c of conversation) {
      if (c.reset) shown.clear();
      for (const m of c.messages.put) shown.set(m.guid, m);
    }
    expect([...shown.keys()]).toEqual(['m1', 'm2', 'm3']);
    expect([...shown.values()].map((m) => m.continued)).toEqual([false, true, true]);

    // While the conversation is open and looked at, new messages are read at once.
    h.socket().receive(encodeFrame('MSG', { message: wire('m4', T0 + 4) }));
    await h.clock.advance(0);
    h.frame();
    expect(channelsSeen(h.patches).get('dm')?.unread).toBe(0);
    // Not when the page is in the background.
    await h.core.api.$setAttention(false);
    h.socket().receive(encodeFrame('MSG', { message: wire('m5', T0 + 5) }));
    h.frame();
    expect(channelsSeen(h.patches).get('dm')?.unread).toBe(1);
    expect(h.socket().sent.at(-1)).toBe('IDL {"is_idle":true}');
  });

  it('clears a badge read on another device when the user comes back to the page, asking at most every 30 s', async () => {
    const state: { history: MessageWire[]; unread: number; lastMessageTs?: number } = { history: [], unread: 0 };
    const h = await signedIn(state);
    const lists = () => h.calls.filter((c) => c.path.endsWith('/channels/list')).length;
    await h.core.api.$setAttention(false);
    h.socket().receive(encodeFrame('MSG', { message: wire('m1', T0 + 1) }));
    h.frame();
    expect(channelsSeen(h.patches).get('dm')?.unread).toBe(1);
    // Read on the user's phone: the server's bookmark moves, and no frame says so.
    state.unread = 0;
    state.lastMessageTs = T0 + 1;
    // Back within 30 s of the last list: not asked again.
    const before = lists();
    await h.clock.advance(10_000);
    await h.core.api.$setAttention(true);
    await h.clock.advance(0);
    expect(lists()).toBe(before);
    await h.core.api.$setAttention(false);
    await h.clock.advance(25_000);
    await h.core.api.$setAttention(true);
    await h.clock.advance(0);
    h.frame();
    expect(lists()).toBe(before + 1);
    expect(channelsSeen(h.patches).get('dm')?.unread).toBe(0);
  });

  it('posts typed text as parts and shows the message once, even when the socket echoes it', async () => {
    const h = await signedIn();
    await h.core.api.$openConversation('dm');
    const result = await h.core.api.$post('dm', 'hello @Alice Anders');
    expect(result).toEqual({ ok: true, value: { client_guid: 'uuid-2' } });
    await h.clock.advance(0);
    const posted = h.calls.find((c) => c.path.endsWith('/messages/post'))!.body;
    expect(JSON.parse(posted.json)).toEqual([
      { type: 'text', text: 'hello ' },
      { type: 'person', user_guid: 'alice', name: 'Alice Anders', scope: 'user' },
    ]);
    h.socket().receive(encodeFrame('MSG', { message: { ...wire('p-uuid-2', T0 + 99, bob), json: posted.json } }));
    expect(h.core.projections.messages.byAddress.get('dm')?.order.filter((g) => g === 'p-uuid-2')).toHaveLength(1);
    expect(h.core.projections.unread.byAddress.get('dm')?.count).toBe(0);
    expect(await h.core.api.$post('dm', '   ')).toMatchObject({ ok: false, error: { message: 'Type a message first.' } });
  });

  it('refuses a message too long to post at once, saying so, and sends nothing (the composer keeps the text)', async () => {
    const h = await signedIn();
    await h.core.api.$openConversation('dm');
    const result = await h.core.api.$post('dm', 'x'.repeat(250_000));
    expect(result).toEqual({
      ok: false,
      error: { name: 'InvalidRequest', field: 'json', message: 'This message is too long to send: 250,000 characters, where about 199,978 fit. Split it into shorter messages.' },
    });
    await h.clock.advance(0);
    expect(h.calls.filter((c) => c.path.endsWith('/messages/post'))).toHaveLength(0);
    expect(h.core.projections.outbox.byId.size).toBe(0);
    // Just under the limit goes.
    expect(await h.core.api.$post('dm', 'x'.repeat(199_900))).toMatchObject({ ok: true });
  });

  it('rejects invalid frames at the edge: logged once each, state unchanged, core still working', async () => {
    const h = await signedIn();
    await h.core.persist();
    const before = canonicalJson(h.core.projections);
    const logLength = h.core.log.length;
    const bad = ['garbage', 'MSG {', 'MSG {"message":{}}', 'CHA {"action":"explode"}', 42, null, 'ZZZ {}', `DEL ${JSON.stringify({ address: 'dm' })}`];
    for (let i = 0; i < 50; i++) for (const frame of bad) h.socket().receive(frame);
    expect(canonicalJson(h.core.projections)).toBe(before);
    expect(h.core.log.length).toBe(logLength);
    expect(h.core.rejections.total).toBe(50 * bad.length);
    // One line per distinct (code, reason): 42 and null share "frame is not text".
    expect(h.warnings.filter((w) => w.startsWith('Rejected'))).toHaveLength(bad.length - 1);
    h.socket().receive(encodeFrame('MSG', { message: wire('ok', T0 + 1) }));
    expect(h.core.projections.unread.byAddress.get('dm')?.count).toBe(1);
  });

  it('ends the session on 403 and on OUT, forgetting the credentials', async () => {
    const h = await signedIn();
    h.routes.set('/secure/data/confirmed/corporate/messages/history', () => ({ status: 403, body: { isOk: false, message: 'Not signed in' } }));
    await h.core.api.$openConversation('dm');
    h.frame();
    expect([...h.patches].reverse().find((p) => p.session)?.session).toMatchObject({ status: 'signed-out', endedReason: 'unauthorized' });
    expect(await h.storage.getItem('credentials')).toBeUndefined();

    const h2 = await signedIn();
    h2.socket().receive('OUT {}');
    await h2.clock.advance(0);
    h2.frame();
    expect([...h2.patches].reverse().find((p) => p.session)?.session).toMatchObject({ status: 'signed-out', endedReason: 'server-logout' });
    expect(h2.socket().readyState).toBe(3);
  });

  it('ends the session on a secure call answered 401 too, keeps the post it could not send waiting for the next sign-in', async () => {
    const h = await signedIn();
    await h.core.api.$openConversation('dm');
    h.routes.set('/secure/data/confirmed/corporate/messages/post', () => ({ status: 401, body: { isOk: false, message: 'Session expired' } }));
    expect((await h.core.api.$post('dm', 'typed as the session expired')).ok).toBe(true);
    await h.clock.advance(0);
    h.frame();
    expect([...h.patches].reverse().find((p) => p.session)?.session).toMatchObject({ status: 'signed-out', endedReason: 'unauthorized' });
    // Not refused ('Not sent', Retry): still waiting, for the next sign-in.
    expect([...h.core.projections.outbox.byId.values()].map((e) => [e.kind, e.state])).toEqual([['post', 'pending']]);
  });

  it('signing out ends the session on the server too, with its credentials, and at once even when no answer comes', async () => {
    const h = await signedIn();
    // The server never answers (a hung server): the session still ends here at once.
    h.routes.set('/secure/data/logout', () => new Promise(() => {}));
    let resolved = false;
    const signingOut = h.core.api.$signOut().then(() => (resolved = true));
    await settle();
    h.frame();
    // The sign-out itself waits for the answer (the page goes once it resolves), a bounded while.
    expect(resolved).toBe(false);
    await h.clock.advance(SIGN_OUT_ANSWER_WAIT_MS);
    await signingOut;
    expect([...h.patches].reverse().find((p) => p.session)?.session).toMatchObject({ status: 'signed-out', endedReason: 'signed-out' });
    expect(await h.storage.getItem('credentials')).toBeUndefined();
    const logout = h.calls.filter((c) => c.path === '/secure/data/logout');
    expect(logout).toHaveLength(1);
    expect(logout[0]!.headers).toMatchObject({ 'x-login-guid': LOGIN_GUID, 'x-auth-token': TOKEN });
    expect(h.socket().readyState).toBe(3);
  });

  it('comes back from storage after a reload, before any network, and its live state equals a rebuild of the stored log', async () => {
    const h = await signedIn({ history: [], unread: 0 });
    h.socket().receive(encodeFrame('MSG', { message: wire('m1', T0 + 1) }));
    h.socket().receive(encodeFrame('TYP', { address: 'dm', user_guid: 'alice', first_name: 'Alice', last_name: 'Anders' }));
    await h.core.persist();
    const stored = (await (await h.storage.openLog('bob')).load());
    expect(canonicalJson(foldAll(stored))).toBe(canonicalJson(h.core.projections));

    const reloaded = await startHarness({ storage: h.storage, clock: h.clock, routes: Object.fromEntries(h.routes) });
    expect(reloaded.patches[0]?.reset).toBe(true);
    expect(channelsSeen(reloaded.patches).get('dm')?.unread).toBe(1);
    expect(reloaded.patches.filter((p) => p.session).map((p) => p.session!.status).at(-1)).toBe('signed-in');
    // Shown from the stored log alone: the reloaded core made no call yet.
    expect(reloaded.calls).toEqual([]);
    // No secret is in the log.
    const log = JSON.stringify(stored);
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(LOGIN_GUID);
    expect(log).not.toContain('plaza-demo');
  });

  it('tells which messages were deleted, heard live or by catching up, and still after a reload (a deleted thread\'s unsent reply asks)', async () => {
    const h = await signedIn({ history: [], unread: 0 });
    h.routes.set('/secure/data/confirmed/corporate/messages/changes', (body) => ({
      status: 200,
      body: { isOk: true, messages: [], deleted: body.since === 7 ? [{ address: 'dm', guid: 'caught-up', from_guid: 'alice', created: T0 + 2, reply_to: null, change_seq: 8 }] : [], cursor: 8, has_more: false },
    }));
    h.socket().receive(encodeFrame('MSG', { message: wire('live', T0 + 1) }));
    h.socket().receive(encodeFrame('DEL', { address: 'dm', guid: 'live' }));
    expect(await h.core.api.$deletedMessages(['live', 'caught-up', 'never-seen'])).toEqual(['live']);
    // Missed while the socket was down: learned from messages/changes on the reconnect.
    h.socket().close();
    await h.clock.advance(1_000);
    h.socket().open();
    await h.clock.advance(0);
    expect(await h.core.api.$deletedMessages(['live', 'caught-up', 'never-seen'])).toEqual(['live', 'caught-up']);
    await h.core.persist();
    const reloaded = await startHarness({ storage: h.storage, clock: h.clock, routes: Object.fromEntries(h.routes) });
    expect(await reloaded.core.api.$deletedMessages(['caught-up', 'live'])).toEqual(['caught-up', 'live']);
  });

  it('expires typing after 5 s by its own timer', async () => {
    const h = await signedIn();
    h.socket().receive(encodeFrame('TYP', { address: 'dm', user_guid: 'alice', first_name: 'Alice', last_name: 'Anders' }));
    h.frame();
    expect(h.patches.at(-1)?.typing).toEqual({ dm: ['Alice Anders'] });
    await h.clock.advance(5_000);
    h.frame();
    expect(h.patches.at(-1)?.typing).toEqual({ dm: [] });
  });

  it('reconnects after 1 s, ×1.5 each time, capped at 30 s, and resets once connected', async () => {
    const h = await signedIn();
    const expected = [1_000, 1_500, 2_250, 3_375, 5_062.5, 7_593.75, 11_390.625, 17_085.9375, 25_628.90625, 30_000, 30_000];
    for (const delay of expected) {
      h.socket().close();
      const count = h.sockets.length;
      await h.clock.advance(delay - 1);
      expect(h.sockets.length, `not before ${delay} ms`).toBe(count);
      await h.clock.advance(1);
      expect(h.sockets.length, `after ${delay} ms`).toBe(count + 1);
    }
    h.socket().open();
    await h.clock.advance(0);
    h.socket().close();
    expect(h.clock.pendingDelays()).toContain(1_000);
  });
});
