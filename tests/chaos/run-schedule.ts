/**
 * Runs one chaos schedule: the real core (in Node) against the real local
 * server through the fault-injecting proxy, on a virtual clock. Bob's core
 * keeps the direct message open; Alice posts in it and in a team channel;
 * Bob posts too, mostly while offline; the network goes down and comes back
 * as the plan says, and Bob's worker may restart. After the network has
 * healed and a minute has passed, the invariants are checked:
 *  - Bob holds exactly the server's messages of the open conversation, in
 *    order, without duplicates; of the other channel, nothing the server does
 *    not have, in order — and all of it once he opens it;
 *  - unread counts equal the server's (0 where he looks, every message of
 *    Alice's in the other channel);
 *  - each of Bob's posts is stored exactly once on the server and shown once;
 *  - the outbox is empty, the socket online, no input was rejected, and the
 *    live state equals a rebuild from the log.
 */
import { randomUUID } from 'node:crypto';
import { createCore, type Core } from '../../core-worker/core';
import { createRequestScheduler, SCHEDULER_LIMITS } from '../../core-worker/request-scheduler';
import { createMemoryStorage } from '../../core-worker/storage-memory';
import { canonicalJson } from '../../projections/canonical';
import { foldAll } from '../../projections/fold';
import { AUTH_HEADERS, endpoints } from '../../protocol/rest/endpoints';
import type { PlazaServer } from '../../server/app';
import { ManualClock } from '../core/harness';
import { nodeHttp } from '../core/node-deps';
import type { FaultPlan } from './fault-plan';
import { createPortProxy, type ProxyStats } from './port-proxy';
import { createWorld, serverMessages } from './world';

/** Virtual time given to converge after the network heals: a keepalive period, its ACK wait, and a margin. */
export const SETTLE_MS = 45_000;

export interface ScheduleResult {
  seed: number;
  violations: string[];
  stats: ProxyStats;
  /** Virtual ms from healing until the client held every message and count (checked after each step). */
  convergedAfterMs: number | null;
  steps: number;
  realMs: number;
}

type Step = { at: number; run: () => Promise<void> | void };

