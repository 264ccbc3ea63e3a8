/**
 * Fuzzing the core's edges (issue 4): 100,000 random and mutated inputs —
 * socket frames, and REST answers to the history, change feed and channel
 * list calls — fed to a signed-in core. Nothing may throw; input the edge
 * refuses must leave every projection as it was (canonical hash compared
 * around each block of refused input); each refused input is counted once,
 * and logged once per distinct problem, at most 500 lines however long the
 * flood (core-worker/rejection-log.ts).
 *
 * Valid variants (a mutation can leave a frame valid) are fed too, in their
 * own blocks, and may change state; the core settles after each such block so
 * what they start (a catch-up) is over before refused input is checked.
 */
import { describe, expect, it } from 'vitest';
import { projectionHashes } from '../../projections/hash';
import type { ChannelWire, MessageWire } from '../../protocol/entities';
import { decodeDownFrame } from '../../protocol/frames/down';
import { acceptResponse, FAILURE } from '../../protocol/rest/acceptance';
import { endpoints, type EndpointName } from '../../protocol/rest/endpoints';
import type { HttpResponse } from '../../core-worker/ports';
import { startHarness, type Harness } from '../core/harness';
import { ALICE, ScriptedServer } from '../core/scripted-server';
import { mutateFrameText, mutateJson, randomFrame, randomValue, rngFor, type Rng } from './mutate';

const FRAMES = Number(process.env.FUZZ_FRAMES ?? 80_000);
const RESPONSES = Number(process.env.FUZZ_RESPONSES ?? 20_000);
const PATH = '/secure/data/confirmed/corporate';

const pick = <T,>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

/** Valid frames to mutate, drawn from the world the core is in. */
function frameCorpus(server: ScriptedServer): { code: string; body: unknown }[] {
  const m = server.messages[0]!;
  const wire: MessageWire = server.wire(m);
  const channel: ChannelWire = { guid: 'g-team', address: 'team', name: 'Team renamed', channel_type: 1, etype: 'channel' };
  const alert = { guid: 'al-1', alert_type: 11, alert_created: 1_800_000_000_000, message: 'You were mentioned', target: { address: 'dm' } };
  return [
    { code: 'MSG', body: { n: 1, message: wire } },
    { code: 'MSG', body: { message: { ...wire, guid: 'fresh', created: wire.created + 5, change_seq: 99 } } },
    { code: 'DEL', body: { n: 2, address: 'dm', guid: m.guid, from_guid: m.from_guid, created: m.created, change_seq: 100 } },
    { code: 'REA', body: { address: 'dm', guid: m.guid, reactions: [{ target_user_guid: 'alice', content: '👍' }], change_seq: 101 } },
    { code: 'TYP', body: { address: 'dm', user_guid: 'alice', first_name: 'Alice', last_name: 'Anders' } },
    { code: 'CHK', body: { check: 5 } },
    { code: 'ACK', body: { check: 7, n: 0 } },
    { code: 'CHA', body: { n: 3, action: 'modify', channel } },
    { code: 'ALR', body: { alert } },
    { code: 'ALD', body: { alerts: ['al-1'] } },
  ];
}

/** Refused input (by the core's own edge): what the test expects the core to count as rejected. */
function frameOutcome(input: unknown): 'valid' | 'rejected' | 'ignored' | 'skip' {
  const decoded = decodeDownFrame(input);
  if (decoded.ok === 'ignored') return 'ignored';
  if (!decoded.ok) return 'rejected';
  // A valid OUT ends the session, after which every frame is ignored: not fed.
  return decoded.value.code === 'OUT' ? 'skip' : 'valid';
}

async function signedInCore(): Promise<{ h: Harness; server: ScriptedServer }> {
  const server = new ScriptedServer();
  for (let i = 0; i < 5; i++) server.post(ALICE, 'dm', `hello ${i}`);
  server.post(ALICE, 'team', 'team news');
  const h = await startHarness({ routes: server.routes() });
  expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
  h.socket().open();
  await h.clock.advance(0);
  await h.core.api.$openConversation('dm');
  await h.clock.advance(0);
  return { h, server };
}

const hashOf = (h: Harness) => projectionHashes(h.core.projections).all;

