/**
 * The debug worker's service over a session recorded against the real server:
 * the state at every input equals what the real core held after that input
 * (and a from-scratch fold of the events up to there), refusals name the line,
 * filters and first-touch find the right inputs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueMentionsId } from '../../core-worker/debug/describe';
import { createDebugService, viewSnapshot } from '../../core-worker/debug/debug-service';
import type { LoadProgress } from '../../protocol/debug-api';
import { replayFooter, replaySession } from '../../core-worker/replayer';
import { foldAll } from '../../projections/fold';
import { canonicalize } from '../../projections/canonical';
import { PROJECTION_NAMES, projectionHashes } from '../../projections/hash';
import { diffJson } from '../../core-worker/debug/json-diff';
import { lineInfo, parseSessionFile, trimmedSessionText } from '../../protocol/session-file';
import { createPlazaServer, type PlazaServer } from '../../server/app';
import { recordSession, settle } from '../core/record-session';
import { writtenAsVersion } from '../core/session-versions';
import { HOSTILE_LOG, withStoredLog } from '../core/hostile-session';

let server: PlazaServer;
let text: string;
beforeAll(async () => {
  server = await createPlazaServer({ port: 0, log: () => {} });
  text = (await recordSession(server)).text;
});
afterAll(() => server.close());

/** A service with the recorded session loaded and its event digests checked. */
async function loadedService(checkpointEvery = 3, scanSlice?: number) {
  const service = createDebugService({ settle, checkpointEvery, ...(scanSlice ? { scanSlice } : {}) });
  const result = await service.$load(text);
  if (!result.ok) throw new Error(result.error.message);
  const summary = await service.$verified();
  if (!summary) throw new Error('the session was let go before its events were checked');
  return { service, summary };
}

/** The recorded session with its first 'hello Bob' frame altered: the events it appends differ from the recording's. */
function alteredText(): string {
  const rows = text.trimEnd().split('\n');
  const target = rows.findIndex((r) => lineInfo(r).kind === 'frame' && r.includes('hello Bob'));
  expect(target).toBeGreaterThan(0);
  rows[target] = rows[target]!.replace('hello Bob', 'hello Bill');
  return rows.join('\n');
}

