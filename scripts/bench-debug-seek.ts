/**
 * `npx tsx scripts/bench-debug-seek.ts [events] [messageShare]`: how fast the
 * debugger seeks in a large session. Builds a synthetic event list with
 * fixtures/builders.ts LogBuilder (one input per event), builds the
 * checkpointed timeline, then measures random seeks (fold from the nearest
 * checkpoint) and sequential steps. A measurement, not a timed test.
 */
import { createTimeline } from '../core-worker/debug/timeline';
import { viewSnapshot } from '../core-worker/debug/debug-service';
import { canonicalize } from '../projections/canonical';
import { PROJECTION_NAMES } from '../projections/hash';
import { channel, LogBuilder, message, user } from '../fixtures/builders';

const N = Number(process.argv[2] ?? 1_000_000);
const MESSAGE_SHARE = Number(process.argv[3] ?? 0.02);
const CHANNELS = 200;

const b = new LogBuilder();
b.add({ type: 'session.started', user: user({ target_user_guid: 'me' }) });
b.add({ type: 'channels.listed', channels: Array.from({ length: CHANNELS }, (_, i) => channel({ address: `c${i}` })) });
let seed = 1;
const rand = (): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
for (let i = b.envelopes.length; i < N; i++) {
  b.advance(50);
  const address = `c${Math.floor(rand() * CHANNELS)}`;
  const r = rand();
  if (r < MESSAGE_SHARE) b.add({ type: 'message.received', message: message({ guid: `m${i}`, address, created: b.now, from_guid: 'u1' }) });
  else if (r < 0.5) b.add({ type: 'typing.started', address, user_guid: 'u1', name: 'U One' });
  else if (r < 0.8) b.add({ type: 'clock.ticked' });
  else if (r < 0.9) b.add({ type: 'channel.viewed', address, unread: 0, bookmark: null });
  else b.add({ type: 'connection.changed', state: r < 0.95 ? 'offline' : 'online' });
}
const events = b.envelopes;
const inputOf = events.map((_, i) => i + 1);

const ms = (since: number): number => performance.now() - since;
let t = performance.now();
const timeline = createTimeline({ events, inputOf, resets: [] }, { checkpointEvery: 2_000 });
const buildMs = ms(t);
const heapMb = process.memoryUsage().heapUsed / 1e6;

const seeks: number[] = [];
for (let i = 0; i < 200; i++) {
  const position = Math.floor(rand() * N);
  t = performance.now();
  timeline.at(position);
  seeks.push(ms(t));
}
const steps: number[] = [];
const from = Math.floor(N / 2);
for (let i = 0; i < 200; i++) {
  t = performance.now();
  timeline.at(from + i);
  steps.push(ms(t));
}
// What $stateAt adds on top of the fold: canonical JSON of every projection.
const canon: number[] = [];
for (let i = 0; i < 20; i++) {
  const state = timeline.at(Math.floor(rand() * N));
  t = performance.now();
  for (const name of PROJECTION_NAMES) JSON.stringify(canonicalize(state[name]));
  canon.push(ms(t));
}
t = performance.now();
const view = viewSnapshot(timeline.at(N));
const viewMs = ms(t);

const pct = (xs: number[], p: number): string => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!.toFixed(2);
console.log(JSON.stringify({
  events: N,
  messages: timeline.at(N).messages.byAddress.size && [...timeline.at(N).messages.byAddress.values()].reduce((s, m) => s + m.order.length, 0),
  checkpoints: timeline.checkpoints,
  buildMs: Math.round(buildMs),
  heapMb: Math.round(heapMb),
  randomSeekMs: { p50: pct(seeks, 50), p95: pct(seeks, 95), max: pct(seeks, 100) },
  stepMs: { p50: pct(steps, 50), p95: pct(steps, 95) },
  canonicalJsonMs: { p50: pct(canon, 50), max: pct(canon, 100) },
  viewSnapshotMs: viewMs.toFixed(2),
  viewChannels: view.channels?.put.length,
}, null, 1));
