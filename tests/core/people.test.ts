/**
 * The people features in the core (Node, manual clock, scripted HTTP, fake
 * socket): presence decided by the worker, custom status, profile details,
 * connections with their toasts, and the welcome bot's greeting.
 */
import { describe, expect, it } from 'vitest';
import type { ChannelWire, UserWire } from '../../protocol/entities';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { BLOCKED_USER_MESSAGE } from '../../protocol/rest/people';
import { startHarness, type Harness, type Route } from './harness';

const P = '/secure/data/confirmed/corporate';
const bob: UserWire = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', email: 'bob@acme.test', company_guid: 'acme' };
const alice: UserWire = { target_user_guid: 'alice', first_name: 'Alice', last_name: 'Anders', name: 'Alice Anders', email: 'alice@acme.test', company_guid: 'acme', connection_state: 'active' };
const botUser: UserWire = { target_user_guid: 'bot', first_name: 'Plaza', last_name: 'Bot', name: 'Plaza Bot', company_guid: 'acme', user_type: 2 };
const botDm: ChannelWire = { guid: 'bot-g', address: 'bot-dm', name: 'Plaza Bot', channel_type: 0, etype: 'DM', target_user_guid: 'bot' };
const statuses = (selected: string | null) => [
  { icon: 'easel', text: 'In a meeting', color: 'red', selected: selected === 'easel' },
  { icon: 'home', text: 'Working from home', color: 'green', selected: selected === 'home' },
];

async function signedIn(extra: Record<string, Route> = {}, channels: ChannelWire[] = [botDm]): Promise<Harness> {
  const h = await startHarness({
    routes: {
      '/data/login': () => ({ status: 200, body: { isOk: true, login_guid: 'lg-1', auth_token: 'token-0123456789abcdef', user: bob } }),
      [`${P}/channels/list`]: () => ({ status: 200, body: { isOk: true, channels } }),
      [`${P}/users/list`]: () => ({ status: 200, body: { isOk: true, users: [bob, alice, botUser] } }),
      [`${P}/status/custom/list`]: () => ({ status: 200, body: { isOk: true, statuses: statuses(null) } }),
      [`${P}/cr/list`]: () => ({ status: 200, body: { isOk: true, requests: [] } }),
      [`${P}/connect/codes`]: () => ({ status: 200, body: { isOk: true, links: [] } }),
      [`${P}/messages/post_as_bot`]: () => ({ status: 200, body: { isOk: true } }),
      ...extra,
    },
  });
  expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
  h.socket().open();
  await h.clock.advance(0);
  h.frame();
  return h;
}

const idlSent = (h: Harness) => h.socket().sent.filter((s) => s.startsWith('IDL'));
const lastPatchWith = <K extends 'people' | 'users' | 'toasts' | 'channels'>(h: Harness, key: K) => h.patches.filter((p) => p[key] !== undefined).at(-1)![key]!;

