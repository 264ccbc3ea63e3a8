/**
 * A recorded session in which the outbox is used and the log is compacted:
 * the file (version 4) carries the outbox's storage ops (oopen, oload, oput,
 * odel) and the compaction's (compact) as JSON lines, replays to the same
 * events and hash, and the debugger's timeline, which starts a segment at the
 * compacted log (a snapshot, then the tail), seeks to the replayed state.
 */
import { describe, expect, it } from 'vitest';
import { createCore } from '../../core-worker/core';
import { indexSession } from '../../core-worker/debug/session-index';
import { createTimeline } from '../../core-worker/debug/timeline';
import { COMPACT_DELAY_MS } from '../../core-worker/features/compaction';
import type { HttpResponse, SocketLike } from '../../core-worker/ports';
import { createRecorder } from '../../core-worker/recorder';
import { replaySession } from '../../core-worker/replayer';
import { createMemoryStorage } from '../../core-worker/storage-memory';
import { canonicalJson } from '../../projections/canonical';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { lineInfo, parseSessionFile, STORAGE_OPS, type OutputLine } from '../../protocol/session-file';
import { FakeSocket, ManualClock } from './harness';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const settleMany = async (times = 20): Promise<void> => {
  for (let i = 0; i < times; i++) await settle();
};

const user = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'B', name: 'Bob B', company_guid: 'acme' };
// 2,500 channels weigh enough for the compaction timer to start (COMPACT_AFTER_WEIGHT).
const channels = Array.from({ length: 2_500 }, (_, i) => ({ guid: `g${i}`, address: `c${i}`, name: `Channel ${i}`, channel_type: 1, etype: 'channel' }));

async function recordCompactingSession(): Promise<string> {
  const lines: string[] = [];
  const clock = new ManualClock();
  let socket: FakeSocket | null = null;
  let uuid = 0;
  let posted = 0;
  const http = async (url: string, body: any): Promise<HttpResponse> => {
    const path = new URL(url).pathname;
    if (path.endsWith('/data/login')) return { status: 200, body: { isOk: true, login_guid: 'lg-1', auth_token: 'token-token-token-token', user } };
    if (path.endsWith('/channels/list')) return { status: 200, body: { isOk: true, channels } };
    if (path.endsWith('/users/list')) return { status: 200, body: { isOk: true, users: [user] } };
    if (path.endsWith('/messages/changes')) return { status: 200, body: { isOk: true, messages: [], deleted: [], cursor: body.since ?? 0, has_more: false } };
    if (path.endsWith('/messages/history')) return { status: 200, body: { isOk: true, data: [], page_size: 50 } };
    if (path.endsWith('/messages/post')) {
      const message = { guid: `posted-${++posted}`, address: body.address, created: clock.now(), from_guid: 'bob', json: body.json, client_guid: body.client_guid ?? null };
      return { status: 200, body: { isOk: true, message } };
    }
    return { status: 404, body: { isOk: false, message: `no route ${path}` } };
  };
  const recorder = createRecorder(
    {
      clock,
      random: { uuid: () => `00000000-0000-4000-8000-${String(++uuid).padStart(12, '0')}` },
      http,
      openSocket: (url) => (socket = new FakeSocket(url)) as SocketLike,
      storage: createMemoryStorage(),
      logger: { warn: () => {}, info: () => {} },
      baseUrl: 'http://recorded.test',
      scheduleFrame: () => () => {},
    },
    { app: 'plaza-test', settle: (fn) => setImmediate(fn), write: (l) => lines.push(l) },
  );
  const core = createCore(recorder.deps);
  const api = recorder.attach(core);
  expect((await api.$signIn('bob@acme.test', 'password')).ok).toBe(true);
  await settleMany();
  socket!.open();
  await settleMany();
  for (let i = 0; i < 5; i++) socket!.receive(encodeFrame('MSG', { message: { guid: `m${i}`, address: `c${i}`, created: clock.now() + i, from_guid: 'alice', json: '[{"type":"text","text":"hi"}]' } }));
  await settleMany();
  // A post goes through the outbox (stored, then removed once the server took it).
  expect((await api.$post('c1', 'hello')).ok).toBe(true);
  await settleMany();
  // The compaction timer fires: the log becomes a snapshot.
  await clock.advance(COMPACT_DELAY_MS);
  await settleMany();
  expect(core.log[0]?.event.type).toBe('log.snapshot');
  socket!.receive(encodeFrame('MSG', { message: { guid: 'after', address: 'c2', created: clock.now(), from_guid: 'alice', json: '[{"type":"text","text":"after"}]' } }));
  await settleMany();
  const footer = recorder.footer(); // first: it writes the last input's digest before it
  const text = [...lines, footer].join('\n') + '\n';
  await core.stop();
  return text;
}

