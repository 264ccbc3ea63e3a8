/**
 * A replay delivers each frame to the socket it arrived on (the replayer keeps the last one looked up):
 * across a reconnect, a frame on the new socket is taken, and one that still arrives on the old socket
 * after it is ignored by the core, in the replay as it was live.
 */
import { describe, expect, it } from 'vitest';
import { replaySession } from '../../core-worker/replayer';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { parseSessionFile } from '../../protocol/session-file';
import { settleMany, startSyntheticWorld } from './synthetic-world';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const message = (guid: string, created: number) => encodeFrame('MSG', { message: { guid, address: 'c0', created, from_guid: 'alice', json: '[{"type":"text","text":"x"}]' } });

describe('replaying frames of several sockets', () => {
  it('delivers each frame to its own socket, before and after a reconnect, and a stale one to the closed socket', async () => {
    const world = await startSyntheticWorld({ channels: 1, timers: true });
    const first = world.socket();
    first.receive(message('m1', 2_000));
    first.receive(message('m2', 2_001));
    await settleMany();
    first.close();
    await world.idle();
    // The core tries again after its backoff: a second socket, opened as soon as it is made.
    for (let t = 1_800_000_000_000; world.socket() === first && t < 1_800_000_060_000; t += 250) await world.advanceTo(t);
    const second = world.socket();
    expect(second).not.toBe(first);
    second.open();
    await world.idle();
    second.receive(message('m3', 2_002));
    // A frame on the first socket after it closed: the core ignores it (live and in the replay).
    first.receive(message('stale', 2_003));
    second.receive(message('m4', 2_004));
    await settleMany();
    const live = world.core.projections.messages.byAddress.get('c0')?.order;
    expect(live).toEqual(['m1', 'm2', 'm3', 'm4']);

    const text = world.file();
    const result = await replaySession(parseSessionFile(text), { settle });
    expect(result.divergence).toBeNull();
    expect(result.hash).toBe(JSON.parse(world.recorder.footer()).hash);
    expect(result.core.projections.messages.byAddress.get('c0')?.order).toEqual(live);
  });
});
