/** `npm start` / `npm run serve`: the local Plaza server with its data in PLAZA_DATA_DIR. */
import { resolve } from 'node:path';
import { createPlazaServer } from './app';
import { DEMO_CREDENTIALS } from './seed';

const port = Number(process.env.PORT ?? 8080);
const dataDir = resolve(process.env.PLAZA_DATA_DIR ?? '.plaza-data');
const host = process.env.HOST ?? '127.0.0.1';
/** A real PostgreSQL server instead of the embedded PGlite, e.g. postgres://user:pw@127.0.0.1:5432/plaza. */
const databaseUrl = process.env.DATABASE_URL || undefined;
/** Pretend the server and the latest release are newer than this client (try the 'New version available' alert). */
const serverVersion = process.env.PLAZA_SERVER_VERSION || undefined;
const latestRelease = process.env.PLAZA_LATEST_RELEASE || serverVersion;

const server = await createPlazaServer({
  port,
  host,
  dataDir,
  databaseUrl,
  staticDir: resolve('dist'),
  ...(serverVersion && latestRelease ? { versions: { server_version: serverVersion, latest_release: latestRelease } } : {}),
  log: (line) => console.log(`[plaza] ${line}`),
});

const where = databaseUrl ? `PostgreSQL ${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}` : dataDir;
console.log(`Plaza is running at ${server.url}  (data: ${where})`);
console.log('Demo sign-ins:');
for (const c of DEMO_CREDENTIALS) console.log(`  ${c.email.padEnd(18)} ${c.password}  ${c.name}${c.note ? ` (${c.note})` : ''}`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`[plaza] ${signal}: shutting down`);
  server.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
