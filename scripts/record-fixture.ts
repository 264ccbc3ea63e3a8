/**
 * `npm run fixtures:record`: records fixtures/sessions/bob-reads-and-replies.jsonl against a fresh local
 * server (in-memory database): Bob signs in, Alice writes to him, he reads, replies and opens Design.
 * Re-run it when a change to the core makes the old recording diverge (its test will say so).
 */
import { writeFileSync } from 'node:fs';
import { createPlazaServer } from '../server/app';
import { recordSession } from '../tests/core/record-session';

const server = await createPlazaServer({ port: 0, log: () => {} });
try {
  const { text } = await recordSession(server);
  writeFileSync('fixtures/sessions/bob-reads-and-replies.jsonl', text);
  console.log(`wrote fixtures/sessions/bob-reads-and-replies.jsonl (${text.split('\n').length - 1} lines)`);
} finally {
  await server.close();
}
