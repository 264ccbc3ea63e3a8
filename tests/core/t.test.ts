import { it } from 'vitest';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { settleMany, startSyntheticWorld } from './synthetic-world';
it('x', async () => {
  const world = await startSyntheticWorld({ channels: 1 });
  const t0 = performance.now();
  for (let i = 0; i < 20_000; i++) world.socket().receive(encodeFrame('MSG', { message: { guid: `m${i}`, address: 'c0', created: 2_000 + i, from_guid: 'alice', json: '[{"type":"text","text":"x"}]' } }));
  const t1 = performance.now();
  await settleMany();
  console.log('TIME', (t1 - t0).toFixed(0), (performance.now() - t1).toFixed(0));
}, 60000);