describe('debug service on a recorded session', () => {
  it('refuses a session whose stored log does not fold, naming its line; one the core cannot take loads up to there', async () => {
    // Both used to make $load throw (the screen went back to "Choose a session file", saying nothing).
    const unfoldable = withStoredLog(text, HOSTILE_LOG);
    const refused = await createDebugService({ settle }).$load(unfoldable.text);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(new RegExp(`^line ${unfoldable.line}: the session cannot be shown: the replay failed at input \\d+: TypeError: `));
    const notALog = withStoredLog(text, 'not a log');
    const loaded = await createDebugService({ settle }).$load(notALog.text);
    expect(loaded.ok && loaded.value.divergence).toMatchObject({ what: 'error', line: notALog.line });
  });

  it('summarizes the replay: counts, span, hash, match', async () => {
    const { summary } = await loadedService();
    const file = parseSessionFile(text);
    expect(summary).toMatchObject({ inputs: file.footer.inputs, events: file.footer.events, hash: file.footer.hash, recordedHash: file.footer.hash, matches: true, divergence: null });
    expect(summary.lastAt! - summary.firstAt!).toBeGreaterThan(0);
    expect(summary.header.app).toBe('plaza-test');
  });

  it('loads the file itself (a Blob, read in the worker) as it loads its text, and says why when it cannot read it', async () => {
    const { summary } = await loadedService();
    const service = createDebugService({ settle, checkpointEvery: 3 });
    const fromFile = await service.$load(new Blob([text], { type: 'application/json' }));
    if (!fromFile.ok) throw new Error(fromFile.error.message);
    expect({ ...(await service.$verified()), loadMs: 0 }).toEqual({ ...summary, loadMs: 0 });
    const unreadable = { text: () => Promise.reject(new Error('The file could not be read.')) } as unknown as Blob;
    expect(await service.$load(unreadable)).toEqual({ ok: false, error: { name: 'Error', message: 'The file could not be read.' } });
    expect(service.loaded).toBeNull();
  });

  it('tells how far a load has got while it runs: replaying input by input, then the checkpoints; nothing once done', async () => {
    const service = createDebugService({ settle, checkpointEvery: 3 });
    expect(await service.$loadProgress()).toBeNull();
    const seen: LoadProgress[] = [];
    let done = false;
    const loading = service.$load(text).finally(() => (done = true));
    while (!done) {
      const progress = await service.$loadProgress();
      if (progress) seen.push(progress);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const summary = await loading;
    if (!summary.ok) throw new Error(summary.error.message);
    const inputs = summary.value.inputs;
    const replaying = seen.filter((p) => p.phase === 'replaying');
    expect(replaying.length).toBeGreaterThan(2);
    expect(replaying.every((p) => p.total === inputs)).toBe(true);
    expect(replaying.map((p) => p.done)).toEqual([...replaying.map((p) => p.done)].sort((a, b) => a - b));
    expect(seen.at(-1)).toEqual({ phase: 'checkpoints', done: inputs, total: inputs });
    expect(seen.findIndex((p) => p.phase === 'checkpoints')).toBeGreaterThan(seen.findLastIndex((p) => p.phase === 'replaying'));
    expect(await service.$loadProgress()).toBeNull();
    // A refused file ends its load too.
    await service.$load('not a session');
    expect(await service.$loadProgress()).toBeNull();
  });

  it('reads a version 2 file with its own hash (FNV-1a 64): it matches, and states are hashed the same way', async () => {
    const v2 = await writtenAsVersion(text, 2);
    const service = createDebugService({ settle, checkpointEvery: 3 });
    const loaded = await service.$load(v2);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const file = parseSessionFile(v2);
    expect(await service.$verified()).toMatchObject({ hash: file.footer.hash, recordedHash: file.footer.hash, matches: true, divergence: null, checking: null });
    expect(loaded.value.header.version).toBe(2);
    const end = await service.$hashAt(loaded.value.inputs);
    expect(end.ok && end.value).toBe(file.footer.hash);
    const start = await service.$stateAt(0);
    expect(start.ok && start.value.hash).toBe(projectionHashes(foldAll([]), 'fnv1a64').all);
  });

  it('seeks to the state the real core had after every input, in any order', async () => {
    const { service, summary } = await loadedService();
    const expected: string[] = [projectionHashes(foldAll([])).all];
    await replaySession(parseSessionFile(text), { settle, onInput: (_, core) => expected.push(projectionHashes(core.projections).all) });
    expect(expected).toHaveLength(summary.inputs + 1);
    const order = [...expected.keys()];
    const shuffled = [...order.slice().reverse(), ...order, ...order.filter((n) => n % 3 === 0).reverse()];
    for (const n of shuffled) {
      const state = await service.$stateAt(n);
      if (!state.ok) throw new Error(state.error.message);
      expect(state.value.hash, `position ${n}`).toBe(expected[n]);
    }
  });

  it('equals foldAll of the events up to the position', async () => {
    const { service, summary } = await loadedService(5);
    const index = service.loaded!.index;
    for (let n = 0; n <= summary.inputs; n += 7) {
      const reset = index.resets.filter((r) => r.input <= n).at(-1)?.event ?? 0;
      const events = index.events.filter((_, i) => i >= reset && index.inputOf[i]! <= n);
      const state = await service.$stateAt(n);
      expect(state.ok && state.value.hash).toBe(projectionHashes(foldAll(events)).all);
    }
  });

  it('gives canonical JSON, the diffs from the previous point, and a full view snapshot', async () => {
    const { service, summary } = await loadedService();
    const post = (await service.$inputs(0, 10, { code: '$post' })).rows[0]!;
    const after = await service.$stateAt(post.index + 10);
    if (!after.ok) throw new Error(after.error.message);
    expect(Object.keys(after.value.projections).sort()).toEqual([...PROJECTION_NAMES].sort());
    expect(JSON.parse(after.value.projections.messages!)).toHaveProperty('byAddress');
    // Some input changed the messages projection; its diff names paths.
    let found = false;
    for (let n = 1; n <= summary.inputs && !found; n++) {
      const state = await service.$stateAt(n, ['messages']);
      if (!state.ok) throw new Error('seek failed');
      expect(Object.keys(state.value.projections)).toEqual(['messages']);
      const diff = state.value.diffs.find((d) => d.projection === 'messages');
      if (diff && diff.changes.some((c) => c.path.includes('byAddress'))) found = true;
    }
    expect(found).toBe(true);
    const last = await service.$stateAt(summary.inputs);
    if (!last.ok) throw new Error('seek failed');
    expect(last.value.view.reset).toBe(true);
    expect(last.value.view.session?.status).toBe('signed-in');
    expect(last.value.view.channels!.put.length).toBeGreaterThan(2);
    expect(last.value.view.conversation?.messages.put.length).toBeGreaterThan(0);
    // Position 0: nothing folded, no diffs.
    const zero = await service.$stateAt(0);
    expect(zero.ok && zero.value.diffs).toEqual([]);
  });

  it('answers each view from one publisher, as a publisher made for that state alone would', async () => {
    const { service, summary } = await loadedService();
    const timeline = service.loaded!.timeline;
    for (const n of [summary.inputs, 0, Math.floor(summary.inputs / 2), 3, summary.inputs, 1]) {
      const state = await service.$stateAt(n, []);
      if (!state.ok) throw new Error(state.error.message);
      const { seq: _seq, ...view } = state.value.view;
      const { seq: _alone, ...alone } = viewSnapshot(timeline.at(n));
      expect(view, `position ${n}`).toEqual(alone);
    }
  });

  it('an input without events has no diff', async () => {
    const { service, summary } = await loadedService();
    const quiet = (await service.$inputs(0, summary.inputs)).rows.find((r) => r.events === 0 && r.index > 1)!;
    const state = await service.$stateAt(quiet.index);
    expect(state.ok && state.value.diffs).toEqual([]);
  });

  it('diffs each input exactly as comparing the whole canonical projections does, for every input', async () => {
    const { service, summary } = await loadedService(4);
    const index = service.loaded!.index;
    const stateAfter = (n: number) => {
      const reset = index.resets.filter((r) => r.input <= n).at(-1)?.event ?? 0;
      return foldAll(index.events.filter((_, i) => i >= reset && index.inputOf[i]! <= n));
    };
    let changed = 0;
    for (let n = summary.inputs; n >= 1; n--) {
      const [a, b] = [stateAfter(n - 1), stateAfter(n)];
      const expected = PROJECTION_NAMES.map((name) => ({ projection: name, ...diffJson(canonicalize(a[name]), canonicalize(b[name])) })).filter((d) => d.changes.length > 0);
      const state = await service.$stateAt(n);
      if (!state.ok) throw new Error(state.error.message);
      expect(state.value.diffs, `input ${n}`).toEqual(expected);
      changed += expected.length;
    }
    expect(changed).toBeGreaterThan(10);
  });

  it('for a large state: cuts the projection text, and leaves the hash to $hashAt', async () => {
    const service = createDebugService({ settle, checkpointEvery: 4, stateTextLimit: 300, inlineHashMaxMessages: 0 });
    const loaded = await service.$load(text);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const end = loaded.value.inputs;
    const state = await service.$stateAt(end, ['channels']);
    if (!state.ok) throw new Error(state.error.message);
    expect(state.value.hash).toBeNull();
    expect(Object.keys(state.value.projections)).toEqual(['channels']);
    const full = JSON.stringify(canonicalize(service.loaded!.timeline.at(end).channels), null, 2);
    expect(state.value.projections.channels).toBe(`${full.slice(0, 300)}\n… cut at 300 characters (npm run replay -- FILE --until N --dump channels prints it whole)`);
    const hash = await service.$hashAt(end);
    expect(hash).toEqual({ ok: true, value: loaded.value.hash });
    // Asked again, the state carries the hash now known.
    const again = await service.$stateAt(end, []);
    expect(again.ok && again.value.hash).toBe(loaded.value.hash);
  });

  it('makes a large state\'s hash in slices, between which seeks are answered; a seek stops the hash under way', async () => {
    const service = createDebugService({ settle, checkpointEvery: 4, inlineHashMaxMessages: 0, hashSliceMs: 0 });
    const loaded = await service.$load(text);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const end = loaded.value.inputs;
    const mid = Math.floor(end / 2);
    await service.$stateAt(end, ['channels']);
    // The hash of the end is under way when a seek elsewhere comes: the seek is answered, the hash given up.
    const hashing = service.$hashAt(end);
    const seek = await service.$stateAt(mid, ['channels']);
    expect(seek.ok && seek.value.position).toBe(mid);
    expect(await hashing).toEqual({ ok: false, error: expect.objectContaining({ name: 'Superseded' }) });
    // The state the seek moved to is whole: its hash is the one the CLI prints for it.
    const midHash = await service.$hashAt(mid);
    expect(midHash).toEqual({ ok: true, value: projectionHashes(service.loaded!.timeline.at(mid), service.loaded!.hash).all });
    // Left alone, the end's hash is made, and is the recording's.
    await service.$stateAt(end, []);
    expect(await service.$hashAt(end)).toEqual({ ok: true, value: loaded.value.hash });
  });

  it('lists events with the input that appended them, up to a position', async () => {
    const { service, summary } = await loadedService();
    const all = await service.$events(0, 10_000);
    expect(all.total).toBe(summary.events);
    const inputs = (await service.$inputs(0, 10_000)).rows;
    for (const e of all.rows) expect(inputs[e.input - 1]!.events).toBeGreaterThan(0);
    expect(inputs.reduce((s, r) => s + r.events, 0)).toBe(summary.events);
    const mid = Math.floor(summary.inputs / 2);
    const upTo = await service.$events(0, 10_000, mid);
    expect(upTo.rows.every((e) => e.input <= mid)).toBe(true);
    expect(upTo.total).toBe(all.rows.filter((e) => e.input <= mid).length);
  });

  it('filters inputs by code, channel and user, and finds the first input touching a channel or message', async () => {
    const { service, summary } = await loadedService();
    const all = (await service.$inputs(0, 10_000)).rows;
    expect(all).toHaveLength(summary.inputs);

    const posts = await service.$inputs(0, 100, { code: '$post' });
    expect(posts.total).toBe(2);
    expect(posts.rows.every((r) => r.kind === 'intent' && r.code === '$post')).toBe(true);
    // Where the playhead stands in a list: the last listed input at or before it.
    const [firstPost, secondPost] = posts.rows.map((r) => r.index) as [number, number];
    expect(await service.$inputRowAt(0)).toBe(-1);
    expect(await service.$inputRowAt(firstPost)).toBe(firstPost - 1);
    expect(await service.$inputRowAt(summary.inputs + 5)).toBe(summary.inputs - 1);
    expect(await service.$inputRowAt(firstPost - 1, { code: '$post' })).toBe(-1);
    expect(await service.$inputRowAt(firstPost, { code: '$post' })).toBe(0);
    expect(await service.$inputRowAt(secondPost - 1, { code: '$post' })).toBe(0);
    expect(await service.$inputRowAt(summary.inputs, { code: '$post' })).toBe(1);
    const frames = await service.$inputs(0, 1000, { code: 'MSG' });
    expect(frames.total).toBeGreaterThan(0);
    expect(frames.rows.every((r) => r.code === 'MSG')).toBe(true);

    const opened = (await service.$inputs(0, 10, { code: '$openConversation' })).rows[0]!;
    const dm = JSON.parse(opened.summary.slice('$openConversation('.length, -1)) as string;
    const byChannel = await service.$inputs(0, 1000, { channel: dm });
    expect(byChannel.rows.map((r) => r.index)).toContain(opened.index);
    expect(byChannel.total).toBeLessThan(summary.inputs);
    const postInDm = await service.$inputs(0, 10, { code: '$post', channel: dm });
    expect(postInDm.total).toBe(1);

    const first = await service.$firstTouch(dm);
    expect(first).toBe(byChannel.rows[0]!.index);
    expect(first).toBeLessThan(opened.index);
    expect(await service.$firstTouch('no-such-channel')).toBeNull();
    // Ids match whole: a part of the address names no channel, and lists nothing.
    expect(await service.$firstTouch(dm.slice(0, -1))).toBeNull();
    expect((await service.$inputs(0, 10, { channel: dm.slice(1) })).total).toBe(0);

    const events = (await service.$events(0, 10_000)).rows;
    const received = events.find((e) => e.type === 'message.received')!;
    const guid = received.summary.split(' ')[1]!;
    expect(await service.$firstTouch(guid)).toBeLessThanOrEqual(received.input);

    const session = events.find((e) => e.type === 'session.started')!;
    const userGuid = session.summary.split(' ')[1]!;
    const byUser = await service.$inputs(0, 1000, { user: userGuid });
    expect(byUser.rows[0]!.index).toBeLessThanOrEqual(session.input);
  });

  it('names a response by its request\'s path and a storage answer by its op, and the code filter finds them so', async () => {
    const { service } = await loadedService();
    const all = (await service.$inputs(0, 10_000)).rows;
    // The session's first sign-in is someone else's that failed (record-session.ts), then Bob's.
    const logins = all.filter((r) => r.kind === 'res' && r.summary.includes('/data/login'));
    expect(logins.map((r) => / → (\d+) /.exec(r.summary)?.[1])).toEqual(['401', '200']);
    const login = logins[1]!;
    expect(login.summary).toMatch(/^request \d+ \/data\/login → 200 /);
    const byPath = await service.$inputs(0, 100, { code: 'login' });
    expect(byPath.rows.map((r) => r.index)).toContain(login.index);
    expect(byPath.rows.every((r) => r.summary.includes('login'))).toBe(true);
    expect(all.find((r) => r.kind === 'io')!.summary).toMatch(/^storage op 0 \(get device_guid\) → /);
    // The events a response appended are found by its path too.
    const answer = all.find((r) => r.kind === 'res' && r.events > 0)!;
    const path = / (\/\S+) → /.exec(answer.summary)![1]!;
    const answered = await service.$events(0, 1_000, all.length, { code: path });
    expect(answered.rows.map((e) => e.input)).toContain(answer.index);
  });

  it('filters events by type or input code and by id, up to a position', async () => {
    const { service, summary } = await loadedService();
    const all = (await service.$events(0, 10_000)).rows;
    const received = await service.$events(0, 10_000, undefined, { code: 'message.received' });
    expect(received.total).toBe(all.filter((e) => e.type === 'message.received').length);
    expect(received.rows.every((e) => e.type === 'message.received')).toBe(true);
    // An input's code keeps the events it appended: what $post did.
    const posted = await service.$events(0, 10_000, undefined, { code: '$post' });
    const postInputs = (await service.$inputs(0, 100, { code: '$post' })).rows.map((r) => r.index);
    expect(posted.total).toBeGreaterThan(0);
    expect(posted.rows.every((e) => postInputs.includes(e.input) || e.type.includes('$post'))).toBe(true);
    // Up to a position: those appended by inputs at or before it.
    const mid = received.rows[Math.floor(received.rows.length / 2)]!.input;
    const upTo = await service.$events(0, 0, mid, { code: 'message.received' });
    expect(upTo.total).toBe(received.rows.filter((e) => e.input <= mid).length);
    expect(upTo.rows).toEqual([]);

    const dm = JSON.parse((await service.$inputs(0, 1, { code: '$openConversation' })).rows[0]!.summary.slice('$openConversation('.length, -1)) as string;
    const inDm = await service.$events(0, 10_000, summary.inputs, { channel: dm });
    expect(inDm.total).toBeGreaterThan(0);
    expect(inDm.total).toBeLessThan(all.length);
    const events = service.loaded!.index.events;
    expect(inDm.rows.every((r) => valueMentionsId(events[r.index]!.event, dm))).toBe(true);
    expect(inDm.total).toBe(events.filter((e) => e.event.type !== 'log.snapshot' && valueMentionsId(e.event, dm)).length);
  });

  it('answers a seek asked during a search, and abandons a search whose filter was replaced', async () => {
    const { service, summary } = await loadedService(3, 5); // a yield every 5 inputs
    const done: string[] = [];
    const searching = service.$firstTouch('no-such-id').then((r) => (done.push('search'), r));
    const seeking = service.$stateAt(summary.inputs - 1).then((r) => (done.push('seek'), r));
    expect(await searching).toBeNull();
    expect((await seeking).ok).toBe(true);
    expect(done).toEqual(['seek', 'search']);

    const all = (await service.$inputs(0, 10_000)).rows;
    const dm = JSON.parse((await service.$inputs(0, 1, { code: '$openConversation' })).rows[0]!.summary.slice('$openConversation('.length, -1)) as string;
    const replaced = service.$inputs(0, 10_000, { code: 'MSG' });
    const latest = service.$inputs(0, 10_000, { channel: dm });
    expect((await replaced).total).toBe(0); // its answer is no longer waited for
    const byChannel = await latest;
    expect(byChannel.total).toBeGreaterThan(0);
    expect(byChannel.rows.every((r, i) => i === 0 || r.index > byChannel.rows[i - 1]!.index)).toBe(true); // in input order
    expect(byChannel.total).toBeLessThan(all.length);
    // Asked again, the filter is found again in full.
    expect((await service.$inputs(0, 10_000, { code: 'MSG' })).total).toBeGreaterThan(0);
  });

  it('plots the event rate over the time span', async () => {
    const { service, summary } = await loadedService();
    const rate = await service.$eventRate(50);
    expect(rate.counts).toHaveLength(50);
    expect(rate.counts.reduce((a, b) => a + b, 0)).toBe(summary.events);
    expect(rate.start).toBe(summary.firstAt);
    expect(rate.max).toBe(Math.max(...rate.counts));
  });

  it('refuses a bad file with the line and problem', async () => {
    const service = createDebugService({ settle });
    const rows = text.trimEnd().split('\n');
    const bad = await service.$load([rows[0], '{not json', ...rows.slice(2)].join('\n'));
    expect(bad).toEqual({ ok: false, error: { name: 'SessionFileError', message: 'line 2: not valid JSON' } });
    const truncated = await service.$load(rows.slice(0, -2).join('\n'));
    expect(truncated.ok === false && truncated.error.message).toMatch(/^line \d+: the file is truncated/);
    expect((await service.$stateAt(0)).ok).toBe(false);
  });

  it('reports a divergence of an altered recording', async () => {
    const service = createDebugService({ settle });
    const result = await service.$load(alteredText());
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.matches).toBe(false);
    const verified = await service.$verified();
    expect(verified?.divergence).toMatchObject({ what: 'events' });
    expect(verified!.divergence!.actual).toContain('hello Bill');
  });

  it('checks the event digests after the load, a slice at a time, answering seeks meanwhile', async () => {
    const file = parseSessionFile(text);
    const service = createDebugService({ settle, checkpointEvery: 3, checkSlice: 2 });
    const loaded = await service.$load(text);
    if (!loaded.ok) throw new Error(loaded.error.message);
    // Usable at once, the verdict pending: nothing is said to match before its events are checked.
    expect(loaded.value).toMatchObject({ matches: false, divergence: null, checking: { done: 0 } });
    const total = loaded.value.checking!.total;
    expect(total).toBeGreaterThan(10);
    const seen: number[] = [];
    const verified = service.$verified();
    let finished = false;
    void verified.then(() => (finished = true));
    while (!finished) {
      const now = await service.$summary();
      if (now?.checking) seen.push(now.checking.done);
      const state = await service.$stateAt(Math.floor(file.footer.inputs / 2), ['channels']);
      expect(state.ok).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    // It advanced in steps, and the seeks were answered between them.
    expect(new Set(seen).size).toBeGreaterThan(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await verified).toMatchObject({ matches: true, divergence: null, checking: null, hash: file.footer.hash });
    expect(await service.$summary()).toEqual(await verified);
  });

  it('finds, after the load, the divergence a replay checking each input as it goes finds', async () => {
    const rows = text.trimEnd().split('\n');
    const digests = rows.map((r, i) => (r.startsWith('E ') ? i : -1)).filter((i) => i > 0);
    const altered = (at: number, row: string | null): string => {
      const copy = [...rows];
      if (row === null) copy.splice(at, 1);
      else copy[at] = row;
      return copy.join('\n');
    };
    const middle = digests[Math.floor(digests.length / 2)]!;
    const cases: [string, string][] = [
      ['a frame that appends other events', alteredText()],
      ['a digest altered', altered(middle, rows[middle]!.replace(/[0-9a-f]$/, (c) => (c === '0' ? '1' : '0')))],
      ['a digest counting one event more', altered(middle, rows[middle]!.replace(/^E (\d+)/, (_, n: string) => `E ${Number(n) + 1}`))],
      ['a digest left out', altered(middle, null)],
      ['the last digest left out', altered(digests.at(-1)!, null)],
    ];
    for (const [what, session] of cases) {
      const precise = await replaySession(parseSessionFile(session), { settle, verifyEvents: true });
      expect(precise.divergence, what).not.toBeNull();
      const service = createDebugService({ settle, checkpointEvery: 3, checkSlice: 7 });
      const loaded = await service.$load(session);
      if (!loaded.ok) throw new Error(loaded.error.message);
      const verified = await service.$verified();
      const d = precise.divergence!;
      expect(verified?.divergence, what).toMatchObject({ input: d.input, line: d.line, what: d.what });
      expect(verified?.matches, what).toBe(false);
    }
  });

  it('saves the first inputs as a session file: byte for byte what the CLI trims, and it replays to its footer', async () => {
    const { service, summary } = await loadedService();
    const file = parseSessionFile(text);
    const positions = [1, 2, Math.floor(summary.inputs / 3), Math.floor(summary.inputs / 2), summary.inputs - 1, summary.inputs];
    for (const position of positions) {
      const saved = await service.$trimmedSession(position);
      if (!saved.ok) throw new Error(saved.error.message);
      expect(saved.value.fileName).toBe(`plaza-session-${new Date(file.header.started).toISOString().replace(/[:.]/g, '-')}-first-${position}.jsonl`);
      // The CLI's --until N --trim OUT (scripts/replay.ts).
      const cli = await replaySession(file, { settle, until: position });
      expect(cli.divergence).toBeNull();
      const savedText = await saved.value.file.text();
      expect(savedText, `input ${position}`).toBe(trimmedSessionText(text, cli.linesUsed, replayFooter(cli)));
      const again = await replaySession(parseSessionFile(savedText), { settle });
      expect(again.divergence, `input ${position}`).toBeNull();
      expect(again.inputs).toBe(position);
    }
    // The whole session saved is the recording again, footer and all.
    const whole = await service.$trimmedSession(summary.inputs);
    if (!whole.ok) throw new Error(whole.error.message);
    expect(await whole.value.file.text()).toBe(text);
  });

  it('answers seeks while a save hashes its state, and the save is whole', async () => {
    const service = createDebugService({ settle, checkpointEvery: 3, hashSliceMs: 0 });
    const loaded = await service.$load(text);
    if (!loaded.ok) throw new Error(loaded.error.message);
    await service.$verified();
    const at = Math.floor(loaded.value.inputs / 2);
    const saving = service.$trimmedSession(at);
    let saved = false;
    void saving.then(() => (saved = true));
    // Seeks on both sides of the saved position, answered while the save is under way, move no state it reads.
    for (const position of [1, loaded.value.inputs, at + 1, at - 1]) {
      const state = await service.$stateAt(position, []);
      expect(state.ok && state.value.position).toBe(position);
    }
    expect(saved).toBe(false);
    const result = await saving;
    if (!result.ok) throw new Error(result.error.message);
    const cli = await replaySession(parseSessionFile(text), { settle, until: at });
    expect(await result.value.file.text()).toBe(trimmedSessionText(text, cli.linesUsed, replayFooter(cli)));
  });

  it('loads the last session chosen: one chosen while another loads supersedes it, which stops replaying', async () => {
    const v2 = await writtenAsVersion(text, 2); // another file of the same session
    let settles = 0;
    const counting = () => (settles++, settle());
    const alone = createDebugService({ settle: counting, checkpointEvery: 3 });
    await alone.$load(v2);
    const settlesAlone = settles;

    settles = 0;
    const service = createDebugService({ settle: counting, checkpointEvery: 3 });
    const first = service.$load(text);
    const second = service.$load(v2);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual({ ok: false, error: { name: 'Superseded', message: 'Another session was chosen while this one was loading.' } });
    if (!b.ok) throw new Error(b.error.message);
    expect(b.value.header.version).toBe(2);
    expect((await service.$verified())?.matches).toBe(true);
    // The first stopped at its next input instead of replaying on beside the second.
    expect(settles).toBeLessThan(settlesAlone + 5);
    expect(await service.$loadProgress()).toBeNull();
    // Answers are about the second file: states are hashed as version 2 hashes them.
    const end = await service.$hashAt(b.value.inputs);
    expect(end.ok && end.value).toBe(parseSessionFile(v2).footer.hash);
  });

  it('refuses a position that is not a number, and takes one beyond either end as that end', async () => {
    const { service, summary } = await loadedService();
    const refused = { ok: false, error: { name: 'InvalidPosition', message: 'Not an input position: NaN' } };
    expect(await service.$stateAt(Number.NaN)).toEqual(refused);
    expect(await service.$hashAt(Number.NaN)).toEqual(refused);
    expect(await service.$trimmedSession(Number.NaN)).toEqual(refused);
    expect(await service.$inputRowAt(Number.NaN)).toBe(-1);
    expect(await service.$hashAt(Number.POSITIVE_INFINITY)).toEqual(await service.$hashAt(summary.inputs));
    const before = await service.$stateAt(-5);
    expect(before.ok && before.value.position).toBe(0);
  });

  it('does not save a session of no inputs, nor inputs from where the replay differed from the recording', async () => {
    const { service } = await loadedService();
    expect(await service.$trimmedSession(0)).toEqual({ ok: false, error: { name: 'NothingToSave', message: 'Move past the first input: a session of no inputs replays nothing.' } });

    const session = alteredText();
    const at = (await replaySession(parseSessionFile(session), { settle, verifyEvents: true })).divergence!.input;
    const altered = createDebugService({ settle, checkSlice: 1 });
    const loaded = await altered.$load(session);
    if (!loaded.ok) throw new Error(loaded.error.message);
    // Asked before the events are checked, it waits for the checks up to there.
    expect(loaded.value.checking).not.toBeNull();
    expect(await altered.$trimmedSession(at)).toEqual({ ok: false, error: { name: 'Diverged', message: `The replay differed from the recording at input ${at}: only the inputs before it can be saved.` } });
    const before = await altered.$trimmedSession(at - 1);
    if (!before.ok) throw new Error(before.error.message);
    expect((await replaySession(parseSessionFile(await before.value.file.text()), { settle })).divergence).toBeNull();
  });
});
