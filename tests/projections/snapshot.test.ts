/**
 * Snapshots are provably the log they replace: for random logs, a snapshot of
 * the fold of any prefix, followed by the rest of the log, folds to exactly
 * the state of folding the whole log from scratch — after the snapshot went
 * through JSON (the session file) or structured clone (IndexedDB).
 */
import { describe, expect, it } from 'vitest';
import { randomLog } from '../../fixtures/random-log';
import { canonicalJson } from '../../projections/canonical';
import { createChangeSet } from '../../projections/changes';
import { applyEnvelope, foldAll } from '../../projections/fold';
import { copiedSnapshotOf, restoreSnapshot, snapshotOf } from '../../projections/snapshot';
import type { ChannelRecord } from '../../projections/channels';
import type { Typist } from '../../projections/typing';
import { recountMentions, recountTotal, type UnreadEntry } from '../../projections/unread';
import type { Message } from '../../protocol/entities';
import type { Envelope } from '../../protocol/events';

const snapshotEnvelope = (envelopes: readonly Envelope[], cut: number): Envelope => {
  const p = foldAll(envelopes.slice(0, cut));
  return { seq: p.seq, at: envelopes[cut - 1]?.at ?? 0, source: 'system', event: { type: 'log.snapshot', snapshot: snapshotOf(p) } };
};