describe('presence', () => {
  it('goes idle after 30 s without activity, on blur and when the pointer leaves; active again on activity', async () => {
    const h = await signedIn();
    expect(h.socket().sent[0]).toMatch(/^DEV .*"is_idle":false/);
    await h.clock.advance(29_000);
    expect(idlSent(h)).toEqual([]);
    await h.core.api.$reportActivity('activity'); // restarts the 30 s, and repeats "active" (20 s since DEV)
    await h.clock.advance(29_000);
    expect(idlSent(h)).toEqual(['IDL {"is_idle":false}']);
    await h.clock.advance(1_000);
    expect(idlSent(h)).toEqual(['IDL {"is_idle":false}', 'IDL {"is_idle":true}']);
    h.frame();
    expect(lastPatchWith(h, 'people').self.presence).toBe('Idle');
    await h.core.api.$reportActivity('pointer-enter');
    expect(idlSent(h).at(-1)).toBe('IDL {"is_idle":false}');
    await h.core.api.$reportActivity('pointer-leave');
    expect(idlSent(h).at(-1)).toBe('IDL {"is_idle":true}');
    await h.core.api.$setAttention(true);
    await h.core.api.$setAttention(false);
    expect(idlSent(h).slice(-2)).toEqual(['IDL {"is_idle":false}', 'IDL {"is_idle":true}']);
  });

  it('repeats "active" every 20 s while active, so others do not turn the user idle', async () => {
    const h = await signedIn();
    for (let i = 0; i < 5; i++) {
      await h.clock.advance(5_000);
      await h.core.api.$reportActivity('activity');
    }
    expect(idlSent(h)).toEqual(['IDL {"is_idle":false}']); // 25 s after connect: one repeat
  });

  it('sends no idle/active while a custom status is selected, and resyncs when back to automatic', async () => {
    const h = await signedIn({
      [`${P}/status/custom/select`]: (body) => ({ status: 200, body: { isOk: true, statuses: statuses(body.icon) } }),
      [`${P}/status/custom/automatic`]: () => ({ status: 200, body: { isOk: true, statuses: statuses(null) } }),
    });
    expect((await h.core.api.$selectStatus('easel')).ok).toBe(true);
    h.frame();
    expect(lastPatchWith(h, 'people').self.customStatus).toMatchObject({ icon: 'easel', text: 'In a meeting' });
    await h.core.api.$reportActivity('pointer-leave');
    await h.clock.advance(60_000);
    await h.core.api.$reportActivity('activity');
    expect(idlSent(h)).toEqual([]);
    await h.core.api.$reportActivity('pointer-leave');
    await h.core.api.$automaticStatus();
    expect(idlSent(h)).toEqual(['IDL {"is_idle":true}']);
  });

  it("turns another user's active idle 30 s after the last NOS, and shows a custom status live", async () => {
    const h = await signedIn();
    h.socket().receive(encodeFrame('NOS', { user_guid: 'alice', connection_state: 'active', custom_status: null }));
    h.frame();
    const aliceView = () => lastPatchWith(h, 'users').put.find((u) => u.guid === 'alice');
    expect(aliceView()?.status).toBe('Active');
    await h.clock.advance(30_000);
    h.frame();
    expect(aliceView()?.status).toBe('Idle');
    h.socket().receive(encodeFrame('NOS', { user_guid: 'alice', connection_state: 'idle', custom_status: { icon: 'pizza', text: 'Lunch', color: 'yellow' } }));
    h.frame();
    expect(aliceView()?.customStatus).toEqual({ icon: 'pizza', iconLabel: 'Pizza', text: 'Lunch', color: 'yellow' });
    // Only the touched user is resent.
    expect(lastPatchWith(h, 'users').put).toHaveLength(1);
    // An unknown status is logged only.
    h.socket().receive(encodeFrame('NOS', { user_guid: 'alice', connection_state: 'idle', custom_status: { icon: 'rocket', text: 'Launch', color: 'green' } }));
    h.frame();
    expect(aliceView()?.customStatus).toBeNull();
    expect([...h.core.rejections.counts.keys()]).toContain('status unknown custom status rocket/green of alice');
  });
});

describe('custom status', () => {
  it('a failed call reloads the list and reports the failure', async () => {
    let lists = 0;
    const h = await signedIn({
      [`${P}/status/custom/list`]: () => (lists++, { status: 200, body: { isOk: true, statuses: statuses('home') } }),
      [`${P}/status/custom/delete`]: () => ({ status: 404, body: { isOk: false, message: 'You have no status with this icon.' } }),
    });
    const before = lists;
    const result = await h.core.api.$deleteStatus('easel');
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ message: 'You have no status with this icon.' }) });
    expect(lists).toBe(before + 1);
    h.frame();
    expect(lastPatchWith(h, 'people').statuses.find((s) => s.selected)?.icon).toBe('home');
  });

  it('update sends new_icon only when the icon changes', async () => {
    const h = await signedIn({ [`${P}/status/custom/update`]: () => ({ status: 200, body: { isOk: true, statuses: statuses(null) } }) });
    await h.core.api.$updateStatus('easel', { icon: 'easel', text: 'Workshop', color: 'yellow' });
    await h.core.api.$updateStatus('easel', { icon: 'bug', text: 'Bugs', color: 'grey' });
    expect(h.calls.filter((c) => c.path.endsWith('/status/custom/update')).map((c) => c.body)).toEqual([
      { icon: 'easel', text: 'Workshop', color: 'yellow' },
      { icon: 'easel', text: 'Bugs', color: 'grey', new_icon: 'bug' },
    ]);
  });
});

