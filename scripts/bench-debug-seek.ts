/**
 * `npx tsx scripts/bench-debug-seek.ts [inputs | session.jsonl] [checkpointEvery] [seeks]`: how fast
 * the debugger seeks in a large session — a recorded file, or a synthetic heavy-user session of
 * `inputs` inputs (1,000,000 by default; bench/replay.ts). Loads it into the debug service as the
 * debug worker does and times $stateAt at random and consecutive positions (bench/seek.ts), with
 * each random seek broken into its parts and the slowest ones listed.
 * A measurement, not a timed test; `npm run bench` runs the same.
 */
import { existsSync, readFileSync } from 'node:fs';
import { recordSyntheticSession } from '../bench/replay';
import { measureSeek } from '../bench/seek';

const arg = process.argv[2] ?? '1000000';
const text = existsSync(arg) ? readFileSync(arg, 'utf8') : await recordSyntheticSession(Number(arg));
const checkpointEvery = process.argv[3] ? Number(process.argv[3]) : undefined;
const seeks = process.argv[4] ? Number(process.argv[4]) : undefined;
console.log(JSON.stringify(await measureSeek(text, { ...(checkpointEvery ? { checkpointEvery } : {}), ...(seeks ? { seeks } : {}) }), null, 1));
