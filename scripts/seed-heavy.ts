/**
 * `npm run seed:heavy`: adds the heavy-user company Northwind (server/seed-heavy.ts) to the local
 * server's database — PLAZA_DATA_DIR (default ./.plaza-data) or DATABASE_URL — beside the Acme demo.
 * Options: --seed=N (default 42), --messages=N, --channels=N, --users=N. Stop the server first (PGlite
 * allows one process per data directory).
 */
import { resolve } from 'node:path';
import { openDatabase } from '../server/db';
import { migrate } from '../server/migrations';
import { seedDemo } from '../server/seed';
import { HEAVY_PASSWORD, HEAVY_PEER_EMAIL, HEAVY_USER_EMAIL, seedHeavy } from '../server/seed-heavy';

const arg = (name: string): number | undefined => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3)) : undefined;
};

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.PLAZA_DATA_DIR ?? '.plaza-data');
const db = await openDatabase({ url: databaseUrl, dataDir });
try {
  await migrate(db);
  await seedDemo(db);
  const summary = await seedHeavy(db, { seed: arg('seed'), messages: arg('messages'), channels: arg('channels'), users: arg('users'), log: (l) => console.log(`[seed:heavy] ${l}`) });
  if (!summary) console.log('[seed:heavy] Northwind is already in this database: nothing to do (delete the data directory to start over).');
  else console.log(JSON.stringify(summary, null, 2));
  console.log(`Sign in as ${HEAVY_USER_EMAIL} (the heavy user) or ${HEAVY_PEER_EMAIL}, password ${HEAVY_PASSWORD}.`);
} finally {
  await db.close();
}