export async function runSchedule(server: PlazaServer, plan: FaultPlan): Promise<ScheduleResult> {
  const startedReal = performance.now();
  const world = await createWorld(server.db, `s${plan.seed}`);
  const clock = new ManualClock(Date.UTC(2026, 0, 1) + plan.seed * 1_000);
  const t0 = clock.now();
  const proxy = createPortProxy({ plan, clock, upstream: nodeHttp });
  const storage = createMemoryStorage();
  await storage.setItem('credentials', { login_guid: world.bob.login_guid, auth_token: world.bob.auth_token, user_guid: world.bob.guid });
  const warnings: string[] = [];
  const violations: string[] = [];
  const ownPosts: string[] = [];
  const pendingPosts: Promise<void>[] = [];

  // Requests the core made that have not reached the proxy yet (they wait in the request scheduler, which
  // yields through real timers): the driver must not move virtual time past them unless the scheduler cannot
  // start them before virtual time moves — a 429 pause holds them, or its 4 slots are taken by requests the
  // proxy holds until a virtual deadline (a lost request waits for its 30 s timeout).
  const handedOver = new Set<string>();
  let scheduler = createRequestScheduler(proxy.http, { clock });
  const busy = (): boolean => handedOver.size > 0 && !scheduler.stats.paused && scheduler.stats.running < SCHEDULER_LIMITS.maxConcurrent;
  const makeCore = (): Core => {
    scheduler = createRequestScheduler((url, body, headers, method) => {
      handedOver.delete(headers['x-chaos-call'] ?? '');
      return proxy.http(url, body, headers, method);
    }, { clock });
    const own = scheduler;
    let calls = 0;
    return createCore({
      clock,
      random: { uuid: () => randomUUID() },
      http: (url, body, headers, method) => {
        const id = `${++calls}-${randomUUID()}`;
        handedOver.add(id);
        return own.http(url, body, { ...headers, 'x-chaos-call': id }, method).finally(() => handedOver.delete(id));
      },
      openSocket: proxy.openSocket,
      storage,
      logger: { warn: (m) => warnings.push(m), info: () => {} },
      baseUrl: server.url,
      scheduleFrame: () => () => {},
    });
  };
  let core = makeCore();
  void core.start();
  void core.api.$openConversation(world.open);

  const alicePost = async (address: string, text: string): Promise<void> => {
    const response = await nodeHttp(`${server.url}${endpoints.post.path}`, { address, json: JSON.stringify([{ type: 'text', text }]), is_urgent: false }, {
      'content-type': 'application/json',
      [AUTH_HEADERS.loginGuid]: world.alice.login_guid,
      [AUTH_HEADERS.authToken]: world.alice.auth_token,
    });
    if (response.status !== 200) violations.push(`Alice's post failed: ${response.status}`);
    proxy.markDirty();
  };

  const steps: Step[] = [
    ...plan.outages.flatMap((o) => [
      { at: o.at, run: () => proxy.setTime(o.at) },
      { at: o.at + o.length, run: () => proxy.setTime(o.at + o.length) },
    ]),
    ...plan.posts.map((p, i) => ({ at: p.at, run: () => alicePost(p.channel === 'open' ? world.open : world.other, `alice ${plan.seed}/${i}`) })),
    ...plan.ownPosts.map((p, i) => ({
      at: p.at,
      run: () => {
        const address = p.channel === 'open' ? world.open : world.other;
        pendingPosts.push(
          core.api.$post(address, `bob ${plan.seed}/${i}`).then((r) => {
            if (r.ok) ownPosts.push(r.value.client_guid);
            else violations.push(`Bob's post was refused at once: ${r.error.message}`);
          }),
        );
      },
    })),
    ...(plan.restartAt === null
      ? []
      : [
          {
            at: plan.restartAt,
            run: async () => {
              // The worker dies (its in-flight requests may still reach the server; those still queued die with it)
              // and a new one starts from storage.
              await core.persist();
              await core.stop();
              await scheduler.stop();
              core = makeCore();
              void core.start();
              void core.api.$openConversation(world.open);
            },
          },
        ]),
    { at: plan.healAt, run: () => proxy.heal() },
  ].sort((a, b) => a.at - b.at);

  const openAddress = world.open;
  const converged = async (): Promise<boolean> => {
    const p = core.projections;
    const want = await serverMessages(server.db, openAddress);
    const have = p.messages.byAddress.get(openAddress)?.order ?? [];
    return p.outbox.byId.size === 0 && have.length === want.length && have.every((g, i) => g === want[i]!.guid) && (p.unread.byAddress.get(openAddress)?.count ?? -1) === 0;
  };

  const end = plan.healAt + SETTLE_MS;
  let next = 0;
  let stepCount = 0;
  let convergedAt: number | null = null;
  for (;;) {
    await proxy.quiesce(busy);
    const t = clock.now() - t0;
    if (t >= plan.healAt && convergedAt === null && (await converged())) convergedAt = t;
    else if (t >= plan.healAt && convergedAt !== null && !(await converged())) convergedAt = null; // it must stay so
    while (next < steps.length && steps[next]!.at <= t) {
      await steps[next]!.run();
      next++;
      await proxy.quiesce(busy);
    }
    if (t >= end) break;
    const timer = clock.nextAt();
    const due = Math.min(timer ?? Infinity, t0 + (steps[next]?.at ?? end), t0 + end);
    await clock.advance(Math.max(0, due - clock.now()));
    stepCount++;
  }
  await Promise.all(pendingPosts);
  // Work that started at the last step (a catch-up after the last keepalive's ACK) finishes before the checks.
  for (let i = 0; i < 50; i++) {
    await clock.advance(100);
    await proxy.quiesce(busy);
  }

  // ---- invariants -------------------------------------------------------------------------
  const p = core.projections;
  const check = (ok: boolean, what: string) => {
    if (!ok) violations.push(what);
  };
  const ordered = (have: readonly string[], want: readonly string[]) => have.length === want.length && have.every((g, i) => g === want[i]);
  const isSubsequence = (have: readonly string[], want: readonly string[]) => {
    let i = 0;
    for (const g of want) if (g === have[i]) i++;
    return i === have.length;
  };
  const serverUnread = async (address: string) => {
    const rows = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages m JOIN channels c ON c.guid = m.channel_guid
         JOIN channel_members cm ON cm.channel_guid = c.guid AND cm.user_guid = $2
        WHERE c.address = $1 AND m.deleted_at IS NULL AND m.from_guid <> $2 AND m.created > cm.bookmark_created`,
      [address, world.bob.guid],
    );
    return rows[0]!.n;
  };

  check(p.connection.socket === 'online', `socket ${p.connection.socket} at the end`);
  check(p.outbox.byId.size === 0, `outbox not empty: ${JSON.stringify([...p.outbox.byId.values()].map((e) => [e.kind, e.state, e.error]))}`);
  const openWant = (await serverMessages(server.db, world.open)).map((m) => m.guid);
  const openHave = p.messages.byAddress.get(world.open)?.order ?? [];
  check(ordered(openHave, openWant), `open conversation: holds ${openHave.length} [${openHave.join(' ')}], server has ${openWant.length} [${openWant.join(' ')}]`);
  check((p.unread.byAddress.get(world.open)?.count ?? -1) === 0, `open conversation unread ${p.unread.byAddress.get(world.open)?.count}`);
  check((await serverUnread(world.open)) === 0, `server's unread of the open conversation is ${await serverUnread(world.open)} (bookmark not delivered)`);
  const otherWant = (await serverMessages(server.db, world.other)).map((m) => m.guid);
  const otherHave = p.messages.byAddress.get(world.other)?.order ?? [];
  check(new Set(otherHave).size === otherHave.length && isSubsequence(otherHave, otherWant), `other channel holds [${otherHave.join(' ')}], not in the server's order [${otherWant.join(' ')}]`);
  const otherUnread = await serverUnread(world.other);
  const aliceInOther = plan.posts.filter((x) => x.channel === 'other').length;
  check(otherUnread === aliceInOther, `server's unread of the other channel ${otherUnread}, Alice posted ${aliceInOther} there`);
  check((p.unread.byAddress.get(world.other)?.count ?? 0) === otherUnread, `other channel unread ${p.unread.byAddress.get(world.other)?.count}, server says ${otherUnread}`);
  for (const id of ownPosts) {
    const onServer = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE from_guid = $1 AND client_guid = $2', [world.bob.guid, id]);
    check(onServer[0]!.n === 1, `Bob's post ${id} is ${onServer[0]!.n} times on the server`);
  }
  check(ownPosts.length === plan.ownPosts.length, `only ${ownPosts.length} of ${plan.ownPosts.length} own posts were accepted`);
  check(proxy.stats.stalls === 0, `the driver waited ${proxy.stats.stalls} times for requests that never left the scheduler`);
  check(core.rejections.total === 0, `${core.rejections.total} inputs rejected: ${[...core.rejections.counts.keys()].join('; ')}`);
  check(canonicalJson(foldAll(core.log)) === canonicalJson(p), 'live state differs from a rebuild of the log');

  // Opening the other channel shows all of it.
  void core.api.$openConversation(world.other);
  for (let i = 0; i < 20 && (core.projections.messages.byAddress.get(world.other)?.page ?? -1) < 0; i++) {
    await proxy.quiesce(busy);
    await clock.advance(100);
  }
  await proxy.quiesce(busy);
  const otherOpened = core.projections.messages.byAddress.get(world.other)?.order ?? [];
  check(ordered(otherOpened, otherWant), `other channel once opened: [${otherOpened.join(' ')}], server [${otherWant.join(' ')}]`);

  if (violations.length && process.env.CHAOS_DEBUG) {
    console.log(core.log.map((e) => `${e.at - t0} ${e.source} ${e.event.type} ${JSON.stringify(e.event).slice(0, 160)}`).join('\n'));
  }
  await core.stop();
  proxy.close();
  return { seed: plan.seed, violations, stats: proxy.stats, convergedAfterMs: convergedAt === null ? null : convergedAt - plan.healAt, steps: stepCount, realMs: performance.now() - startedReal };
}