describe('a recorded session with the outbox and a compaction', () => {
  it('writes their storage ops in version 4, replays to the same hash, and seeks across the compaction', async () => {
    const text = await recordCompactingSession();
    const file = parseSessionFile(text);
    expect(file.header.version).toBe(4);
    const ops = new Set(file.lines.filter((l): l is Extract<OutputLine, { k: 'op' }> => l.k === 'op').map((l) => l.op));
    for (const op of ['oopen', 'oload', 'oput', 'odel', 'compact'] as const) expect(ops.has(op), op).toBe(true);
    expect([...ops].every((op) => (STORAGE_OPS as readonly string[]).includes(op))).toBe(true);
    // Storage ops are JSON lines, frames compact ones.
    const rows = text.trimEnd().split('\n');
    expect(rows.some((r) => r.startsWith('{"k":"op"') && r.includes('"op":"compact"'))).toBe(true);
    expect(rows.some((r) => lineInfo(r).kind === 'frame' && r.startsWith('F '))).toBe(true);

    const result = await replaySession(file, { settle });
    expect(result.divergence).toBeNull();
    expect(result.hash).toBe(file.footer.hash);
    expect(result.core.log[0]?.event.type).toBe('log.snapshot');

    const index = await indexSession(file, { settle });
    // The compacted log is a new array, but the core goes on with its projections: no reset, the timeline
    // folds on through the snapshot (tests/debug/compaction.test.ts). Only the sign-in's log starts a segment.
    const compaction = index.inputOf[index.events.findIndex((e) => e.event.type === 'log.snapshot')]!;
    expect(compaction).toBeGreaterThan(0);
    expect(index.resets.map((r) => r.input)).not.toContain(compaction);
    const timeline = createTimeline(index, { checkpointEvery: 7 });
    expect(canonicalJson(timeline.at(file.footer.inputs))).toBe(canonicalJson(result.core.projections));
    // The compaction changes no state.
    const before = canonicalJson(timeline.at(compaction - 1));
    expect(canonicalJson(timeline.at(compaction))).toBe(before);
    expect(canonicalJson(timeline.at(file.footer.inputs))).toBe(canonicalJson(result.core.projections));
  }, 60_000);

  it('leaves the snapshot out of the compaction\'s digest (version 4): read as version 3, the file diverges there and nowhere before', async () => {
    const rows = (await recordCompactingSession()).trimEnd().split('\n');
    const compact = rows.findIndex((r) => r.startsWith('{"k":"op"') && r.includes('"op":"compact"'));
    // The digest that covers the snapshot: the first after the compaction's input (the timer that ran it).
    const digest = rows.findIndex((r, i) => i > compact && r.startsWith('E '));
    rows[0] = rows[0]!.replace('"version":4', '"version":3');
    const result = await replaySession(parseSessionFile(rows.join('\n') + '\n'), { settle });
    expect(result.divergence).toMatchObject({ what: 'events', line: digest + 1 });
  }, 60_000);
});
