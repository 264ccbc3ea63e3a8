import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore } from '../../core-worker/core';
import type { Storage } from '../../core-worker/ports';
import { replaySession } from '../../core-worker/replayer';
import { createMemoryLiveRecordings, createMemoryRecordingStore, type LiveRecordings, type RecordingStore } from '../../core-worker/recording-store';
import { createSessionRecording, RECORDING_SETTINGS_KEY, type SessionRecordingOptions } from '../../core-worker/session-recording';
import { createIdbRecordingStore } from '../../core-worker/storage-idb';
import { createMemoryStorage } from '../../core-worker/storage-memory';
import { projectionHashes } from '../../projections/hash';
import { INPUT_KINDS, lineInfo, parseSessionFile } from '../../protocol/session-file';
import { T0 } from '../../fixtures/builders';
import type { UserWire } from '../../protocol/entities';
import { workerStartDeps } from './harness';
import { BOB } from './scripted-server';
import { writtenAsVersion } from './session-versions';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
let sessionNo = 0;

/**
 * One worker start: a recorded core on `store` and `kv`, signed in as `as` first when given (only the signed-in
 * user's own recordings are listed and exported: tests/core/recording-owner.test.ts), then signing in (and failing)
 * `signIns` times.
 */
async function runSession(
  store: RecordingStore | Promise<RecordingStore>,
  kv: Storage,
  options: Partial<SessionRecordingOptions> & { start?: number; signIns?: number; flushAtEnd?: boolean; as?: UserWire } = {},
) {
  const n = ++sessionNo;
  const recording = createSessionRecording(
    workerStartDeps({
      start: options.start ?? T0,
      ids: `s${String(n).padStart(3, '0')}`,
      kv,
      http: async (url, body) => {
        const path = new URL(url).pathname;
        if (path === '/data/login') {
          const { email, password } = body as { email: string; password: string };
          return email === options.as?.email && password === 'plaza-demo'
            ? { status: 200, body: { isOk: true, login_guid: `login-guid-${n}-0000000000`, auth_token: `auth-token-${n}-0000000000`, user: options.as } }
            : { status: 401, body: { isOk: false, message: 'The email or password is incorrect.' } };
        }
        return { status: 404, body: { isOk: false, message: `no route ${path}` } };
      },
    }),
    { app: 'plaza-web test', settle: (fn) => setImmediate(fn), store, ...options },
  );
  const api = recording.attach(createCore(recording.deps));
  if (options.as) {
    const signedIn = await api.$signIn(options.as.email!, 'plaza-demo');
    if (!signedIn.ok) throw new Error(signedIn.error.message);
    await settle();
  }
  for (let i = 0; i < (options.signIns ?? 3); i++) {
    await api.$signIn('bob@acme.test', 'wrong');
    await settle();
  }
  if (options.flushAtEnd !== false) await recording.flush();
  return { api, recording };
}

async function expectReplaysToFooter(text: string) {
  const file = parseSessionFile(text);
  const replay = await replaySession(file, { settle });
  expect(replay.divergence).toBeNull();
  expect(replay.hash).toBe(file.footer.hash);
  return file;
}

afterEach(() => vi.restoreAllMocks());

