/**
 * Reactions and flags as optimistic mutations through the outbox: applied before the answer,
 * undone (with a toast saying why) when the server refuses, resent when it fails.
 */
import { describe, expect, it } from 'vitest';
import type { ChannelWire, MessageWire, UserWire } from '../../protocol/entities';
import type { HttpResponse } from '../../core-worker/ports';
import { T0 } from '../../fixtures/builders';
import { settle, startHarness } from './harness';

const bob: UserWire = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', company_guid: 'acme' };
const team: ChannelWire = { guid: 't-g', address: 't', name: 'Team', channel_type: 1, etype: 'channel' };
const m1: MessageWire = { guid: 'm1', address: 't', created: T0, from_guid: 'alice', json: JSON.stringify([{ type: 'text', text: 'hi' }]), flag: 2 };

function deferred(): { promise: Promise<HttpResponse>; resolve: (r: HttpResponse) => void } {
  let resolve!: (r: HttpResponse) => void;
  return { promise: new Promise((r) => (resolve = r)), resolve };
}

async function signedIn() {
  const answers = { react: deferred(), flag: deferred() };
  const h = await startHarness({
    routes: {
      '/data/login': () => ({ status: 200, body: { isOk: true, login_guid: 'lg', auth_token: 'token-0123456789abcdef', user: bob } }),
      '/secure/data/confirmed/corporate/channels/list': () => ({ status: 200, body: { isOk: true, channels: [team] } }),
      '/secure/data/confirmed/corporate/users/list': () => ({ status: 200, body: { isOk: true, users: [bob] } }),
      '/secure/data/confirmed/corporate/messages/history': () => ({ status: 200, body: { isOk: true, data: [m1], page_size: 50 } }),
      '/secure/data/confirmed/corporate/messages/react': () => answers.react.promise,
      '/secure/data/confirmed/corporate/messages/flag': () => answers.flag.promise,
    },
  });
  await h.core.api.$signIn('bob@acme.test', 'plaza-demo');
  h.socket().open();
  await h.clock.advance(0);
  await h.core.api.$openConversation('t');
  return { h, answers };
}

const message = (h: Awaited<ReturnType<typeof signedIn>>['h']) => h.core.projections.messages.byAddress.get('t')!.byGuid.get('m1')!;

describe('optimistic mutations', () => {
  it('shows a reaction before the answer and takes it back when refused', async () => {
    const { h, answers } = await signedIn();
    expect(await h.core.api.$toggleReaction('t', 'm1', '👍')).toEqual({ ok: true, value: null }); // queued
    await settle();
    expect(message(h).reactions).toEqual([{ target_user_guid: 'bob', content: '👍' }]);
    expect(h.calls.at(-1)).toMatchObject({ path: '/secure/data/confirmed/corporate/messages/react', body: { address: 't', guid: 'm1', content: '👍' } });
    answers.react.resolve({ status: 400, body: { isOk: false, message: 'You can add at most 20 different reactions to a message.' } });
    await h.clock.advance(0);
    expect(message(h).reactions).toEqual([]);
    expect(h.core.projections.outbox.byId.size).toBe(0);
    h.frame();
    expect([...h.patches].reverse().find((p) => p.toasts)?.toasts?.[0]).toMatchObject({ title: 'Reaction not added', body: 'You can add at most 20 different reactions to a message.' });
  });

  it('shows a flag before the answer and restores the previous one when refused; a failure is retried', async () => {
    const { h, answers } = await signedIn();
    expect(message(h).flag).toBe(2);
    expect((await h.core.api.$setFlag('t', 'm1', 7)).ok).toBe(true);
    await settle();
    expect(message(h).flag).toBe(7);
    expect(h.calls.at(-1)?.body).toEqual({ address: 't', guid: 'm1', is_on: true, flag: 7 });
    // A server failure is not a refusal: the flag stays and the call goes out again after 1 s.
    answers.flag.resolve({ status: 500, body: { isOk: false, message: 'Internal server error' } });
    await h.clock.advance(0);
    expect(message(h).flag).toBe(7);
    answers.flag = deferred();
    h.routes.set('/secure/data/confirmed/corporate/messages/flag', () => answers.flag.promise);
    await h.clock.advance(1_000);
    expect(h.calls.filter((c) => c.path.endsWith('/messages/flag'))).toHaveLength(2);
    answers.flag.resolve({ status: 404, body: { isOk: false, message: 'No message found' } });
    await h.clock.advance(0);
    expect(message(h).flag).toBe(2);
  });

  it('refuses invalid input before any call', async () => {
    const { h } = await signedIn();
    const before = h.calls.length;
    expect(await h.core.api.$toggleReaction('t', 'm1', 'two words')).toMatchObject({ ok: false, error: { field: 'content' } });
    expect(await h.core.api.$toggleReaction('t', 'nope', '👍')).toMatchObject({ ok: false, error: { name: 'NotFound' } });
    expect(h.calls.length).toBe(before);
  });
});
