import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createIdbStorage } from '../../core-worker/storage-idb';
import { LOG_SCHEMA_VERSION, type Envelope } from '../../protocol/events';
import type { OutboxEntry } from '../../protocol/outbox';

const envelopes = (from: number, count: number): Envelope[] =>
  Array.from({ length: count }, (_, i) => ({ seq: from + i, at: 1_000 + i, source: 'socket', event: { type: 'clock.ticked' } }));

describe('IndexedDB storage (idb)', () => {
  it("keeps each user's outbox in its own database, entry by entry, across reopening", async () => {
    const storage = await createIdbStorage();
    const post = (id: string, text: string): OutboxEntry => ({
      id,
      kind: 'post',
      address: 'dm',
      payload: { json: JSON.stringify([{ type: 'text', text }]), parts: [{ type: 'text', text }], is_urgent: false, reply_to: null },
      queuedAt: 1_000,
      state: 'pending',
      error: null,
    });
    const outbox = await storage.openOutbox('user-o');
    await outbox.put(post('c1', 'one'));
    await outbox.put(post('c2', 'two'));
    await outbox.put({ ...post('c1', 'one'), state: 'failed', error: 'No channel found' });
    await outbox.remove('c2');
    outbox.close();
    const again = await (await storage.openOutbox('user-o')).load();
    expect(again).toEqual([{ ...post('c1', 'one'), state: 'failed', error: 'No channel found' }]);
    expect(await (await storage.openOutbox('someone-else')).load()).toEqual([]);
  });

  it('keeps which tab stored each outbox entry, and leaves the entries of the user\'s other tabs still open to them', async () => {
    const post = (id: string): OutboxEntry => ({
      id,
      kind: 'post',
      address: 'dm',
      payload: { json: JSON.stringify([{ type: 'text', text: id }]), parts: [{ type: 'text', text: id }], is_urgent: false, reply_to: null },
      queuedAt: 1_000,
      state: 'pending',
      error: null,
    });
    let open = new Set(['tab-a']);
    const tabA = await (await createIdbStorage('tab-a')).openOutbox('user-t');
    const tabB = await (await createIdbStorage('tab-b')).openOutbox('user-t');
    const unnamed = await (await createIdbStorage()).openOutbox('user-t');
    await tabA.put(post('from-a'));
    await tabB.put(post('from-b'));
    await unnamed.put(post('from-an-older-build'));
    const setAside: [string, string[]][] = [];
    const tabC = await (await createIdbStorage('tab-c', async () => open, (user, tabs) => setAside.push([user, [...tabs]]))).openOutbox('user-t');
    const ids = async () => (await tabC.load()).map((e) => [e.id, e.owner, e.heldElsewhere ?? false]).sort();
    // Tab A is open (its lock held): its entry is its own to send. Tab B went, and the unnamed one cannot be told.
    expect(await ids()).toEqual([
      ['from-a', 'tab-a', true],
      ['from-an-older-build', undefined, false],
      ['from-b', 'tab-b', false],
    ]);
    // The core worker is told which tabs it left entries to (it waits for their locks: tab-gone.ts announceGoneTabs).
    expect(setAside).toEqual([['user-t', ['tab-a']]]);
    open = new Set();
    expect((await ids()).map(([, , elsewhere]) => elsewhere)).toEqual([false, false, false]);
    expect(setAside).toHaveLength(1); // a load that leaves nothing aside says nothing
    // What this tab stores is its own, whoever stored it before; `heldElsewhere` is never stored.
    await tabC.put(post('from-b'));
    open = new Set(['tab-b']);
    expect((await ids()).find(([id]) => id === 'from-b')).toEqual(['from-b', 'tab-c', false]);
  });

  it('stores each appended batch as one record and loads the log back in order', async () => {
    const storage = await createIdbStorage();
    const log = await storage.openLog('user-a');
    await log.append(envelopes(1, 500));
    await log.append(envelopes(501, 3));
    log.close();
    const db = await openDB('plaza-log-user-a');
    expect(await db.count('chunks')).toBe(2);
    db.close();
    const again = await (await storage.openLog('user-a')).load();
    expect(again.map((e) => e.seq)).toEqual(Array.from({ length: 503 }, (_, i) => i + 1));
    expect(await (await storage.openLog('user-b')).load()).toEqual([]); // one log per user
  });

  it('drops a log written by another schema version', async () => {
    const storage = await createIdbStorage();
    const log = await storage.openLog('user-c');
    await log.append(envelopes(1, 10));
    log.close();
    const db = await openDB('plaza-log-user-c');
    await db.put('meta', LOG_SCHEMA_VERSION + 1, 'schema');
    db.close();
    expect(await (await storage.openLog('user-c')).load()).toEqual([]);
  });

  it('compacts: the snapshot replaces every chunk up to its seq, and loads first, in one transaction', async () => {
    const storage = await createIdbStorage();
    const log = await storage.openLog('user-d');
    await log.append(envelopes(1, 100));
    await log.append(envelopes(101, 50));
    const snapshot: Envelope = { seq: 150, at: 2_000, source: 'system', event: { type: 'log.snapshot', snapshot: { v: 1, data: { marker: 'x' } } } };
    await log.compact(snapshot);
    await log.append(envelopes(151, 5));
    log.close();
    const db = await openDB('plaza-log-user-d');
    expect(await db.count('chunks')).toBe(1);
    db.close();
    const again = await (await storage.openLog('user-d')).load();
    expect(again[0]).toEqual(snapshot);
    expect(again.slice(1).map((e) => e.seq)).toEqual([151, 152, 153, 154, 155]);
  });

  it('keeps small values such as credentials apart from the log', async () => {
    const storage = await createIdbStorage();
    await storage.setItem('credentials', { login_guid: 'l', auth_token: 't', user_guid: 'u' });
    expect(await storage.getItem('credentials')).toEqual({ login_guid: 'l', auth_token: 't', user_guid: 'u' });
    await storage.removeItem('credentials');
    expect(await storage.getItem('credentials')).toBeUndefined();
  });
});
