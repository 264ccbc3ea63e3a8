/**
 * The burst of issue 6: 2,000 socket frames per second for 10 s across 1,000
 * conversations, deterministic from a seed — 75% messages from other people,
 * 15% typing, 10% reaction changes on messages of the burst — plus a probe
 * message every 100 ms in one conversation the user has open, to measure how
 * fresh the screen stays during the burst. Used in Node (fed to the core and
 * to the Redux baseline) and by the in-process server (pushed to browsers).
 */
import type { MessageWire } from '../protocol/entities';
import { encodeFrame } from '../protocol/frames/frame-codec';

export interface BurstPerson {
  guid: string;
  first: string;
  last: string;
}

export interface BurstFrame {
  /** Offset from the burst's start, ms. */
  at: number;
  text: string;
  /** The frame before encoding (the server's hub encodes what it sends). */
  code: 'MSG' | 'TYP' | 'REA';
  body: unknown;
  kind: 'MSG' | 'TYP' | 'REA' | 'PROBE';
  address: string;
}

export interface Burst {
  frames: BurstFrame[];
  /** Messages per conversation (what each unread count must grow by); probes not included. */
  messagesPer: Map<string, number>;
  probes: number;
}

export interface BurstOptions {
  addresses: readonly string[];
  people: readonly BurstPerson[];
  /** The conversation the probes go to (open on screen). */
  probeAddress: string;
  /** Epoch ms of the burst's start; message `created` times count from it. */
  start: number;
  /** Prefix of message guids, unique per run. */
  run: string;
  rate?: number;
  seconds?: number;
  probeEveryMs?: number;
  seed?: number;
}

export function makeBurst(o: BurstOptions): Burst {
  const rate = o.rate ?? 2_000;
  const seconds = o.seconds ?? 10;
  const probeEvery = o.probeEveryMs ?? 100;
  let a = (o.seed ?? 6) >>> 0;
  const rand = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const frames: BurstFrame[] = [];
  const messagesPer = new Map<string, number>();
  const recent: { address: string; guid: string }[] = [];
  const total = rate * seconds;
  let n = 0;
  let probes = 0;
  const message = (address: string, created: number, text: string, from: BurstPerson): MessageWire => ({
    guid: `${o.run}-${n++}`,
    address,
    created,
    from_guid: from.guid,
    from_first_name: from.first,
    from_last_name: from.last,
    json: JSON.stringify([{ type: 'text', text }]),
  });
  /** `created` is strictly increasing within a conversation, as the server guarantees (a unique index). */
  const lastCreated = new Map<string, number>();
  const createdIn = (address: string, at: number): number => {
    const created = Math.max(o.start + Math.floor(at) + 1, (lastCreated.get(address) ?? 0) + 1);
    lastCreated.set(address, created);
    return created;
  };
  for (let i = 0; i < total; i++) {
    const at = (i * 1_000) / rate;
    while (probes * probeEvery <= at) {
      const m = message(o.probeAddress, createdIn(o.probeAddress, probes * probeEvery), `probe-${probes}-end`, o.people[0]!);
      frames.push({ at: probes * probeEvery, text: encodeFrame('MSG', { message: m }), code: 'MSG', body: { message: m }, kind: 'PROBE', address: o.probeAddress });
      probes++;
    }
    const address = o.addresses[Math.floor(rand() * o.addresses.length)]!;
    const from = o.people[Math.floor(rand() * o.people.length)]!;
    const r = rand();
    if (r < 0.75 || recent.length === 0) {
      const words = 4 + Math.floor(rand() * 30);
      const m = message(address, createdIn(address, at), `burst ${i}: ${'lorem ipsum dolor sit amet '.repeat(Math.ceil(words / 5)).slice(0, words * 6)}`, from);
      frames.push({ at, text: encodeFrame('MSG', { message: m }), code: 'MSG', body: { message: m }, kind: 'MSG', address });
      messagesPer.set(address, (messagesPer.get(address) ?? 0) + 1);
      recent.push({ address, guid: m.guid });
      if (recent.length > 500) recent.shift();
    } else if (r < 0.9) {
      const body = { address, user_guid: from.guid, first_name: from.first, last_name: from.last };
      frames.push({ at, text: encodeFrame('TYP', body), code: 'TYP', body, kind: 'TYP', address });
    } else {
      const target = recent[Math.floor(rand() * recent.length)]!;
      const body = { address: target.address, guid: target.guid, reactions: [{ target_user_guid: from.guid, content: '👍' }] };
      frames.push({ at, text: encodeFrame('REA', body), code: 'REA', body, kind: 'REA', address: target.address });
    }
  }
  return { frames, messagesPer, probes };
}
