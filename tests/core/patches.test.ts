/**
 * Diffs are values (STYLE.md principle 4): a UI that applies every patch in
 * order holds exactly what a new subscriber's snapshot holds, and no patch
 * after the first is a snapshot.
 */
import { describe, expect, it } from 'vitest';
import type { MessageWire } from '../../protocol/entities';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import type { ViewPatch } from '../../protocol/views';
import { T0 } from '../../fixtures/builders';
import { startHarness } from './harness';

interface Model {
  channels: Map<string, unknown>;
  users: Map<string, unknown>;
  conversation: { address: string | null; meta: unknown; messages: Map<string, unknown> };
  typing: Map<string, string[]>;
  session: unknown;
  connection: unknown;
}

function applyPatches(patches: ViewPatch[], model?: Model): Model {
  const m: Model = model ?? { channels: new Map(), users: new Map(), conversation: { address: null, meta: null, messages: new Map() }, typing: new Map(), session: null, connection: null };
  for (const p of patches) {
    if (p.reset) {
      m.channels.clear();
      m.users.clear();
      m.typing.clear();
    }
    if (p.session) m.session = p.session;
    if (p.connection) m.connection = p.connection;
    for (const c of p.channels?.put ?? []) m.channels.set(c.address, c);
    for (const a of p.channels?.remove ?? []) m.channels.delete(a);
    for (const u of p.users?.put ?? []) m.users.set(u.guid, u);
    for (const g of p.users?.remove ?? []) m.users.delete(g);
    if (p.conversation) {
      if (p.conversation.reset) m.conversation = { address: p.conversation.address, meta: null, messages: new Map() };
      m.conversation.meta = p.conversation.meta;
      for (const msg of p.conversation.messages.put) m.conversation.messages.set(msg.guid, msg);
      for (const g of p.conversation.messages.remove) m.conversation.messages.delete(g);
    }
    for (const [address, names] of Object.entries(p.typing ?? {})) {
      if (names.length) m.typing.set(address, names);
      else m.typing.delete(address);
    }
  }
  return m;
}

const normal = (m: Model) => JSON.parse(JSON.stringify({ ...m, channels: [...m.channels].sort(), users: [...m.users].sort(), typing: [...m.typing].sort(), conversation: { ...m.conversation, messages: [...m.conversation.messages].sort() } }));

describe('view patches', () => {
  it('applied in order equal a fresh snapshot, through a random session', async () => {
    const channels = ['a', 'b', 'c'].map((address) => ({ guid: `g${address}`, address, name: `Team ${address}`, channel_type: 1, etype: 'channel' }));
    const people = ['alice', 'carol', 'bob'];
    const h = await startHarness({
      routes: {
        '/data/login': () => ({ status: 200, body: { isOk: true, login_guid: 'lg', auth_token: 'token-token-token-token', user: { target_user_guid: 'bob', first_name: 'Bob', last_name: 'B', name: 'Bob B', company_guid: 'acme' } } }),
        '/secure/data/confirmed/corporate/channels/list': () => ({ status: 200, body: { isOk: true, channels } }),
        '/secure/data/confirmed/corporate/users/list': () => ({ status: 200, body: { isOk: true, users: [] } }),
        '/secure/data/confirmed/corporate/messages/history': () => ({ status: 200, body: { isOk: true, data: [], page_size: 50 } }),
        '/secure/data/confirmed/corporate/messages/bookmark': () => ({ status: 200, body: { isOk: true, address: 'a', unread_messages: 0 } }),
      },
    });
    await h.core.api.$signIn('bob@acme.test', 'pw');
    h.socket().open();
    await h.clock.advance(0);
    let seed = 7;
    const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const sent: MessageWire[] = [];
    for (let i = 0; i < 400; i++) {
      const r = rand();
      const address = channels[Math.floor(rand() * 3)]!.address;
      const from = people[Math.floor(rand() * 3)]!;
      if (r < 0.5) {
        const m = { guid: `m${i}`, address, created: T0 + i * 1_000, from_guid: from, from_first_name: from, json: '[{"type":"text","text":"x"}]' };
        sent.push(m);
        h.socket().receive(encodeFrame('MSG', { message: m }));
      } else if (r < 0.6 && sent.length) {
        const m = sent[Math.floor(rand() * sent.length)]!;
        h.socket().receive(encodeFrame('DEL', { address: m.address, guid: m.guid }));
      } else if (r < 0.7 && sent.length) {
        const m = sent[Math.floor(rand() * sent.length)]!;
        h.socket().receive(encodeFrame('REA', { address: m.address, guid: m.guid, reactions: [{ target_user_guid: from, content: '👍' }] }));
      } else if (r < 0.8) {
        h.socket().receive(encodeFrame('TYP', { address, user_guid: from, first_name: from }));
      } else if (r < 0.85) {
        await h.core.api.$openConversation(rand() < 0.8 ? address : null);
      } else if (r < 0.9) {
        await h.clock.advance(Math.floor(rand() * 8_000));
      }
      if (rand() < 0.3) h.frame();
    }
    h.frame();
    const incremental = applyPatches(h.patches);
    expect(h.patches.slice(1).some((p) => p.reset && p.channels)).toBe(true); // the sign-in switched logs once
    const snapshot: ViewPatch[] = [];
    await h.core.api.$subscribe((p) => snapshot.push(p));
    expect(snapshot).toHaveLength(1);
    expect(normal(incremental)).toEqual(normal(applyPatches(snapshot)));
    expect(h.core.publisher.stats.largestDiff).toBeLessThan(64 * 1024);
  });
});
