/**
 * The real core (in Node) against the real local server, over real HTTP and
 * WebSocket: two users, a live message, unread counts, marking viewed, and a
 * restart from the stored log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../core-worker/core';
import { canonicalJson } from '../../projections/canonical';
import { foldAll } from '../../projections/fold';
import { endpoints } from '../../protocol/rest/endpoints';
import type { ViewPatch } from '../../protocol/views';
import { createPlazaServer, type PlazaServer } from '../../server/app';
import { nodeDeps, until } from './node-deps';

let server: PlazaServer;
const cores: Core[] = [];

beforeAll(async () => {
  server = await createPlazaServer({ port: 0, log: () => {} });
});
afterAll(async () => {
  for (const core of cores) await core.stop();
  await server.close();
});

async function client(email: string, deps = nodeDeps('')) {
  const d = { ...deps, baseUrl: server.url };
  const core = createCore(d);
  cores.push(core);
  const patches: ViewPatch[] = [];
  await core.api.$subscribe((p) => patches.push(p));
  await core.start();
  if (email) expect(await core.api.$signIn(email, 'plaza-demo')).toEqual({ ok: true, value: null });
  await until(() => core.projections.connection.socket === 'online', 5_000, 'socket online');
  await until(() => core.projections.channels.byAddress.size > 0, 5_000, 'channel list');
  return { core, patches, deps: d };
}

const channelNamed = (core: Core, name: string) => [...core.projections.channels.byAddress.values()].find((r) => r.channel.name === name)!.channel;

describe('core ↔ local server', () => {
  it('delivers a message live, counts it, clears it on viewing, and survives a restart', async () => {
    const alice = await client('alice@acme.test');
    const bob = await client('bob@acme.test');
    const dm = channelNamed(bob.core, 'Alice Anders');
    expect(channelNamed(alice.core, 'Bob Brown').address).toBe(dm.address);
    expect(bob.core.projections.unread.byAddress.get(dm.address)?.count).toBe(0);

    const started = performance.now();
    const posted = await alice.core.api.$post(dm.address, 'Lunch at noon?');
    expect(posted.ok).toBe(true);
    await until(() => bob.core.projections.unread.byAddress.get(dm.address)?.count === 1, 5_000, 'unread 1');
    const latencyMs = performance.now() - started;
    console.info(`send → Bob's core: ${latencyMs.toFixed(1)} ms`);

    // Bob opens the conversation: history arrives, the counter clears, and so does the server's.
    await bob.core.api.$openConversation(dm.address);
    expect(bob.core.projections.unread.byAddress.get(dm.address)?.count).toBe(0);
    const store = bob.core.projections.messages.byAddress.get(dm.address)!;
    expect(store.byGuid.get(store.order.at(-1)!)?.parts).toEqual([{ type: 'text', text: 'Lunch at noon?' }]);
    expect(bob.core.projections.unread.byAddress.get(dm.address)?.bookmark?.guid).toBe(store.order.at(-1));
    const creds = (await bob.deps.storage.getItem<{ login_guid: string; auth_token: string }>('credentials'))!;
    const serverUnread = async () => {
      const list = await fetch(`${server.url}${endpoints.channelsList.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-login-guid': creds.login_guid, 'x-auth-token': creds.auth_token },
        body: '{}',
      }).then((r) => r.json());
      return list.channels.find((c: { address: string }) => c.address === dm.address).unread_messages as number;
    };
    // The bookmark travels through the outbox: the server's count follows shortly.
    await until(() => bob.core.projections.outbox.byId.size === 0, 5_000, 'bookmark delivered');
    expect(await serverUnread()).toBe(0);

    // Bob's live state equals a rebuild of what he stored; a restarted core shows it before any network.
    await bob.core.persist();
    const stored = await (await bob.deps.storage.openLog(bob.core.projections.session.user!.target_user_guid)).load();
    expect(canonicalJson(foldAll(stored))).toBe(canonicalJson(bob.core.projections));
    await bob.core.stop();
    const again = createCore({ ...bob.deps });
    cores.push(again);
    await again.start();
    expect(again.projections.messages.byAddress.get(dm.address)?.order).toEqual(store.order);
    expect(again.projections.session.active).toBe(true);
    // …then converges with the server: another message while Bob was away (his page in the background) is picked up.
    await again.api.$setAttention(false);
    await alice.core.api.$post(dm.address, 'Are you there?');
    await until(() => again.projections.connection.socket === 'online', 5_000, 'online again');
    await until(() => again.projections.unread.byAddress.get(dm.address)?.count === 1, 5_000, 'caught-up unread');
    // Looking again marks it viewed, here and on the server.
    await again.api.$setAttention(true);
    expect(again.projections.unread.byAddress.get(dm.address)?.count).toBe(0);
    await until(() => again.projections.outbox.byId.size === 0, 5_000, 'bookmark delivered');
    expect(await serverUnread()).toBe(0);
  });

  it('shows the composer refusal the server would give, and the server agrees', async () => {
    const bob = await client('bob@acme.test');
    const acme = channelNamed(bob.core, 'Acme');
    const result = await bob.core.api.$post(acme.address, 'hello everyone');
    // Refused at once, before anything is queued, with the shared rule's reason…
    expect(result).toMatchObject({ ok: false, error: { message: 'Only company admins can post in the company channel.' } });
    expect(bob.core.projections.outbox.byId.size).toBe(0);
    // …which is what the server says to the same post.
    const creds = (await bob.deps.storage.getItem<{ login_guid: string; auth_token: string }>('credentials'))!;
    const response = await fetch(`${server.url}${endpoints.post.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-login-guid': creds.login_guid, 'x-auth-token': creds.auth_token },
      body: JSON.stringify({ address: acme.address, json: JSON.stringify([{ type: 'text', text: 'hello everyone' }]), is_urgent: false }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('Only company admins can post in the company channel.');
  });

  it('starts a direct message that the other person sees at once', async () => {
    const carol = await client('carol@acme.test');
    const dave = await client('dave@acme.test');
    const daveGuid = dave.core.projections.session.user!.target_user_guid;
    const started = await carol.core.api.$startDirectMessage(daveGuid);
    expect(started.ok).toBe(true);
    const address = started.ok ? started.value.address : '';
    await until(() => dave.core.projections.channels.byAddress.get(address)?.channel.name === 'Carol Chen', 5_000, 'CHA add at Dave');
    expect(carol.core.projections.channels.byAddress.get(address)?.channel.name).toBe('Dave Diaz');
  });
});
