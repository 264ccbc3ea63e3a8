/**
 * Node half of `npm run bench`: the same inputs through Plaza's core and
 * through the Redux Toolkit baseline, on one thread, no browser.
 *  - burst: the 20,000 frames of the burst (bench/burst.ts), delivered
 *    in 16 ms slices as a browser would receive them; per slice, Plaza decodes,
 *    folds and builds one patch; the baseline decodes and dispatches one action
 *    per frame, each followed by its selectors (what react-redux runs per dispatch).
 *  - cold start: restoring a stored state with 5,000 channels and 0, 15,000 or
 *    200,000 messages received, up to the first sidebar views: Plaza folds its
 *    snapshot (its message cache is bounded, so what it stores stops growing);
 *    the baseline parses and rehydrates everything it persisted.
 */
import type { ChannelWire, MessageWire, UserWire } from '../protocol/entities';
import { foldAll } from '../projections/fold';
import { decodeDownFrame } from '../protocol/frames/down';
import { encodeFrame } from '../protocol/frames/frame-codec';
import { Channel as ChannelSchema, User as UserSchema } from '../protocol/entities';
import type { Envelope } from '../protocol/events';
import { createPublisher, createRuntimeState } from '../core-worker/publisher';
import { startHarness } from '../tests/core/harness';
import { makeBurst, type Burst } from './burst';
import { actions, channelsListed, createBaselineStore, messageDeleted, messageReceived, reactionsChanged, rehydrated, type BaselineState } from './baseline/state';
import { createViewDiffer, createViewSelectors } from './baseline/views';

export interface HeavyWorld {
  user: UserWire;
  users: UserWire[];
  channels: ChannelWire[];
}

const SLICE_MS = 16;
/** How much of the burst the baseline is fed in Node (it would take minutes to do all of it). */
const BASELINE_SECONDS = 1;

function stats(values: number[]): { p50: number; p95: number; p99: number; max: number; mean: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  return { p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0, mean: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length) };
}

/** Frame slices: every frame due in each 16 ms window. */
function slices(burst: Burst): string[][] {
  const out: string[][] = [];
  for (const f of burst.frames) (out[Math.floor(f.at / SLICE_MS)] ??= []).push(f.text);
  return out.map((s) => s ?? []);
}

async function plazaCore(world: HeavyWorld) {
  const h = await startHarness({
    routes: {
      '/data/login': () => ({ status: 200, body: { isOk: true, login_guid: 'bench-login', auth_token: 'bench-token-bench-token', user: world.user } }),
      '/secure/data/confirmed/corporate/channels/list': () => ({ status: 200, body: { isOk: true, channels: world.channels } }),
      '/secure/data/confirmed/corporate/users/list': () => ({ status: 200, body: { isOk: true, users: world.users } }),
      '/secure/data/confirmed/corporate/messages/history': () => ({ status: 200, body: { isOk: true, data: [], page_size: 50 } }),
      '/secure/data/confirmed/corporate/messages/bookmark': () => ({ status: 200, body: { isOk: true, address: 'x', unread_messages: 0 } }),
      '/secure/data/confirmed/corporate/ui_preferences': () => ({ status: 200, body: { isOk: true, settings_json: {} } }),
    },
  });
  await h.core.api.$signIn(world.user.email!, 'plaza-demo');
  h.socket().open();
  await h.clock.advance(0);
  h.frame();
  return h;
}

function baselineStore(world: HeavyWorld) {
  const store = createBaselineStore();
  const me = UserSchema.parse(world.user);
  store.dispatch(actions.session.started(me));
  store.dispatch(actions.session.usersListed(world.users.map((u) => UserSchema.parse(u))));
  store.dispatch(channelsListed({ channels: world.channels.map((c) => ChannelSchema.parse(c)), me: me.target_user_guid }));
  return { store, me: me.target_user_guid };
}

/** The baseline's handling of one socket frame: decode, one dispatch, then the selectors and the diff react-redux would run. */
function baselineFrame(store: ReturnType<typeof createBaselineStore>, me: string, text: string, select: () => void): void {
  const decoded = decodeDownFrame(text);
  if (decoded.ok !== true) return;
  const frame = decoded.value;
  if (frame.code === 'MSG') store.dispatch(messageReceived({ message: frame.data.message, me }));
  else if (frame.code === 'REA') store.dispatch(reactionsChanged(frame.data));
  else if (frame.code === 'DEL') store.dispatch(messageDeleted({ ...frame.data, me }));
  else if (frame.code === 'TYP') store.dispatch(actions.typing.started({ address: frame.data.address, user_guid: frame.data.user_guid, name: frame.data.first_name, at: 0 }));
  select();
}

