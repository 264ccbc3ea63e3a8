/**
 * The real core against the real server: threads, reactions (optimistic, then
 * the server's list, or undone on refusal), flags across a user's devices, the
 * flagged view, the New messages divider and the emoji settings kept in
 * Storage across a restart. The live state always equals a rebuild of the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../core-worker/core';
import { messageSettingsKey } from '../../core-worker/features/message-settings';
import { createMemoryStorage } from '../../core-worker/storage-memory';
import { canonicalJson } from '../../projections/canonical';
import { foldAll } from '../../projections/fold';
import type { ViewPatch } from '../../protocol/views';
import { createPlazaServer, type PlazaServer } from '../../server/app';
import type { Result } from '../../protocol/result';
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

async function client(email: string, storage = createMemoryStorage()) {
  const deps = { ...nodeDeps('', storage), baseUrl: server.url };
  const core = createCore(deps);
  cores.push(core);
  const patches: ViewPatch[] = [];
  await core.api.$subscribe((p) => patches.push(p));
  await core.start();
  if (email) expect((await core.api.$signIn(email, 'plaza-demo')).ok).toBe(true);
  await until(() => core.projections.connection.socket === 'online', 5_000, 'socket online');
  await until(() => core.projections.channels.byAddress.size > 0, 5_000, 'channel list');
  return { core, patches, storage };
}

const channelNamed = (core: Core, name: string) => [...core.projections.channels.byAddress.values()].find((r) => r.channel.name === name)!.channel;
const stored = (core: Core, address: string, guid: string) => core.projections.messages.byAddress.get(address)?.byGuid.get(guid);
/** The server's guid of a post once the outbox has delivered it ($post answers with the client_guid at once). */
async function delivered(core: Core, posted: Result<{ client_guid: string }>): Promise<string> {
  if (!posted.ok) throw new Error(posted.error.message);
  const find = (): string | undefined => {
    for (const store of core.projections.messages.byAddress.values()) for (const m of store.byGuid.values()) if (m.client_guid === posted.value.client_guid) return m.guid;
    for (const thread of core.projections.threads.byParent.values()) for (const m of thread.byGuid.values()) if (m.client_guid === posted.value.client_guid) return m.guid;
    return undefined;
  };
  return until(find, 5_000, 'post delivered');
}
const rebuilt = (core: Core) => expect(canonicalJson(core.projections)).toBe(canonicalJson(foldAll(core.log)));

