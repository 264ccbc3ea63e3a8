/** A burst of frames arriving together is delivered without settling between them — and without recursion. */
import { describe, expect, it } from 'vitest';
import { createCore } from '../../core-worker/core';
import { createRecorder } from '../../core-worker/recorder';
import { replaySession } from '../../core-worker/replayer';
import { createMemoryStorage } from '../../core-worker/storage-memory';
import type { SocketLike } from '../../core-worker/ports';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { parseSessionFile } from '../../protocol/session-file';
import { FakeSocket } from './harness';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('recorder bursts', () => {
  it('records 50,000 frames that arrive at once and replays them to the same hash', async () => {
    const lines: string[] = [];
    let socket: FakeSocket | null = null;
    let uuid = 0;
    const user = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'B', name: 'Bob B', company_guid: 'acme' };
    const recorder = createRecorder(
      {
        clock: { now: () => 1_000, setTimeout: () => 0, clearTimeout: () => {} },
        random: { uuid: () => `u${++uuid}` },
        http: async (url) => {
          if (url.endsWith('/data/login')) return { status: 200, body: { isOk: true, login_guid: 'lg-1', auth_token: 'token-token-token-token', user } };
          if (url.endsWith('/channels/list')) return { status: 200, body: { isOk: true, channels: [{ guid: 'g', address: 'c', name: 'C', channel_type: 1, etype: 'channel' }] } };
          return { status: 200, body: { isOk: true, users: [user] } };
        },
        openSocket: (url) => (socket = new FakeSocket(url)) as SocketLike,
        storage: createMemoryStorage(),
        logger: { warn: () => {}, info: () => {} },
        baseUrl: 'http://x',
        scheduleFrame: () => () => {},
      },
      { app: 'test', settle: (fn) => setImmediate(fn), write: (l) => lines.push(l) },
    );
    const core = createCore(recorder.deps);
    const api = recorder.attach(core);
    await api.$signIn('bob@acme.test', 'secret-password');
    for (let i = 0; i < 20; i++) await settle();
    socket!.open();
    for (let i = 0; i < 20; i++) await settle();
    for (let i = 0; i < 50_000; i++) {
      socket!.receive(encodeFrame('MSG', { message: { guid: `m${i}`, address: 'c', created: 2_000 + i, from_guid: 'alice', json: '[{"type":"text","text":"x"}]' } }));
    }
    for (let i = 0; i < 20; i++) await settle();
    expect(core.projections.unread.byAddress.get('c')?.count).toBe(50_000);
    const text = [...lines, recorder.footer()].join('\n');
    expect(lines.filter((l) => l.includes('"d":0')).length).toBeGreaterThan(49_000);
    const result = await replaySession(parseSessionFile(text), { settle });
    expect(result.divergence).toBeNull();
    expect(result.hash).toBe(JSON.parse(recorder.footer()).hash);
  });
});