export interface NodeBurstResult {
  frames: number;
  plaza: { totalMs: number; slice: ReturnType<typeof stats>; largestPatchBytes: number; patches: number; unreadRight: boolean };
  /** totalMs is extrapolated from the first `measuredFrames` frames. */
  baseline: { totalMs: number; measuredFrames: number; measuredMs: number; slice: ReturnType<typeof stats>; unreadRight: boolean };
}

export async function nodeBurst(world: HeavyWorld, burstOf: (addresses: string[]) => Burst): Promise<NodeBurstResult> {
  const addresses = world.channels.filter((c) => c.channel_type !== 0).slice(0, 1_000).map((c) => c.address);
  const burst = burstOf(addresses);
  const parts = slices(burst);
  const expected = new Map(world.channels.map((c) => [c.address, (c.unread_messages ?? 0) + (burst.messagesPer.get(c.address) ?? 0)]));

  // Plaza: decode + fold per frame, one patch per slice.
  const h = await plazaCore(world);
  const before = h.patches.length;
  const plazaSlices: number[] = [];
  const t0 = performance.now();
  for (const part of parts) {
    const s = performance.now();
    for (const text of part) h.socket().receive(text);
    h.frame();
    plazaSlices.push(performance.now() - s);
  }
  const plazaTotal = performance.now() - t0;
  const patchSizes = h.patches.slice(before).map((p) => JSON.stringify(p).length);
  const plazaUnreadRight = [...expected].every(([address, n]) => (h.core.projections.unread.byAddress.get(address)?.count ?? 0) === n || address === burst.frames.find((f) => f.kind === 'PROBE')?.address);
  await h.core.stop();

  // The baseline: one dispatch per frame, selectors after each.
  const { store, me } = baselineStore(world);
  const selectors = createViewSelectors();
  const diff = createViewDiffer();
  const select = (): void => {
    const state = store.getState();
    diff(state, { channels: selectors.selectChannelViews(state), users: selectors.selectUsers(state), messages: selectors.selectMessages(state) }, false);
  };
  select();
  // The baseline needs minutes for the whole burst (~35 ms per frame here): it gets the first
  // BASELINE_SECONDS, and its total is extrapolated from them; its unread check covers those frames.
  const baselineParts = parts.slice(0, Math.ceil((BASELINE_SECONDS * 1_000) / SLICE_MS));
  const baselineFrames = baselineParts.reduce((n, p) => n + p.length, 0);
  const baselineSlices: number[] = [];
  const t1 = performance.now();
  for (const part of baselineParts) {
    const s = performance.now();
    for (const text of part) baselineFrame(store, me, text, select);
    baselineSlices.push(performance.now() - s);
  }
  const baselineMeasured = performance.now() - t1;
  const unread = store.getState().unread.byAddress;
  const probe = burst.frames.find((f) => f.kind === 'PROBE')?.address;
  const sent = new Map<string, number>();
  for (const part of baselineParts) for (const text of part) if (text.startsWith('MSG')) {
    const address = (JSON.parse(text.slice(4)) as { message: { address: string } }).message.address;
    sent.set(address, (sent.get(address) ?? 0) + 1);
  }
  const baselineUnreadRight = world.channels.every((c) => c.address === probe || (unread[c.address]?.count ?? 0) === (c.unread_messages ?? 0) + (sent.get(c.address) ?? 0));

  return {
    frames: burst.frames.length,
    plaza: { totalMs: plazaTotal, slice: stats(plazaSlices), largestPatchBytes: Math.max(0, ...patchSizes), patches: patchSizes.length, unreadRight: plazaUnreadRight },
    baseline: { totalMs: (baselineMeasured * burst.frames.length) / Math.max(1, baselineFrames), measuredFrames: baselineFrames, measuredMs: baselineMeasured, slice: stats(baselineSlices), unreadRight: baselineUnreadRight },
  };
}

export interface ColdStartRow {
  received: number;
  plaza: { storedMessages: number; storedMB: number; ms: ReturnType<typeof stats> };
  baseline: { storedMessages: number; storedMB: number; ms: ReturnType<typeof stats> };
}

