/**
 * The same server on a real PostgreSQL (DATABASE_URL) instead of PGlite.
 * Runs when PLAZA_TEST_DATABASE_URL names a server whose user may create
 * databases (.ci/run starts Debian's PostgreSQL 15 for this); each run gets a
 * fresh database, dropped afterwards.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlazaServer } from '../../server/app';
import { startHarness, type Harness } from './helpers';

const adminUrl = process.env.PLAZA_TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('the server on a real PostgreSQL', () => {
  const name = `plaza_test_${process.pid}_${Date.now()}`;
  let url = '';
  let h: Harness;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    h = await startHarness({ databaseUrl: url });
  });

  afterAll(async () => {
    await h?.server.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  });

  it('signs in, posts, counts unread, and keeps it all across a restart', async () => {
    const alice = await h.login('alice@acme.test');
    const bob = await h.login('bob@acme.test');
    const dm = await h.channelByName(bob, 'Alice Anders');
    expect(dm.unread_messages).toBe(0);
    const posts = await Promise.all(
      ['one', 'two', 'three'].map((text, i) =>
        h.ok('post', { address: dm.address, json: JSON.stringify([{ type: 'text', text }]), is_urgent: false, client_guid: `c-${i}` }, alice),
      ),
    );
    const created = posts.map((p) => p.message.created).sort();
    expect(new Set(created).size).toBe(3); // strictly ordered even when posted at once
    expect((await h.channelByName(bob, 'Alice Anders')).unread_messages).toBe(3);
    const again = await h.ok('post', { address: dm.address, json: JSON.stringify([{ type: 'text', text: 'one' }]), is_urgent: false, client_guid: 'c-0' }, alice);
    expect(again.message.guid).toBe(posts[0].message.guid);

    await h.server.close();
    const restarted = await createPlazaServer({ port: 0, databaseUrl: url, log: () => {} });
    try {
      const login = await fetch(`${restarted.url}/data/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bob@acme.test', password: 'plaza-demo' }) }).then((r) => r.json());
      const list = await fetch(`${restarted.url}/secure/data/confirmed/corporate/channels/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-login-guid': login.login_guid, 'x-auth-token': login.auth_token },
        body: '{}',
      }).then((r) => r.json());
      const dmAfter = list.channels.find((c: { address: string }) => c.address === dm.address);
      expect(dmAfter.unread_messages).toBe(3);
      expect(typeof dmAfter.last_message.created).toBe('number');
    } finally {
      await restarted.close();
    }
    h = await startHarness({ databaseUrl: url }); // afterAll closes this one
  });
});