describe('directory', () => {
  it("loads details; a blocked user's answer is logged and the card shows them blocked", async () => {
    const h = await signedIn({
      [`${P}/users/details`]: (body) =>
        body.target_user_guid === 'alice'
          ? { status: 200, body: { isOk: true, user: { ...alice, job_title: 'CEO', desk_number: 'A-1' } } }
          : { status: 400, body: { isOk: false, message: BLOCKED_USER_MESSAGE } },
    });
    expect(await h.core.api.$loadUserDetails('alice')).toEqual({ ok: true, value: null });
    h.frame();
    expect(lastPatchWith(h, 'users').put.find((u) => u.guid === 'alice')?.details).toMatchObject({ job_title: 'CEO', desk_number: 'A-1' });
    expect(await h.core.api.$loadUserDetails('bot')).toEqual({ ok: true, value: null });
    h.frame();
    expect(lastPatchWith(h, 'users').put.find((u) => u.guid === 'bot')?.status).toBe('Blocked');
  });

  it('shows someone the company blocks as blocked at once (NOS is_blocked), though their details were loaded before; reinstated, no longer', async () => {
    const gina: UserWire = { target_user_guid: 'gina', first_name: 'Gina', last_name: 'Garcia', name: 'Gina Garcia', email: 'gina@globex.test', company_guid: 'globex', connection_state: 'active' };
    const ginaDm: ChannelWire = { guid: 'dm-g', address: 'dm-gina', name: 'Gina Garcia', channel_type: 0, etype: 'external DM', is_external: true, target_user_guid: 'gina' };
    const h = await signedIn(
      {
        [`${P}/users/list`]: () => ({ status: 200, body: { isOk: true, users: [bob, alice, gina] } }),
        [`${P}/users/details`]: () => ({ status: 200, body: { isOk: true, user: { ...gina, job_title: 'Launch coordinator' } } }),
      },
      [botDm, ginaDm],
    );
    const ginaView = () => lastPatchWith(h, 'users').put.find((u) => u.guid === 'gina');
    expect(await h.core.api.$loadUserDetails('gina')).toEqual({ ok: true, value: null });
    h.frame();
    expect(ginaView()).toMatchObject({ status: 'Active', is_external: true, details: { job_title: 'Launch coordinator' } });
    h.socket().receive(encodeFrame('NOS', { user_guid: 'gina', connection_state: 'active', custom_status: null, is_blocked: true }));
    h.frame();
    expect(ginaView()).toMatchObject({ status: 'Blocked', details: { job_title: 'Launch coordinator' } });
    // Presence without the flag leaves it as it is.
    h.socket().receive(encodeFrame('NOS', { user_guid: 'gina', connection_state: 'idle', custom_status: null }));
    h.frame();
    expect(ginaView()?.status).toBe('Blocked');
    h.socket().receive(encodeFrame('NOS', { user_guid: 'gina', connection_state: 'idle', custom_status: null, is_blocked: false }));
    h.frame();
    expect(ginaView()?.status).toBe('Idle');
  });

  it('does not let the user post to someone the company blocks: the entry says why and $post refuses; reinstated, it may again', async () => {
    const gina: UserWire = { target_user_guid: 'gina', first_name: 'Gina', last_name: 'Garcia', name: 'Gina Garcia', email: 'gina@globex.test', company_guid: 'globex', connection_state: 'active' };
    const ginaDm: ChannelWire = { guid: 'dm-g', address: 'dm-gina', name: 'Gina Garcia', channel_type: 0, etype: 'external DM', is_external: true, target_user_guid: 'gina' };
    const h = await signedIn({ [`${P}/users/list`]: () => ({ status: 200, body: { isOk: true, users: [bob, alice, gina] } }) }, [botDm, ginaDm]);
    const entry = () => lastPatchWith(h, 'channels').put.find((c) => c.address === 'dm-gina');
    h.frame();
    h.socket().receive(encodeFrame('NOS', { user_guid: 'gina', connection_state: 'active', custom_status: null, is_blocked: true }));
    h.frame();
    const reason = "You can't send messages to Gina Garcia: they are blocked from your company.";
    expect(entry()).toMatchObject({ canPost: false, postingBlockedReason: reason });
    expect(await h.core.api.$post('dm-gina', 'Are you there?')).toEqual({ ok: false, error: { name: 'NotAllowed', message: reason } });
    expect(h.calls.filter((c) => c.path.endsWith('/messages/post'))).toEqual([]);
    h.socket().receive(encodeFrame('NOS', { user_guid: 'gina', connection_state: 'active', custom_status: null, is_blocked: false }));
    h.frame();
    expect(entry()).toMatchObject({ canPost: true, postingBlockedReason: null });
    expect((await h.core.api.$post('dm-gina', 'Welcome back')).ok).toBe(true);
  });

  it('opens a direct message already listed without asking the server', async () => {
    const ginaDm: ChannelWire = { guid: 'dm-g', address: 'dm-gina', name: 'Gina Garcia', channel_type: 0, etype: 'external DM', is_external: true, target_user_guid: 'gina' };
    const h = await signedIn({ [`${P}/conversations/start`]: () => ({ status: 400, body: { isOk: false, message: 'No such user in your company.' } }) }, [botDm, ginaDm]);
    expect(await h.core.api.$startDirectMessage('gina')).toEqual({ ok: true, value: { address: 'dm-gina' } });
    expect(h.calls.filter((c) => c.path.endsWith('/conversations/start'))).toEqual([]);
  });

  it('starts a direct message with a connection of another company who has none yet: the server opens an external DM', async () => {
    const graceDm: ChannelWire = { guid: 'dm-gr', address: 'dm-grace', name: 'Grace Green', channel_type: 0, etype: 'external DM', is_external: true, target_user_guid: 'grace' };
    const h = await signedIn({ [`${P}/conversations/start`]: () => ({ status: 200, body: { isOk: true, channel: graceDm } }) }, [botDm]);
    expect(await h.core.api.$startDirectMessage('grace')).toEqual({ ok: true, value: { address: 'dm-grace' } });
    expect(h.calls.filter((c) => c.path.endsWith('/conversations/start')).map((c) => c.body)).toEqual([{ target_user_guid: 'grace' }]);
    h.frame();
    expect(lastPatchWith(h, 'channels').put.find((c) => c.address === 'dm-grace')).toMatchObject({ name: 'Grace Green', group: 'direct', is_external: true, canPost: true });
  });

  it('searches people and shows de-duplicated results without blocked users', async () => {
    const h = await signedIn({
      [`${P}/members/search`]: () => ({
        status: 200,
        body: { isOk: true, members: [alice, { ...alice, target_user_guid: 'alice2', email: 'ALICE@acme.test' }, { ...alice, target_user_guid: 'x', email: 'x@acme.test', is_blocked: true }] },
      }),
    });
    await h.core.api.$searchPeople(' ali ');
    expect(h.calls.find((c) => c.path.endsWith('/members/search'))?.body).toEqual({ name: 'ali', details: false, include_blocked: false });
    h.frame();
    expect(lastPatchWith(h, 'people').search).toMatchObject({ term: 'ali', results: [{ address: 'alice@acme.test', user_guid: 'alice' }] });
    expect(lastPatchWith(h, 'people').search?.results).toHaveLength(1);
  });
});

