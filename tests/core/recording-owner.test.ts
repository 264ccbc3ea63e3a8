/**
 * Whose recordings (docs/session-format.md): a recording's user is the first one signed in during it, never
 * changed or cleared; the list and the exports are the signed-in user's own; a recording in which two people
 * signed in, one nobody signed in during, or one stored before the user was fixed, is no one's.
 */
import { describe, expect, it } from 'vitest';
import { createCore } from '../../core-worker/core';
import { replaySession } from '../../core-worker/replayer';
import type { HttpResponse, Storage } from '../../core-worker/ports';
import { createMemoryRecordingStore, type MemoryRecordingStore } from '../../core-worker/recording-store';
import { createSessionRecording } from '../../core-worker/session-recording';
import { createMemoryStorage } from '../../core-worker/storage-memory';
import { T0 } from '../../fixtures/builders';
import { parseSessionFile } from '../../protocol/session-file';
import type { UserWire } from '../../protocol/entities';
import { ManualClock, workerStartDeps } from './harness';
import { VIEW_CACHE_DELAY_MS } from '../../core-worker/features/view-cache';
import { VIEW_CACHE_KEY } from '../../core-worker/boot-keys';
import { ALICE, BOB } from './scripted-server';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const USERS: Record<string, UserWire> = { 'bob@acme.test': BOB, 'alice@acme.test': ALICE };
let workerNo = 0;

/** One worker start (one page) on the browser's shared `store` and `kv`, against a server that knows Bob and Alice. */
function startWorker(store: MemoryRecordingStore, kv: Storage, start: number, options: { logout?: () => Promise<HttpResponse> } = {}) {
  const n = ++workerNo;
  const calls: string[] = [];
  const deps = workerStartDeps({
      start,
      ids: `w${String(n).padStart(3, '0')}`,
      kv,
      http: async (url, body) => {
        const path = new URL(url).pathname;
        calls.push(path);
        if (path === '/data/login') {
          const user = USERS[(body as { email: string }).email];
          if (!user || (body as { password: string }).password !== 'plaza-demo') return { status: 401, body: { isOk: false, message: 'The email or password is incorrect.' } };
          return { status: 200, body: { isOk: true, login_guid: `login-guid-${n}-0000000000`, auth_token: `auth-token-${n}-0000000000`, user } };
        }
        if (path === '/secure/data/logout') return options.logout ? options.logout() : { status: 200, body: { isOk: true } };
        return { status: 404, body: { isOk: false, message: `no route ${path}` } };
      },
  });
  const recording = createSessionRecording(deps, { app: 'plaza-web test', settle: (fn) => setImmediate(fn), store });
  const core = createCore(recording.deps);
  const api = recording.attach(core);
  const signIn = async (email: string): Promise<void> => {
    const result = await api.$signIn(email, 'plaza-demo');
    if (!result.ok) throw new Error(result.error.message);
    await settle();
  };
  return { api, core, recording, calls, signIn, clock: deps.clock as ManualClock };
}

async function listed(api: ReturnType<typeof startWorker>['api']) {
  const list = await api.$listRecordings();
  if (!list.ok) throw new Error(list.error.message);
  return list.value;
}

describe("a recording's user", () => {
  it('is set at the first sign-in during it and kept after the sign-out (it used to become null)', async () => {
    const store = createMemoryRecordingStore();
    const { api, recording, signIn } = startWorker(store, createMemoryStorage(), T0);
    await recording.flush();
    expect((await store.list())[0]!.user).toBeNull();
    await signIn('bob@acme.test');
    await recording.flush();
    expect((await store.list())[0]).toMatchObject({ user: 'bob', mixed: false });
    await api.$signOut();
    await api.$signIn('bob@acme.test', 'wrong');
    await recording.flush();
    expect((await store.list())[0]).toMatchObject({ user: 'bob', mixed: false });
  });

  it('is not changed by a second person signing in within the same recording: the recording becomes no one’s', async () => {
    const store = createMemoryRecordingStore();
    const kv = createMemoryStorage();
    const { api, recording, signIn } = startWorker(store, kv, T0);
    await signIn('bob@acme.test');
    await api.$signOut();
    await signIn('alice@acme.test');
    await recording.flush();
    expect((await store.list())[0]).toMatchObject({ user: 'bob', mixed: true });
    // Alice does not see it, even as this session's, nor can she export it.
    expect(await listed(api)).toEqual([]);
    const exported = await api.$exportSession();
    expect(exported.ok ? 'exported' : exported.error.name).toBe('NotYourRecording');

    // Nor does Bob, on the next page.
    const next = startWorker(store, kv, T0 + 60_000);
    await next.signIn('bob@acme.test');
    expect((await listed(next.api)).map((r) => r.current)).toEqual([true]);
    const id = (await store.list())[0]!.id;
    const refused = await next.api.$exportSession(id);
    expect(refused.ok ? 'exported' : refused.error.message).toMatch(/More than one person signed in/);
  });
});

