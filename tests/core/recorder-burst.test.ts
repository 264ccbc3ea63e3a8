/** A burst of frames arriving together is delivered without settling between them — and without recursion. */
import { describe, expect, it } from 'vitest';
import { replaySession } from '../../core-worker/replayer';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { lineInfo, parseSessionFile } from '../../protocol/session-file';
import { settleMany, startSyntheticWorld } from './synthetic-world';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('recorder bursts', () => {
  it('records 50,000 frames that arrive at once and replays them to the same hash', async () => {
    const world = await startSyntheticWorld({ channels: 1 });
    const core = world.core;
    for (let i = 0; i < 50_000; i++) {
      world.socket().receive(encodeFrame('MSG', { message: { guid: `m${i}`, address: 'c0', created: 2_000 + i, from_guid: 'alice', json: '[{"type":"text","text":"x"}]' } }));
    }
    await settleMany();
    expect(core.projections.unread.byAddress.get('c0')?.count).toBe(50_000);
    const text = world.file();
    expect(text.split('\n').filter((l) => lineInfo(l).burst).length).toBeGreaterThan(49_000);
    const result = await replaySession(parseSessionFile(text), { settle });
    expect(result.divergence).toBeNull();
    expect(result.hash).toBe(JSON.parse(world.recorder.footer()).hash);
  }, 60_000); // 50,000 frames recorded and replayed: slow on a loaded machine
});
