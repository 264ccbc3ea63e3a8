/** Random but reproducible event logs (by seed) for the fold properties. */
import { alert, channel, LogBuilder, message, user } from '../../fixtures/builders';
import type { DomainEvent } from '../../protocol/events';

/** A small deterministic PRNG (mulberry32) so failures reproduce by seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomLog(seed: number, length: number): LogBuilder {
  const rand = prng(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const addresses = ['a', 'b', 'c', 'd'];
  const people = ['me', 'alice', 'carol'];
  const log = new LogBuilder().add({ type: 'session.started', user: user({ target_user_guid: 'me' }) }, 'rest');
  let n = 0;
  const known: { guid: string; address: string; created: number; from: string }[] = [];
  for (let i = 0; i < length; i++) {
    log.advance(Math.floor(rand() * 3_000));
    const r = rand();
    let event: DomainEvent;
    if (r < 0.4) {
      const m = { guid: `m${n++}`, address: pick(addresses), created: log.now, from: pick(people) };
      known.push(m);
      event = { type: 'message.received', message: message({ guid: m.guid, address: m.address, created: m.created, from_guid: m.from }) };
    } else if (r < 0.44 && known.length) {
      const m = pick(known);
      event = { type: 'reactions.changed', address: m.address, guid: m.guid, reactions: rand() < 0.5 ? [] : [{ target_user_guid: pick(people), content: '👍' }] };
    } else if (r < 0.48 && known.length) {
      const m = pick(known);
      event = { type: 'message.received', message: message({ guid: m.guid, address: m.address, created: m.created, from_guid: m.from }) }; // duplicate delivery
    } else if (r < 0.56 && known.length) {
      const m = pick(known);
      event = { type: 'message.deleted', address: m.address, guid: m.guid };
    } else if (r < 0.64) {
      const address = pick(addresses);
      const page = known.filter((m) => m.address === address).slice(-3);
      event = { type: 'history.loaded', address, page: 0, page_size: 3, messages: page.map((m) => message({ guid: m.guid, address, created: m.created, from_guid: m.from })) };
    } else if (r < 0.72) {
      const address = pick(addresses);
      const last = known.filter((m) => m.address === address).at(-1);
      event = { type: 'channel.viewed', address, unread: 0, bookmark: last ? { guid: last.guid, created: last.created } : null };
    } else if (r < 0.8) {
      event = { type: 'typing.started', address: pick(addresses), user_guid: pick(people), name: 'Someone' };
    } else if (r < 0.86) {
      event = { type: 'clock.ticked' };
    } else if (r < 0.9) {
      event = { type: 'channel.opened', address: pick([...addresses, null]) };
    } else if (r < 0.94) {
      event = { type: 'connection.changed', state: pick(['connecting', 'online', 'offline'] as const) };
    } else if (r < 0.97) {
      const kept = addresses.filter(() => rand() < 0.85);
      event = {
        type: 'channels.listed',
        channels: kept.map((address) => channel({ address, unread_messages: Math.floor(rand() * 4), last_message_ts: known.filter((m) => m.address === address).at(-1)?.created ?? null })),
      };
    } else {
      event = { type: 'channel.removed', address: pick(addresses) };
    }
    log.add(event);
    // Alerts and toasts ride along on a quarter of the steps (their own draw, so the mix above is unchanged).
    if (rand() < 0.25) log.add(randomAlertEvent(rand, pick));
    // So do threads, toggled reactions and flags, on another quarter (another draw of their own).
    if (rand() < 0.25 && known.length) log.add(randomThreadEvent(rand, pick, known, log.now, () => `r${n++}`));
  }
  return log;
}

function randomAlertEvent(rand: () => number, pick: <T>(xs: readonly T[]) => T): DomainEvent {
  const guids = ['al1', 'al2', 'al3', 'local-1003'];
  const r = rand();
  if (r < 0.3) {
    const guid = pick(guids);
    return { type: 'alert.received', alert: alert({ guid, alert_type: guid === 'local-1003' ? 1003 : pick([0, 1, 4, 11, 99]) }) };
  }
  if (r < 0.45) return { type: 'alerts.listed', alerts: guids.slice(0, 3).filter(() => rand() < 0.5).map((guid) => alert({ guid, alert_type: 2, is_dismissed: rand() < 0.3 })) };
  if (r < 0.6) return { type: 'alerts.dismissed', guids: [pick(guids)] };
  if (r < 0.7) return { type: 'alert.cleared', guid: pick(guids) };
  if (r < 0.9) return { type: 'toast.shown', toast: { id: pick(['t1', 't2', 't3', 't4', 't5', 't6']), title: 'Hello', kind: pick(['info', 'promotion'] as const) } };
  return { type: 'toast.closed', id: pick(['t1', 't2', 't3']) };
}

/** A reply, a toggled reaction, a flag, a loaded thread or a deleted reply, on a known message. */
function randomThreadEvent(
  rand: () => number,
  pick: <T>(xs: readonly T[]) => T,
  known: readonly { guid: string; address: string; created: number; from: string }[],
  now: number,
  nextGuid: () => string,
): DomainEvent {
  const m = pick(known);
  const r = rand();
  if (r < 0.3) return { type: 'message.received', message: message({ guid: nextGuid(), address: m.address, created: now, from_guid: pick(['me', 'alice']), reply_to: m.guid }) };
  if (r < 0.5) return { type: 'reaction.toggled', address: m.address, guid: m.guid, user_guid: pick(['me', 'alice']), content: pick(['👍', '🎉']), on: rand() < 0.6 };
  if (r < 0.7) return { type: 'flag.set', address: m.address, guid: m.guid, flag: Math.floor(rand() * 3) };
  if (r < 0.9) {
    const parent = message({ guid: m.guid, address: m.address, created: m.created, from_guid: m.from, reply_count: 1, last_reply_ts: now });
    return { type: 'thread.loaded', address: m.address, parent, replies: [message({ guid: nextGuid(), address: m.address, created: now, from_guid: 'alice', reply_to: m.guid })] };
  }
  return { type: 'message.deleted', address: m.address, guid: `r${Math.floor(rand() * 10)}`, reply_to: m.guid };
}