describe('Recording settings and exports', () => {
  it('list and export only the signed-in user’s recordings, and refuse another person’s', async () => {
    const store = createMemoryRecordingStore();
    const kv = createMemoryStorage();
    // Dave's turn is Bob's here: Bob's page, signed in then out.
    const bob = startWorker(store, kv, T0);
    await bob.signIn('bob@acme.test');
    await bob.api.$signOut();
    const bobsId = (await store.list())[0]!.id;

    // Then Alice, on a fresh page (the UI's sign-out leaves the page).
    const alice = startWorker(store, kv, T0 + 60_000);
    await alice.signIn('alice@acme.test');
    const aliceList = await listed(alice.api);
    expect(aliceList.map((r) => [r.user, r.current])).toEqual([['alice', true]]);
    const refused = await alice.api.$exportSession(bobsId);
    expect(refused.ok ? 'exported' : refused.error).toEqual({ name: 'NotYourRecording', message: 'That recording is another person’s session: only they can export it, signed in here.' });
    const own = await alice.api.$exportSession();
    if (!own.ok) throw new Error(own.error.message);
    const text = await own.value.file.text();
    expect(parseSessionFile(text).header.user).toBe('alice');
    expect(text).not.toContain('bob@acme.test');
    await alice.api.$signOut();

    // Bob again: his own two, not Alice's.
    const again = startWorker(store, kv, T0 + 120_000);
    await again.signIn('bob@acme.test');
    const list = await listed(again.api);
    expect(list.map((r) => [r.user, r.current, r.started])).toEqual([
      ['bob', true, T0 + 120_000],
      ['bob', false, T0],
    ]);
    const earlier = await again.api.$exportSession(bobsId);
    if (!earlier.ok) throw new Error(earlier.error.message);
    expect(parseSessionFile(await earlier.value.file.text()).header.user).toBe('bob');
  });

  it('list none with nobody signed in, and never one nobody signed in during', async () => {
    const store = createMemoryRecordingStore();
    const kv = createMemoryStorage();
    const first = startWorker(store, kv, T0);
    await first.signIn('bob@acme.test');
    await first.api.$signOut();
    // A page where someone only tried to sign in.
    const attempt = startWorker(store, kv, T0 + 60_000);
    await attempt.api.$signIn('alice@acme.test', 'wrong');
    await settle();
    expect(await listed(attempt.api)).toEqual([]);
    expect((await attempt.api.$exportSession(store.chunks.keys().next().value!)).ok).toBe(false);
    // This page's own attempts stay exportable to the person at it while nobody signs in (no other session is in them).
    expect((await attempt.api.$exportSession()).ok).toBe(true);
    await attempt.recording.flush();
    const unowned = (await store.list())[1]!;
    expect(unowned.user).toBeNull();

    const next = startWorker(store, kv, T0 + 120_000);
    await next.signIn('bob@acme.test');
    expect((await listed(next.api)).map((r) => r.started)).toEqual([T0 + 120_000, T0]);
    const refused = await next.api.$exportSession(unowned.id);
    expect(refused.ok ? 'exported' : refused.error.message).toMatch(/Nobody signed in during that recording/);
  });

  it('treat a recording stored before its user was fixed as no one’s', async () => {
    const store = createMemoryRecordingStore();
    const kv = createMemoryStorage();
    const first = startWorker(store, kv, T0);
    await first.signIn('bob@acme.test');
    await first.recording.flush();
    const { mixed: _, ...legacy } = (await store.list())[0]!;
    await store.putMeta(legacy);
    const next = startWorker(store, kv, T0 + 60_000);
    await next.signIn('bob@acme.test');
    expect((await listed(next.api)).map((r) => r.current)).toEqual([true]);
    const refused = await next.api.$exportSession(legacy.id);
    expect(refused.ok ? 'exported' : refused.error.message).toMatch(/stored before Plaza kept whose session/);
  });
});

