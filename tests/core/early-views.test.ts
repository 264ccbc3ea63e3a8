/**
 * The first paint of a cold start before the core has loaded (core-worker/early-views.ts): the worker's entry
 * reads the boot keys at once and posts the stored sidebar if it is the stored user's; the core's own first
 * reads of those keys are then answered with what was read (core-worker/storage-idb.ts).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { startEarlyViews } from '../../core-worker/early-views';
import { createIdbStorage } from '../../core-worker/storage-idb';
import type { EarlyViewsMessage } from '../../protocol/core-api';
import { LOG_SCHEMA_VERSION } from '../../protocol/events';

const text = JSON.stringify({ session: { status: 'signed-in' }, preferences: {}, channels: [] });

async function stored(values: Record<string, unknown>): Promise<void> {
  const storage = await createIdbStorage();
  for (const key of ['credentials', 'device_guid', 'view-cache']) await storage.removeItem(key);
  for (const [key, value] of Object.entries(values)) await storage.setItem(key, value);
}

/** What the early reads posted, once they have settled (their reads taken, so the post, made before, has happened). */
async function posted(): Promise<EarlyViewsMessage[]> {
  const messages: EarlyViewsMessage[] = [];
  const reads = startEarlyViews((message) => messages.push(message));
  await Promise.allSettled(['device_guid', 'credentials', 'view-cache'].map((key) => reads.take(key)));
  await Promise.resolve();
  return messages;
}

describe('the early sidebar', () => {
  it("is posted when the stored sidebar is the stored user's and of this schema, and not otherwise", async () => {
    const credentials = { login_guid: 'l', auth_token: 't', user_guid: 'bob' };
    await stored({ credentials, 'view-cache': { schema: LOG_SCHEMA_VERSION, user: 'bob', text } });
    expect(await posted()).toEqual([{ plazaEarlyViews: text }]);

    await stored({ credentials, 'view-cache': { schema: LOG_SCHEMA_VERSION, user: 'carol', text } });
    expect(await posted()).toEqual([]);
    await stored({ credentials, 'view-cache': { schema: LOG_SCHEMA_VERSION + 1, user: 'bob', text } });
    expect(await posted()).toEqual([]);
    await stored({ 'view-cache': { schema: LOG_SCHEMA_VERSION, user: 'bob', text } }); // signed out
    expect(await posted()).toEqual([]);
  });

  it("answers the core's first read of each boot key with the early read, later ones and written keys afresh", async () => {
    await stored({ device_guid: 'device-1', credentials: { login_guid: 'l', auth_token: 't', user_guid: 'bob' } });
    const reads = startEarlyViews(() => {});
    // Written by another tab after the early reads: the first read gives what was read then, as a read made then would.
    await (await reads.db).put('kv', 'device-2', 'device_guid');
    const storage = await createIdbStorage(undefined, undefined, undefined, reads);
    expect(await storage.getItem('device_guid')).toBe('device-1');
    expect(await storage.getItem('device_guid')).toBe('device-2');
    expect(reads.take('device_guid')).toBeUndefined(); // once

    // A key the core writes before reading it is read afresh: its early read is dropped.
    await storage.setItem('credentials', { login_guid: 'l2', auth_token: 't2', user_guid: 'bob' });
    expect(await storage.getItem('credentials')).toEqual({ login_guid: 'l2', auth_token: 't2', user_guid: 'bob' });
    await storage.removeItem('view-cache');
    expect(await storage.getItem('view-cache')).toBeUndefined();
    expect(await storage.getItem('not-read-early')).toBeUndefined();
  });

  it('is read again by the store when the early read failed', async () => {
    await stored({ device_guid: 'device-1' });
    const failing = { db: startEarlyViews(() => {}).db, take: (key: string) => (key === 'device_guid' ? Promise.reject(new Error('aborted')) : undefined), drop: () => {} };
    const storage = await createIdbStorage(undefined, undefined, undefined, failing);
    expect(await storage.getItem('device_guid')).toBe('device-1');
  });
});