describe('stored recordings (IndexedDB through idb)', () => {
  it('writes lines in batches: a chunk and its index entry per transaction, not one per line', async () => {
    const store = await createIdbRecordingStore('rec-batching');
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const { api, recording } = await runSession(store, createMemoryStorage(), { as: BOB, signIns: 100, flushLines: 50 });
    await recording.flush();
    const writes = transaction.mock.calls.filter((call) => call[1] === 'readwrite').length;
    const list = await api.$listRecordings();
    if (!list.ok) throw new Error(list.error.message);
    const lines = list.value[0]!.lines;
    expect(lines).toBeGreaterThan(250);
    expect(writes).toBeLessThanOrEqual(Math.ceil(lines / 50) + 1);
    const exported = await api.$exportSession();
    if (!exported.ok) throw new Error(exported.error.message);
    await expectReplaysToFooter((await exported.value.file.text()));
    store.close();
  });

  it('survives a restart: the next worker lists the previous session and exports it replayable to its footer', async () => {
    const kv = createMemoryStorage();
    // Small batches and no final flush: what is stored ends wherever the last batch did, possibly mid-input.
    const first = await createIdbRecordingStore('rec-restart');
    await runSession(first, kv, { as: BOB, signIns: 6, flushLines: 7, flushAtEnd: false });
    await settle();
    first.close();

    const second = await createIdbRecordingStore('rec-restart');
    const { api } = await runSession(second, kv, { start: T0 + 60_000, as: BOB, signIns: 1 });
    const list = await api.$listRecordings();
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.map((r) => r.current)).toEqual([true, false]); // newest first
    const previous = list.value[1]!;
    expect(previous.started).toBe(T0);
    expect(previous.stopped).toBe(false);
    const exported = await api.$exportSession(previous.id);
    if (!exported.ok) throw new Error(exported.error.message);
    const file = await expectReplaysToFooter((await exported.value.file.text()));
    expect(file.header.started).toBe(T0);
    expect(file.footer.inputs).toBeGreaterThan(3);
    expect((await exported.value.file.text())).not.toContain('"wrong"');
    const missing = await api.$exportSession('no-such-id');
    expect(missing.ok ? null : missing.error.name).toBe('NoSuchRecording');
    second.close();
  });

  it('persists the footer frozen when a session alone meets the bound', async () => {
    const kv = createMemoryStorage();
    const first = await createIdbRecordingStore('rec-frozen');
    const { api: live } = await runSession(first, kv, { as: BOB, signIns: 20, maxChars: 1_500 });
    const liveExport = await live.$exportSession();
    if (!liveExport.ok) throw new Error(liveExport.error.message);
    first.close();

    const second = await createIdbRecordingStore('rec-frozen');
    const { api } = await runSession(second, kv, { start: T0 + 60_000, as: BOB, signIns: 0 });
    const list = await api.$listRecordings();
    if (!list.ok) throw new Error(list.error.message);
    const previous = list.value.find((r) => !r.current)!;
    expect(previous.stopped).toBe(true);
    const exported = await api.$exportSession(previous.id);
    if (!exported.ok) throw new Error(exported.error.message);
    const file = await expectReplaysToFooter((await exported.value.file.text()));
    expect(file.footer.inputs).toBeLessThan(40);
    // The same file as the live export: lines and frozen footer were both stored.
    expect((await exported.value.file.text()).split('\n').slice(1)).toEqual((await liveExport.value.file.text()).split('\n').slice(1));
    second.close();
  });
});

describe('recordings stored by an earlier Plaza', () => {
  it('exports one without a footer in its own version (2), sealed with FNV-1a 64, replayable to that footer', async () => {
    const kv = createMemoryStorage();
    const store = createMemoryRecordingStore();
    const { api: earlier } = await runSession(store, kv, { as: BOB, signIns: 4 });
    const current = await earlier.$exportSession();
    if (!current.ok) throw new Error(current.error.message);
    // What the previous Plaza stored for the same session: version 2 lines, FNV digests, no footer yet.
    const stored = (await writtenAsVersion((await current.value.file.text()), 2)).trimEnd().split('\n').slice(0, -1);
    const inputs = stored.filter((l) => INPUT_KINDS.has(lineInfo(l).kind ?? '')).length;
    const chars = stored.reduce((n, l) => n + l.length + 1, 0);
    // Its entry as one stored once recordings kept whose they are (an entry from before is no one's: recording-owner.test.ts).
    await store.append({ id: 'earlier-v2', started: T0 - 60_000, app: 'plaza-web 0.0.9', user: 'bob', mixed: false, lines: stored.length, inputs, chars, chunks: 1, frozenFooter: null }, 0, stored);

    const { api } = await runSession(store, kv, { start: T0 + 60_000, as: BOB, signIns: 0 });
    const exported = await api.$exportSession('earlier-v2');
    if (!exported.ok) throw new Error(exported.error.message);
    const file = await expectReplaysToFooter((await exported.value.file.text()));
    expect(file.header.version).toBe(2);
    expect(file.footer.inputs).toBeGreaterThan(3);
    // Its lines are the stored ones (cut after the last whole input), its footer the FNV hash of the state its replay reaches.
    const rows = (await exported.value.file.text()).trimEnd().split('\n');
    expect(rows.slice(1, -1).every((r) => stored.includes(r))).toBe(true);
    const replay = await replaySession(file, { settle });
    expect(file.footer.hash).toBe(projectionHashes(replay.core.projections, 'fnv1a64').all);
  });
});

