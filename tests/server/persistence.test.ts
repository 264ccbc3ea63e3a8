/** Everything survives a restart on the same data directory; the seed and migrations run once. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startHarness, textJson } from './helpers';

const dataDir = mkdtempSync(join(tmpdir(), 'plaza-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('persistence', () => {
  it('keeps posts, bookmarks and sessions across a restart', async () => {
    const first = await startHarness({ dataDir });
    const bob = await first.login('bob@acme.test');
    const alice = await first.login('alice@acme.test');
    const eng = await first.channelByName(bob, 'Engineering');
    const posted = (await first.ok('post', { address: eng.address, json: textJson('survives restarts'), is_urgent: false, client_guid: 'p-1' }, bob)).message;
    await first.ok('post', { address: eng.address, json: textJson('unread for Alice'), is_urgent: false }, bob);
    expect(first.logs).toContain('database seeded with the Acme demo');
    await first.server.close();

    const second = await startHarness({ dataDir });
    try {
      expect(second.logs.some((l) => l.includes('seeded') || l.includes('migrated'))).toBe(false);
      // The old session is still valid.
      const history = await second.ok('history', { page: 0, address: eng.address }, bob);
      expect(history.data.map((m: any) => m.guid)).toContain(posted.guid);
      const again = await second.ok('post', { address: eng.address, json: textJson('survives restarts'), is_urgent: false, client_guid: 'p-1' }, bob);
      expect(again.message.guid).toBe(posted.guid);
      const aliceEng = await second.channelByName(alice, 'Engineering');
      expect(aliceEng.unread_messages).toBe(2);
      const users = await second.ok('usersList', { include_self: true }, alice);
      expect(users.users).toHaveLength(5); // four of Acme, and Gina of Globex (her direct message with Alice)
      // Strict order continues after the restart.
      const next = (await second.ok('post', { address: eng.address, json: textJson('after'), is_urgent: false }, bob)).message;
      expect(next.created).toBeGreaterThan(posted.created);
    } finally {
      await second.server.close();
    }
  }, 60_000); // starts its own server(s): slow on a loaded machine
});