describe('connections', () => {
  it('using a link: a request sent toast, a failure toast with the message, or the conversation', async () => {
    const dm: ChannelWire = { guid: 'g', address: 'dm-alice', name: 'Alice Anders', channel_type: 0, etype: 'DM', target_user_guid: 'alice' };
    const h = await signedIn({
      [`${P}/connect/start_conversation`]: (body) =>
        body.cl_guid === 'pending'
          ? { status: 200, body: { isOk: true, channel: null } }
          : body.cl_guid === 'old'
            ? { status: 400, body: { isOk: false, message: 'This connect link has expired.' } }
            : { status: 200, body: { isOk: true, channel: dm } },
    });
    expect(await h.core.api.$useConnectLink('https://plaza.test/connect/pending')).toEqual({ ok: true, value: { address: null } });
    expect((await h.core.api.$useConnectLink('old')).ok).toBe(false);
    expect(await h.core.api.$useConnectLink('http://x/?cl_guid=good')).toEqual({ ok: true, value: { address: 'dm-alice' } });
    expect(await h.core.api.$useConnectLink('   ')).toEqual({ ok: false, error: expect.objectContaining({ field: 'link' }) });
    h.frame();
    expect(lastPatchWith(h, 'toasts').map((t) => [t.title, t.body])).toEqual([
      ['Connection request failed', 'Your connection request has failed. This connect link has expired.'],
      ['Connection request sent', 'Your connection request has been sent. Please wait for approval from the user receiving the request.'],
    ]);
    expect(h.core.projections.channels.byAddress.has('dm-alice')).toBe(true);
  });

  it('requests and links arrive by CRQ; a connection made shows "{name} has connected with you!"', async () => {
    const h = await signedIn({ [`${P}/cr/respond`]: () => ({ status: 200, body: { isOk: true, channel: null } }) });
    const request = { guid: 'r1', target_user_guid: 'grace', email: 'grace@globex.test', first_name: 'Grace', last_name: 'Green', created: 5 };
    h.socket().receive(encodeFrame('CRQ', { action: 'request', request }));
    h.socket().receive(encodeFrame('CRQ', { action: 'connect_link_used', link: { cl_guid: 'l1', code: 'ABCD2345', expires: 10, ttl_seconds: 604800, max_clicks: 10, clicks: 1 }, connected_user: { ...alice } }));
    h.socket().receive(encodeFrame('CRQ', { action: 'request' })); // missing its request: rejected at the edge
    h.frame();
    const people = lastPatchWith(h, 'people');
    expect(people.requests).toEqual([{ guid: 'r1', user_guid: 'grace', name: 'Grace Green', email: 'grace@globex.test', created: 5 }]);
    expect(people.links).toMatchObject([{ cl_guid: 'l1', clicks: 1, path: '/connect/l1' }]);
    expect(lastPatchWith(h, 'toasts')[0]).toMatchObject({ title: 'New connection', body: 'Alice Anders has connected with you!' });
    expect(h.core.rejections.total).toBe(1);
    await h.core.api.$respondConnection('r1', false);
    expect(h.calls.find((c) => c.path.endsWith('/cr/respond'))?.body).toEqual({ guid: 'r1', response: 1 });
    h.frame();
    expect(lastPatchWith(h, 'people').requests).toEqual([]);
  });
});