describe('a previous session whose replay here differs from it', () => {
  it('is exported unsealed: every whole input as stored, a footer with no final hash, and the answer says why', async () => {
    const kv = createMemoryStorage();
    const store = createMemoryRecordingStore();
    const { api: earlier } = await runSession(store, kv, { as: BOB, signIns: 4 });
    const current = await earlier.$exportSession();
    if (!current.ok) throw new Error(current.error.message);
    // What an earlier build stored: the same lines, but a digest its fold wrote for events this build's fold does not append.
    const stored = (await current.value.file.text()).trimEnd().split('\n').slice(0, -1);
    const digestAt = stored.findIndex((l, i) => i > stored.length / 2 && l.startsWith('E '));
    stored[digestAt] = stored[digestAt]!.replace(/ [0-9a-f]{16}$/, ' 0123456789abcdef');
    const inputs = stored.filter((l) => INPUT_KINDS.has(lineInfo(l).kind ?? '')).length;
    const chars = stored.reduce((n, l) => n + l.length + 1, 0);
    await store.append({ id: 'earlier-build', started: T0 - 60_000, app: 'plaza-web 0.0.9', user: 'bob', mixed: false, lines: stored.length, inputs, chars, chunks: 1, frozenFooter: null }, 0, stored);

    const { api } = await runSession(store, kv, { start: T0 + 60_000, as: BOB, signIns: 0 });
    const list = await api.$listRecordings();
    // Each names the build that recorded it.
    expect(list.ok && list.value.map((r) => [r.id === 'earlier-build', r.app])).toEqual([
      [false, 'plaza-web test'],
      [false, 'plaza-web test'],
      [true, 'plaza-web 0.0.9'],
    ]);
    const exported = await api.$exportSession('earlier-build');
    if (!exported.ok) throw new Error(exported.error.message);
    const input = stored.slice(1, digestAt).filter((l) => INPUT_KINDS.has(lineInfo(l).kind ?? '')).length;
    expect(exported.value.unsealed).toEqual({ by: 'plaza-web test', recordedBy: 'plaza-web 0.0.9', input, line: digestAt + 1, reason: 'the events it appended differ' });
    const rows = (await exported.value.file.text()).trimEnd().split('\n');
    expect(rows.slice(1, -1)).toEqual(stored.slice(1, rows.length - 1));
    const file = parseSessionFile(rows.join('\n') + '\n');
    expect(file.footer.unsealed).toEqual({ by: 'plaza-web test', input, line: digestAt + 1, reason: 'the events it appended differ' });
    // Replayed on the same build it differs at the same place, named as precisely as ever.
    const replay = await replaySession(file, { settle });
    expect(replay.divergence).toMatchObject({ input, line: digestAt + 1, what: 'events' });
  });
});