describe('fuzzing the core', () => {
  it(`${FRAMES + RESPONSES} random and mutated inputs: no crash, refused input changes nothing, each refusal counted once and logged once per problem`, async () => {
    const { h, server } = await signedInCore();
    const rng = rngFor(20261123);
    const corpus = frameCorpus(server);
    let expectedRejections = h.core.rejections.total;
    let refused = 0;
    let accepted = 0;

    // ---- frames -----------------------------------------------------------------------------
    const frames = Array.from({ length: FRAMES }, () => {
      if (rng() < 0.25) return randomFrame(rng);
      const { code, body } = pick(rng, corpus);
      return mutateFrameText(code, body, rng);
    });
    const outcomes = frames.map(frameOutcome);
    // Refused frames in blocks of 1,000 with the state hashed around each; valid ones in between, settled after.
    const blocks: { valid: boolean; items: unknown[] }[] = [];
    let invalid: unknown[] = [];
    let valid: unknown[] = [];
    frames.forEach((frame, i) => {
      const outcome = outcomes[i]!;
      if (outcome === 'skip') return;
      if (outcome === 'valid') valid.push(frame);
      else invalid.push(frame);
      if (outcome === 'rejected') expectedRejections++;
      if (invalid.length === 1_000) {
        blocks.push({ valid: false, items: invalid }, { valid: true, items: valid });
        invalid = [];
        valid = [];
      }
    });
    blocks.push({ valid: false, items: invalid }, { valid: true, items: valid });
    for (const block of blocks) {
      const before = hashOf(h);
      const logLength = h.core.log.length;
      for (const frame of block.items) {
        try {
          h.socket().receive(frame);
        } catch (error) {
          throw new Error(`the core threw on ${JSON.stringify(frame)?.slice(0, 300)}: ${String(error)}`);
        }
      }
      if (block.valid) {
        accepted += block.items.length;
        await h.clock.advance(0);
      } else {
        refused += block.items.length;
        expect(h.core.log.length, 'refused frames appended events').toBe(logLength);
        expect(hashOf(h), 'refused frames changed a projection').toBe(before);
      }
    }
    expect(h.core.rejections.total).toBe(expectedRejections);
    expect(h.core.projections.session.active).toBe(true);

    // ---- REST answers -------------------------------------------------------------------------
    const baseline = server.routes();
    const valid200 = async (name: EndpointName, body: unknown): Promise<unknown> => (await baseline[`${PATH}${endpoints[name].path.slice('/secure/data/confirmed/corporate'.length)}`]!(body, {})).body;
    type Target = { name: 'history' | 'changes' | 'channelsList'; trigger: () => Promise<unknown> };
    const targets: Target[] = [
      { name: 'history', trigger: () => h.core.api.$loadOlder(`addr-${Math.floor(rng() * 1e9)}`) },
      { name: 'changes', trigger: () => h.core.api.$resync() },
      { name: 'channelsList', trigger: () => h.core.api.$resync() },
    ];
    let armed: { name: EndpointName; response: HttpResponse } | null = null;
    let served = 0;
    for (const target of targets) {
      const path = endpoints[target.name].path;
      const base = h.routes.get(path)!;
      h.routes.set(path, async (body, headers) => {
        if (armed?.name !== target.name) return base(body, headers);
        const { response } = armed;
        armed = null;
        served++;
        // What the core will make of it: refused by acceptance (counted as a rejection when the schema fails),
        // and for history a page that names another channel is counted too.
        const verdict = acceptResponse(endpoints[target.name].response, response.status, response.body);
        if (!verdict.ok && verdict.error.name === FAILURE.invalidResponse) expectedRejections++;
        if (verdict.ok && target.name === 'history' && (verdict.value as { data: { address: string }[] }).data.some((m) => m.address !== body.address)) expectedRejections++;
        return response;
      });
    }
    const responses = await Promise.all(
      Array.from({ length: RESPONSES }, async (_, i) => {
        const target = targets[i % targets.length]!;
        const base = await valid200(target.name, target.name === 'history' ? { page: 0, address: 'dm' } : { since: 0 });
        const roll = rng();
        const response: HttpResponse =
          roll < 0.15
            ? { status: pick(rng, [200, 200, 400, 404, 418, 429, 500, 503]), body: randomValue(rng) }
            : roll < 0.2
              ? { status: 200, body: undefined }
              : { status: rng() < 0.9 ? 200 : pick(rng, [201, 299, 302]), body: mutateJson(base, rng) };
        return { target, response };
      }),
    );
    // Refused: not accepted, and not a status with a meaning of its own (418 sends the user to the landing page).
    const refusedResponse = (name: EndpointName, response: HttpResponse) => response.status !== 418 && !acceptResponse(endpoints[name].response, response.status, response.body).ok;
    /** One catch-up with the server's own answers: the state the refused answers must then leave alone. */
    const converge = async (): Promise<void> => {
      armed = null;
      await h.core.api.$resync();
      await h.clock.advance(0);
    };
    // Refused answers in blocks of 250 with the state hashed around each; accepted ones in their own blocks.
    for (const wantRefused of [true, false]) {
      const chosen = responses.filter((r) => refusedResponse(r.target.name, r.response) === wantRefused);
      for (let i = 0; i < chosen.length; i += 250) {
        if (wantRefused) await converge();
        const before = hashOf(h);
        for (const { target, response } of chosen.slice(i, i + 250)) {
          armed = { name: target.name, response };
          await target.trigger();
          if (armed) throw new Error(`${target.name} was not called`);
        }
        await h.clock.advance(0);
        if (wantRefused) {
          refused += Math.min(250, chosen.length - i);
          expect(hashOf(h), 'a refused answer changed a projection').toBe(before);
        } else accepted += Math.min(250, chosen.length - i);
      }
    }
    expect(served).toBe(RESPONSES);
    expect(h.core.rejections.total).toBe(expectedRejections);

    // ---- logged once per problem, bounded -----------------------------------------------------
    const lines = h.warnings.filter((w) => w.startsWith('Rejected'));
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.length).toBeLessThanOrEqual(501);
    expect(h.core.rejections.counts.size).toBeLessThanOrEqual(500);
    // Still working: a normal message is taken and counted.
    h.socket().receive(`MSG ${JSON.stringify({ message: server.wire(server.post(ALICE, 'team', 'after the storm')) })}`);
    expect(h.core.projections.messages.byAddress.get('team')?.byGuid.has(server.messages.at(-1)!.guid)).toBe(true);
    console.info(`fuzz: ${FRAMES} frames and ${RESPONSES} REST answers; ${refused} refused (${h.core.rejections.total} rejections counted, ${lines.length} log lines), ${accepted} accepted`);
  }, 300_000);
});