describe('welcome bot', () => {
  it('greets after sign-in through post_as_bot in the bot DM', async () => {
    const h = await signedIn();
    await h.clock.advance(0);
    expect(h.calls.filter((c) => c.path.endsWith('/post_as_bot')).map((c) => c.body)).toEqual([{ target_user_guid: 'bot', address: 'bot-dm', message: 'hello' }]);
  });

  it('logs "No Bot channel found" without a bot DM, and a failed post opens the Bot Error popover', async () => {
    const lonely = await signedIn({}, []);
    await lonely.clock.advance(0);
    expect(lonely.warnings).toContain('No Bot channel found');
    expect(lonely.calls.some((c) => c.path.endsWith('/post_as_bot'))).toBe(false);

    const h = await signedIn({ [`${P}/messages/post_as_bot`]: () => ({ status: 404, body: { isOk: false, message: 'No Bot channel found' } }) });
    await h.clock.advance(0);
    h.frame();
    expect(lastPatchWith(h, 'people').botError).toBe('No Bot channel found');
    await h.core.api.$dismissBotError();
    h.frame();
    expect(lastPatchWith(h, 'people').botError).toBeNull();
  });

  it('answers a choice by posting its command part', async () => {
    const h = await signedIn({
      [`${P}/messages/post`]: (body) => ({
        status: 200,
        body: { isOk: true, message: { guid: 'a1', address: 'bot-dm', created: 1, from_guid: 'bob', json: body.json } },
      }),
    });
    expect((await h.core.api.$answerBot('bot-dm', 'bot:topics', 'Topics')).ok).toBe(true);
    expect(JSON.parse(h.calls.find((c) => c.path.endsWith('/messages/post'))!.body.json)).toEqual([{ type: 'command', code: 'bot:topics', text: 'Topics' }]);
    expect((await h.core.api.$answerBot('bot-dm', 'rm -rf', 'x')).ok).toBe(false);
  });
});