describe('the bound across stored recordings', () => {
  it('evicts the oldest other sessions first and never the current one', async () => {
    const store = createMemoryRecordingStore();
    const kv = createMemoryStorage();
    for (let i = 0; i < 3; i++) await runSession(store, kv, { start: T0 + i * 1_000, as: BOB });
    const before = await store.list();
    expect(before).toHaveLength(3);
    const size = before[2]!.chars;
    // Room for about two and a half sessions: the fourth pushes out the two oldest.
    const { api } = await runSession(store, kv, { start: T0 + 10_000, as: BOB, maxChars: Math.floor(size * 2.5) });
    const after = await store.list();
    expect(after.map((m) => m.started)).toEqual([T0 + 2_000, T0 + 10_000]);
    const list = await api.$listRecordings();
    expect(list.ok && list.value.map((r) => [r.started, r.current])).toEqual([
      [T0 + 10_000, true],
      [T0 + 2_000, false],
    ]);
    expect(after.every((m) => m.frozenFooter === null)).toBe(true);
  });

  it('never evicts a recording another tab is still writing; once that tab ends, it goes like any other', async () => {
    const store = createMemoryRecordingStore();
    const kv = createMemoryStorage();
    // The tabs share the live marks, as tabs share Web Locks; a tab's marks go when it ends.
    const shared = createMemoryLiveRecordings();
    const tab = () => {
      const releases: (() => void)[] = [];
      const live: LiveRecordings = { hold: (id) => (releases.push(shared.hold(id)), releases.at(-1)!), held: () => shared.held() };
      return { live, close: () => releases.forEach((r) => r()) };
    };
    await runSession(store, kv, { start: T0 }); // an earlier tab, closed
    const a = tab();
    await runSession(store, kv, { start: T0 + 1_000, live: a.live }); // still open
    const size = Math.max(...(await store.list()).map((m) => m.chars));
    const b = tab();
    const { recording } = await runSession(store, kv, { start: T0 + 2_000, live: b.live, maxChars: Math.floor(size * 1.5) });
    // Over the bound: the closed tab's recording went, the open tab's stays (the total may exceed the bound meanwhile).
    expect((await store.list()).map((m) => m.started)).toEqual([T0 + 1_000, T0 + 2_000]);
    expect([...(await shared.held())].length).toBe(2);
    a.close();
    await recording.flush();
    expect((await store.list()).map((m) => m.started)).toEqual([T0 + 2_000]);
    b.close();
  });

  it('lets go of the live mark when a recording stops at the bound', async () => {
    const store = createMemoryRecordingStore();
    const live = createMemoryLiveRecordings();
    const { recording } = await runSession(store, createMemoryStorage(), { live, maxChars: 2_000, signIns: 20 });
    await recording.flush();
    const [meta] = await store.list();
    expect(meta!.frozenFooter).not.toBeNull();
    expect((await live.held()).has(meta!.id)).toBe(false);
  });

  it('freezes the current session only when it alone exceeds the bound', async () => {
    const store = createMemoryRecordingStore();
    const kv = createMemoryStorage();
    await runSession(store, kv, { signIns: 2 });
    const size = (await store.list())[0]!.chars;
    await runSession(store, kv, { start: T0 + 1_000, signIns: 2, maxChars: Math.floor(size * 1.5) });
    const after = await store.list();
    expect(after).toHaveLength(1);
    expect(after[0]!.frozenFooter).toBeNull();
  });
});

describe('recording settings', () => {
  it('refuses a size that is not a whole number from 1 to 1024, naming the field', async () => {
    const { api } = await runSession(createMemoryRecordingStore(), createMemoryStorage(), { signIns: 0 });
    for (const maxMegabytes of [0, 1.5, 1025, Number.NaN]) {
      const result = await api.$setRecordingSettings({ enabled: true, maxMegabytes });
      expect(result.ok, String(maxMegabytes)).toBe(false);
      if (!result.ok) {
        expect(result.error.field).toBe('maxMegabytes');
        expect(result.error.message).toMatch(/MB|megabytes/);
      }
    }
    const bad = await api.$setRecordingSettings({ enabled: 'yes', maxMegabytes: 8 } as never);
    expect(bad.ok ? null : bad.error.field).toBe('enabled');
    expect(await api.$getRecordingSettings()).toEqual({ ok: true, value: { enabled: true, maxMegabytes: 128 } });
  });

  it('stores valid settings in the kv storage; a session started with recording off records nothing', async () => {
    const kv = createMemoryStorage();
    const store = createMemoryRecordingStore();
    const { api } = await runSession(store, kv, { as: BOB, signIns: 1 });
    expect(await api.$setRecordingSettings({ enabled: false, maxMegabytes: 5 })).toEqual({ ok: true, value: { enabled: false, maxMegabytes: 5 } });
    expect(await kv.getItem(RECORDING_SETTINGS_KEY)).toEqual({ enabled: false, maxMegabytes: 5 });

    const { api: next } = await runSession(store, kv, { start: T0 + 1_000, as: BOB, signIns: 2 });
    expect(await next.$getRecordingSettings()).toEqual({ ok: true, value: { enabled: false, maxMegabytes: 5 } });
    const list = await next.$listRecordings();
    expect(list.ok && list.value.map((r) => r.current)).toEqual([false]);
    const exported = await next.$exportSession();
    expect(exported.ok ? null : exported.error.name).toBe('NotRecording');
    // The previous session stopped at its next whole input after recording was turned off, and stays replayable.
    const previous = await next.$exportSession(list.ok ? list.value[0]!.id : '');
    if (!previous.ok) throw new Error(previous.error.message);
    await expectReplaysToFooter((await previous.value.file.text()));
  });
});