const wire = (address: string, i: number, created: number, from: UserWire): MessageWire => ({
  guid: `cold-${i}`,
  address,
  created,
  from_guid: from.target_user_guid,
  from_first_name: from.first_name,
  from_last_name: from.last_name,
  json: JSON.stringify([{ type: 'text', text: `message ${i}: ${'ordinary words of a realistic length '.repeat(3)}` }]),
});

/** Plaza's stored log after receiving `n` messages: the snapshot (and an empty tail) as IndexedDB would give it back. */
async function plazaStored(world: HeavyWorld, n: number): Promise<{ log: Envelope[]; messages: number }> {
  const h = await plazaCore(world);
  const from = world.users.find((u) => u.target_user_guid !== world.user.target_user_guid)!;
  const addresses = world.channels.map((c) => c.address);
  const start = Date.now();
  for (let i = 0; i < n; i++) h.socket().receive(encodeFrame('MSG', { message: wire(addresses[i % addresses.length]!, i, start + i, from) }));
  await h.core.compact();
  await h.core.persist();
  const log = await (await h.storage.openLog(world.user.target_user_guid)).load();
  const messages = [...h.core.projections.messages.byAddress.values()].reduce((s, x) => s + x.order.length, 0);
  await h.core.stop();
  return { log, messages };
}

/** The baseline's persisted JSON after receiving `n` messages (built directly: 200,000 dispatches would take minutes). */
function baselinePersisted(world: HeavyWorld, n: number): string {
  const { store, me } = baselineStore(world);
  const state = structuredClone(store.getState()) as BaselineState;
  const from = world.users.find((u) => u.target_user_guid !== me)!;
  const addresses = world.channels.map((c) => c.address);
  const start = Date.now();
  for (let i = 0; i < n; i++) {
    const address = addresses[i % addresses.length]!;
    const m = { ...wire(address, i, start + i, from), parts: [{ type: 'text' as const, text: `message ${i}: ${'ordinary words of a realistic length '.repeat(3)}` }], reply_to: null, reply_count: 0, last_reply_ts: null, is_urgent: false, flag: 0, disable_notification: false, reactions: [], client_guid: null, change_seq: null, from_first_name: from.first_name, from_last_name: from.last_name };
    const { json: _json, ...message } = m;
    const posts = (state.posts.byAddress[address] ??= { order: [], byGuid: {}, page: -1, isComplete: false });
    posts.order.push(message.guid);
    posts.byGuid[message.guid] = message;
    state.channels.lastMessage[address] = message;
  }
  return JSON.stringify(state);
}

export async function nodeColdStart(world: HeavyWorld, counts: number[] = [0, 15_000, 200_000], runs = 7): Promise<ColdStartRow[]> {
  const rows: ColdStartRow[] = [];
  for (const n of counts) {
    const plaza = await plazaStored(world, n);
    const plazaTimes: number[] = [];
    for (let r = 0; r < runs; r++) {
      const copy = structuredClone(plaza.log); // what IndexedDB hands back: a structured clone
      const s = performance.now();
      const p = foldAll(copy);
      const publisher = createPublisher({ projections: () => p, runtime: createRuntimeState({ booted: true, signedIn: true }), scheduleFrame: () => () => {} });
      publisher.subscribe(() => {}); // the first patch: every sidebar entry
      plazaTimes.push(performance.now() - s);
    }
    const persisted = baselinePersisted(world, n);
    const baselineTimes: number[] = [];
    for (let r = 0; r < runs; r++) {
      const s = performance.now();
      const store = createBaselineStore();
      store.dispatch(rehydrated(JSON.parse(persisted) as BaselineState));
      const selectors = createViewSelectors();
      const state = store.getState();
      createViewDiffer()(state, { channels: selectors.selectChannelViews(state), users: selectors.selectUsers(state), messages: selectors.selectMessages(state) }, true);
      baselineTimes.push(performance.now() - s);
    }
    rows.push({
      received: n,
      plaza: { storedMessages: plaza.messages, storedMB: JSON.stringify(plaza.log).length / 1e6, ms: stats(plazaTimes) },
      baseline: { storedMessages: n, storedMB: persisted.length / 1e6, ms: stats(baselineTimes) },
    });
  }
  return rows;
}

export { stats };