describe('projection snapshots', () => {
  it('a snapshot of any prefix, then the rest of the log, folds to the full fold (200 random logs)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { envelopes } = randomLog(seed, 150);
      const full = foldAll(envelopes);
      const expected = canonicalJson(full);
      expect(full.unread.total, `seed ${seed}`).toBe(recountTotal(full.unread));
      expect(full.unread.mentionTotal, `seed ${seed}`).toBe(recountMentions(full.unread));
      for (const cut of [1, Math.floor(envelopes.length / 3), envelopes.length - 1, envelopes.length]) {
        const snapshot = snapshotEnvelope(envelopes, cut);
        const viaJson = JSON.parse(JSON.stringify(snapshot)) as Envelope;
        const viaClone = structuredClone(snapshot);
        for (const [how, s] of [['json', viaJson], ['clone', viaClone]] as const) {
          const compacted = foldAll([s, ...envelopes.slice(cut)]);
          expect(canonicalJson(compacted), `seed ${seed} cut ${cut} ${how}`).toBe(expected);
        }
      }
    }
  });

  it('a snapshot shares the messages but is, as JSON, the whole copy; folding on never changes it (200 random logs)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { envelopes } = randomLog(seed, 150);
      const cut = Math.floor(envelopes.length / 2);
      const live = foldAll(envelopes.slice(0, cut));
      const snapshot = snapshotOf(live);
      const taken = JSON.stringify(snapshot);
      expect(taken, `seed ${seed}`).toBe(JSON.stringify(copiedSnapshotOf(live)));
      const changes = createChangeSet();
      for (const envelope of envelopes.slice(cut)) applyEnvelope(live, envelope, changes);
      expect(JSON.stringify(snapshot), `seed ${seed}: folding on changed the snapshot`).toBe(taken);
    }
  });

  it('restores a snapshot as version 2 wrote it (a Map as an array of [key, value] pairs)', () => {
    // Version 2's encoding, as earlier Plaza stored it in logs and recordings.
    const v2 = (value: unknown): unknown => {
      if (value === null || typeof value !== 'object') return value;
      if (Array.isArray(value)) return value.map(v2);
      if (value instanceof Map) return { $map: [...value].map(([k, v]) => [v2(k), v2(v)]) };
      if (value instanceof Set) return { $set: [...value].map(v2) };
      return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, v2(v)]));
    };
    for (let seed = 1; seed <= 50; seed++) {
      const p = foldAll(randomLog(seed, 150).envelopes);
      const restored = restoreSnapshot(JSON.parse(JSON.stringify({ v: 2, data: v2(p) })));
      expect(canonicalJson(restored), `seed ${seed}`).toBe(canonicalJson(p));
    }
  });

  it('a compacted log compacts again: snapshots of snapshots are the same state', () => {
    for (let seed = 300; seed < 340; seed++) {
      const { envelopes } = randomLog(seed, 200);
      const first = snapshotEnvelope(envelopes, 60);
      const second = snapshotEnvelope([first, ...envelopes.slice(60)], 1 + 80); // the snapshot plus 80 events
      expect(second.seq).toBe(envelopes[139]!.seq);
      expect(canonicalJson(foldAll([second, ...envelopes.slice(140)])), `seed ${seed}`).toBe(canonicalJson(foldAll(envelopes)));
    }
  });

  it('folding on after a restore never changes the snapshot it came from', () => {
    const { envelopes } = randomLog(7, 300);
    const snapshot = snapshotEnvelope(envelopes, 150);
    const before = JSON.stringify(snapshot);
    const live = foldAll([snapshot]);
    const changes = createChangeSet();
    for (const envelope of envelopes.slice(150)) applyEnvelope(live, envelope, changes);
    expect(JSON.stringify(snapshot)).toBe(before);
    // And the restore marks everything changed, so a subscriber gets the restored state.
    const marks = createChangeSet();
    applyEnvelope(foldAll([]), snapshot, marks);
    expect(marks.allChannels && marks.session && marks.users && marks.preferences).toBe(true);
  });

  it('a snapshot stands for its seq: envelopes it covers are skipped, later ones fold', () => {
    const { envelopes } = randomLog(11, 80);
    const snapshot = snapshotEnvelope(envelopes, 40);
    const p = foldAll([snapshot, ...envelopes]); // the covered prefix again: ignored by the seq guard
    expect(canonicalJson(p)).toBe(canonicalJson(foldAll(envelopes)));
  });

  it('copies a store\'s order and the tombstones as the whole copy does, odd members included, and apart from the state', () => {
    const p = foldAll(randomLog(5, 200).envelopes);
    const message = { guid: 'm1', address: 'c1', created: 1, reply_to: null } as unknown as Message;
    // As a hostile file's restored snapshot could hold them: a store whose order is not all guids, a tombstone that is not one.
    const stores: [string, unknown[]][] = [['c1', ['m1', 'm2']], ['c2', ['m1', 7, null, { guid: 'x' }, ['y'], undefined]], ['c3', []], ['c4', [, 'm1']]];
    for (const [address, order] of stores) {
      p.messages.byAddress.set(address, { byGuid: new Map([['m1', message]]), order: order as string[], page: 0, page_size: 50, isComplete: false });
    }
    for (const odd of [{ guid: 'z' }, 3, null]) p.messages.deleted.add(odd as unknown as string);
    const snapshot = snapshotOf(p);
    const taken = JSON.stringify(snapshot);
    expect(taken).toBe(JSON.stringify(copiedSnapshotOf(p)));
    // Copies: changing the state's arrays and objects afterwards changes nothing in the snapshot.
    for (const [address] of stores) p.messages.byAddress.get(address)!.order.push('m9');
    (stores[1]![1][3] as { guid: string }).guid = 'changed';
    ([...p.messages.deleted][p.messages.deleted.size - 3] as unknown as { guid: string }).guid = 'changed';
    p.messages.deleted.add('m10');
    expect(JSON.stringify(snapshot)).toBe(taken);
  });

  it('writes conversations\' records, unread entries and typists as the whole copy does, odd shapes included, and apart from the state', () => {
    const p = foldAll(randomLog(7, 200).envelopes);
    const inherited = Object.create({ extra: 1 }) as Record<string, unknown>;
    Object.assign(inherited, { count: 1, mentions: 0, bookmark: null, countedThrough: 5 });
    const protoKeyed = JSON.parse('{"name":"P","expiresAt":9,"__proto__":{"x":1}}') as Record<string, unknown>;
    // As the folds make them, then as a hostile file's restored snapshot could hold them.
    const entries: unknown[] = [
      { count: 2, mentions: 1, bookmark: { guid: 'm1', created: 3 }, countedThrough: 4 },
      { count: 0, mentions: 0, bookmark: null, countedThrough: 0 },
      { mentions: 0, count: 1, bookmark: null, countedThrough: 0 },
      { count: 1, mentions: 0, bookmark: null, countedThrough: 0, extra: [1, { a: 2 }] },
      { count: 1, mentions: 0, bookmark: null },
      { count: undefined, mentions: 0, bookmark: null, countedThrough: 1 },
      { count: '1', mentions: 0, bookmark: null, countedThrough: 1 },
      { count: 1, mentions: 0, bookmark: { guid: 'm1', created: 3, extra: { deep: true } }, countedThrough: 4 },
      { count: 1, mentions: 0, bookmark: { created: 3, guid: 'm1' }, countedThrough: 4 },
      { count: 1, mentions: 0, bookmark: { guid: 7, created: 3 }, countedThrough: 4 },
      { count: 1, mentions: 0, bookmark: 5, countedThrough: 4 },
      { count: 1, mentions: 0, bookmark: undefined, countedThrough: 4 },
      inherited,
    ];
    entries.forEach((entry, i) => p.unread.byAddress.set(`u${i}`, entry as UnreadEntry));
    const typists: unknown[] = [{ name: 'A', expiresAt: 1 }, { expiresAt: 1, name: 'B' }, { name: 'C' }, { name: { first: 'D' }, expiresAt: 2 }, { name: 'E', expiresAt: 3, extra: [4] }, protoKeyed];
    p.typing.byAddress.set('t1', new Map(typists.map((t, i) => [`g${i}`, t as Typist])));
    const channel = [...p.channels.byAddress.values()][0]!.channel;
    const records: unknown[] = [{ channel, lastMessage: null }, { lastMessage: null, channel }, { channel }, { channel, lastMessage: undefined }, { channel, lastMessage: null, extra: { n: 1 } }];
    records.forEach((record, i) => p.channels.byAddress.set(`r${i}`, record as ChannelRecord));
    const snapshot = snapshotOf(p);
    const taken = JSON.stringify(snapshot);
    expect(taken).toBe(JSON.stringify(copiedSnapshotOf(p)));
    // Copies: changing the state's entries afterwards changes nothing in the snapshot.
    for (const entry of p.unread.byAddress.values()) {
      entry.count = 99;
      if (entry.bookmark && typeof entry.bookmark === 'object') (entry.bookmark as { guid: string }).guid = 'changed';
    }
    for (const map of p.typing.byAddress.values()) for (const typist of map.values()) typist.expiresAt = 99;
    (records[4] as { extra: { n: number } }).extra.n = 2;
    for (const record of p.channels.byAddress.values()) record.lastMessage = null;
    expect(JSON.stringify(snapshot)).toBe(taken);
  });
});