describe('a sign-in that did not succeed', () => {
  /** The current recording as Bob exports it, and its replay. */
  async function exportedBy(api: ReturnType<typeof startWorker>['api']) {
    const exported = await api.$exportSession();
    if (!exported.ok) throw new Error(exported.error.message);
    const text = await exported.value.file.text();
    const file = parseSessionFile(text);
    const replay = await replaySession(file, { settle });
    return { text, file, replay };
  }

  it('leaves no email typed for it in the recording of the person who signs in next on the same page', async () => {
    const store = createMemoryRecordingStore();
    const { api, signIn } = startWorker(store, createMemoryStorage(), T0);
    // Dave mistypes his password and walks away; a typo of an address, and one the core refuses itself, too.
    expect((await api.$signIn('dave@acme.test', 'wrong')).ok).toBe(false);
    expect((await api.$signIn(' dave@acme.test ', 'wrong again')).ok).toBe(false);
    expect((await api.$signIn('dave.diaz@acme.tst', 'plaza-demo')).ok).toBe(false);
    const refused = await api.$signIn('dave.diaz', 'plaza-demo');
    expect(refused.ok ? 'signed in' : refused.error).toMatchObject({ name: 'InvalidRequest', field: 'email' });
    await settle();
    // Bob, at the same page, signs in: the recording is his, listed and exported to him.
    await signIn('bob@acme.test');
    const { text, file, replay } = await exportedBy(api);
    expect(file.header.user).toBe('bob');
    expect(text).not.toMatch(/dave/i);
    // The attempts are still there, each address by its placeholder (the same address, the same one).
    const intents = text.split('\n').filter((l) => l.includes('"m":"$signIn"')).map((l) => (JSON.parse(l) as { a: string[] }).a[0]);
    expect(intents).toEqual(['redacted-email-1@plaza.invalid', 'redacted-email-1@plaza.invalid', 'redacted-email-2@plaza.invalid', 'plaza-redacted-email-3', 'redacted-email-4@plaza.invalid']);
    // And it replays to the hash the live core had: the core never keeps the typed address, it only checks and sends it.
    expect(replay.divergence).toBeNull();
    expect(replay.hash).toBe(file.footer.hash);
  });
});

describe('what a page reads at its start', () => {
  it('holds nothing of the person signed out before: the sidebar cache goes with their session', async () => {
    const store = createMemoryRecordingStore();
    const kv = createMemoryStorage();
    const bob = startWorker(store, kv, T0);
    await bob.signIn('bob@acme.test');
    // The sidebar as shown is cached a moment later, for Bob's next cold start (view-cache.ts).
    await bob.clock.advance(VIEW_CACHE_DELAY_MS);
    expect(JSON.stringify(await kv.getItem(VIEW_CACHE_KEY))).toContain('bob@acme.test');
    await bob.api.$signOut();
    expect(await kv.getItem(VIEW_CACHE_KEY)).toBeUndefined();

    // Alice, on the next page: its start reads the stored keys, and the recording, hers, records what they held.
    const alice = startWorker(store, kv, T0 + 60_000);
    await alice.signIn('alice@acme.test');
    const own = await alice.api.$exportSession();
    if (!own.ok) throw new Error(own.error.message);
    const text = await own.value.file.text();
    expect(parseSessionFile(text).header.user).toBe('alice');
    expect(text).not.toContain('bob@acme.test');
    expect(text).not.toContain('Bob Brown');
  });
});

describe('the page going', () => {
  it('stores the log’s pending events and the recording’s pending lines at once, and replays alike', async () => {
    const store = createMemoryRecordingStore();
    const kv = createMemoryStorage();
    const { api, recording, signIn } = startWorker(store, kv, T0);
    await signIn('bob@acme.test');
    await recording.flush();
    // Kept only in the log (no server call, no outbox): the emoji recently used.
    await api.$noteEmojiUsed('👍');
    await settle();
    const stored = async () => (await (await kv.openLog('bob')).load()).map((e) => e.event.type);
    expect(await stored()).not.toContain('emoji.used');
    await api.$pageHidden();
    expect(await stored()).toContain('emoji.used');
    const id = (await store.list())[0]!.id;
    expect((await store.read(id))!.some((line) => line.includes('"$pageHidden"'))).toBe(true);
    // The intent is an input like any: the replayed core stores at the same point (an append of its own).
    const exported = await api.$exportSession();
    if (!exported.ok) throw new Error(exported.error.message);
    const file = parseSessionFile(await exported.value.file.text());
    const replay = await replaySession(file, { settle });
    expect(replay.divergence).toBeNull();
    expect(replay.hash).toBe(file.footer.hash);
  });
});

describe('signing out', () => {
  it('resolves once the server has answered the sign-out and the recording’s lines are stored', async () => {
    const store = createMemoryRecordingStore();
    let answer: (r: HttpResponse) => void = () => {};
    const { api, core, calls, signIn } = startWorker(store, createMemoryStorage(), T0, { logout: () => new Promise((resolve) => (answer = resolve)) });
    await signIn('bob@acme.test');
    let done = false;
    const signingOut = api.$signOut().then(() => (done = true));
    for (let i = 0; i < 5; i++) await settle();
    expect(calls).toContain('/secure/data/logout');
    // The session has ended here already; the page must not go before the server has ended it too.
    expect(core.projections.session.active).toBe(false);
    expect(done).toBe(false);
    answer({ status: 200, body: { isOk: true } });
    await signingOut;
    const id = (await store.list())[0]!.id;
    const stored = (await store.read(id))!;
    expect(stored.some((line) => line.includes('"$signOut"'))).toBe(true);
  });
});