describe('messages features, core ↔ local server', () => {
  it('threads: a reply reaches the open thread live, counts on the first message, and a deleted reply uncounts', async () => {
    const alice = await client('alice@acme.test');
    const bob = await client('bob@acme.test');
    const design = channelNamed(bob.core, 'Design');
    await bob.core.api.$openConversation(design.address);
    const posted = await bob.core.api.$post(design.address, 'Which font for the headings?');
    const parent = await delivered(bob.core, posted);

    await alice.core.api.$openConversation(design.address);
    expect((await alice.core.api.$openThread(design.address, parent)).ok).toBe(true);
    expect(bob.core.projections.threads.open).toBeNull();
    expect((await bob.core.api.$openThread(design.address, parent)).ok).toBe(true);
    const replied = await alice.core.api.$post(design.address, 'Inter, like the body', { reply_to: parent });
    await alice.core.api.$openThread(design.address, parent);
    const reply = { value: { guid: await delivered(alice.core, replied) } };
    await until(() => bob.core.projections.threads.byParent.get(parent)?.order.includes(reply.value.guid), 5_000, 'reply in Bob\'s thread');
    expect(stored(bob.core, design.address, parent)).toMatchObject({ reply_count: 1 });
    expect(bob.core.projections.messages.byAddress.get(design.address)!.byGuid.has(reply.value.guid)).toBe(false);
    expect(bob.core.projections.unread.byAddress.get(design.address)?.count).toBe(0);

    // The thread patch carries the first message and the reply.
    bob.core.publisher.flush();
    const threadPatch = [...bob.patches].reverse().find((p) => p.thread?.replies.put.length);
    expect(threadPatch?.thread?.meta).toMatchObject({ guid: parent, loading: false, error: null });
    expect(threadPatch?.thread?.replies.put.map((m) => m.guid)).toContain(reply.value.guid);
    // Its first message counts the live reply too (the panel's Delete asks about "its 1 reply").
    const lastParent = (patches: ViewPatch[]) => [...patches].reverse().find((p) => p.thread?.parent)?.thread?.parent;
    expect(lastParent(bob.patches)).toMatchObject({ guid: parent, reply_count: 1 });

    expect((await alice.core.api.$deleteMessage(design.address, reply.value.guid)).ok).toBe(true);
    await until(() => bob.core.projections.threads.byParent.get(parent)?.order.length === 0, 5_000, 'reply gone at Bob');
    await until(() => stored(bob.core, design.address, parent)?.reply_count === 0, 5_000, 'count back to 0');
    expect(stored(alice.core, design.address, parent)).toMatchObject({ reply_count: 0, last_reply_ts: null });
    bob.core.publisher.flush();
    expect(lastParent(bob.patches)).toMatchObject({ guid: parent, reply_count: 0, last_reply_ts: null });
    rebuilt(alice.core);
    rebuilt(bob.core);
  });

  it('reactions: applied at once, confirmed by the server, seen by others; a refused one is undone', async () => {
    const alice = await client('alice@acme.test');
    const carol = await client('carol@acme.test');
    const design = channelNamed(alice.core, 'Design');
    await alice.core.api.$openConversation(design.address);
    await carol.core.api.$openConversation(design.address);
    const posted = await carol.core.api.$post(design.address, 'New palette is up');
    if (!posted.ok) throw new Error(posted.error.message);
    const guid = await delivered(carol.core, posted);
    await until(() => stored(alice.core, design.address, guid), 5_000, 'message at Alice');

    expect((await alice.core.api.$toggleReaction(design.address, guid, '🎉')).ok).toBe(true);
    expect(stored(alice.core, design.address, guid)?.reactions).toEqual([{ target_user_guid: alice.core.projections.session.user!.target_user_guid, content: '🎉' }]);
    // Optimistic first (an intent), then the server's list once the outbox has delivered it.
    await until(() => alice.core.projections.outbox.byId.size === 0, 5_000, 'reaction delivered');
    const kinds = alice.core.log.filter((e) => 'guid' in e.event && e.event.guid === guid && e.event.type.startsWith('reaction') && e.source !== 'socket').map((e) => `${e.source}:${e.event.type}`);
    expect(kinds.slice(0, 2)).toEqual(['intent:reaction.toggled', 'rest:reactions.changed']);
    await until(() => stored(carol.core, design.address, guid)?.reactions.length === 1, 5_000, 'REA at Carol');
    // Toggling again removes it.
    expect((await alice.core.api.$toggleReaction(design.address, guid, '🎉')).ok).toBe(true);
    await until(() => stored(carol.core, design.address, guid)?.reactions.length === 0, 5_000, 'removal at Carol');
    // Reactions count toward the Recent list.
    expect(alice.core.projections.messageSettings.stats.get('🎉')?.count).toBe(1);

    rebuilt(alice.core);
    rebuilt(carol.core);
  });

  it('flags: set at once, known to the user\'s other device by FAV, listed in the flagged view, cleared', async () => {
    const laptop = await client('dave@acme.test');
    const phone = await client('dave@acme.test');
    const eng = channelNamed(laptop.core, 'Engineering');
    await laptop.core.api.$openConversation(eng.address);
    await phone.core.api.$openConversation(eng.address);
    const store = laptop.core.projections.messages.byAddress.get(eng.address)!;
    const guid = store.order.at(-1)!;
    expect((await laptop.core.api.$setFlag(eng.address, guid, 9)).ok).toBe(true);
    expect(stored(laptop.core, eng.address, guid)?.flag).toBe(9);
    await until(() => stored(phone.core, eng.address, guid)?.flag === 9, 5_000, 'FAV at the phone');
    expect((await phone.core.api.$loadFlagged(0)).ok).toBe(true);
    expect([...phone.core.projections.flagged.byGuid.values()].map((m) => [m.guid, m.flag])).toEqual([[guid, 9]]);
    expect((await laptop.core.api.$setFlag(eng.address, guid, 0)).ok).toBe(true);
    await until(() => phone.core.projections.flagged.byGuid.size === 0, 5_000, 'unflagged at the phone');
    expect(await laptop.core.api.$setFlag(eng.address, guid, 13)).toMatchObject({ ok: false, error: { field: 'flag' } });
    // Refused by the server (no such message): queued, then dropped with a toast saying why.
    expect((await laptop.core.api.$setFlag(eng.address, 'no-such-message', 4)).ok).toBe(true);
    await until(() => laptop.core.projections.outbox.byId.size === 0, 5_000, 'refusal');
    expect([...laptop.core.log].reverse().find((e) => e.event.type === 'toast.shown')?.event).toMatchObject({ toast: { title: 'Flag not saved', body: 'No message found' } });
    rebuilt(laptop.core);
    rebuilt(phone.core);
  });

  it('shows the New messages divider at the first unread message when a conversation opens', async () => {
    const carol = await client('carol@acme.test');
    const dave = await client('dave@acme.test');
    const eng = channelNamed(dave.core, 'Engineering');
    await carol.core.api.$openConversation(eng.address);
    const firstPosted = await carol.core.api.$post(eng.address, 'unread one');
    const first = { ok: true, value: { guid: await delivered(carol.core, firstPosted) } } as const;
    await carol.core.api.$post(eng.address, 'unread two');
    await until(() => (dave.core.projections.unread.byAddress.get(eng.address)?.count ?? 0) >= 2, 5_000, 'two unread at Dave');
    await dave.core.api.$openConversation(eng.address);
    expect(dave.core.projections.unread.byAddress.get(eng.address)?.count).toBe(0);
    expect(first.ok && dave.core.projections.reading.firstUnread).toBe(first.ok ? first.value.guid : null);
    dave.core.publisher.flush();
    const meta = [...dave.patches].reverse().find((p) => p.conversation?.meta)?.conversation?.meta;
    expect(meta?.newMessages).toEqual({ guid: first.ok ? first.value.guid : '', count: 2 });
  });

  it('keeps the skin tone and emoji counts per user in Storage across a restart', async () => {
    const storage = createMemoryStorage();
    const first = await client('bob@acme.test', storage);
    await first.core.api.$setSkinTone(3);
    await first.core.api.$noteEmojiUsed('👍🏿');
    await first.core.api.$noteEmojiUsed('🚀');
    expect(await first.core.api.$setSkinTone(9)).toMatchObject({ ok: false, error: { field: 'selected_skin_tone' } });
    const user = first.core.projections.session.user!.target_user_guid;
    expect(await storage.getItem(messageSettingsKey(user))).toMatchObject({ selected_skin_tone: 3, emoji_stats: { '👍': { count: 1 }, '🚀': { count: 1 } } });
    await first.core.persist();
    await first.core.stop();

    // Same user and storage, but the log is gone (as after a log schema change): the settings come back.
    storage.chunks.delete(user);
    await storage.removeItem('credentials');
    const again = createCore({ ...nodeDeps('', storage), baseUrl: server.url });
    cores.push(again);
    await again.start();
    expect((await again.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
    await until(() => again.projections.messageSettings.skinTone === 3, 5_000, 'settings restored');
    expect(again.projections.messageSettings.stats.get('🚀')?.count).toBe(1);
  });
});
