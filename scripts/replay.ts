/**
 * `npm run replay -- <file> [--until N] [--dump PROJECTION] [--trim OUT] [--fast] [--one-thread] [--full]`
 * Replays a recorded session in Node, without a browser, and prints counts,
 * duration and the final projection hash. Exits 1 on a divergence (naming the
 * first one), 2 when the file is refused. An unsealed file (no final hash) that
 * replays with every input matching exits 0 and says it had no hash to compare.
 * The file's socket frames are decoded ahead on a second thread
 * (scripts/decoder-thread.ts) unless --one-thread.
 */
import { writeFileSync } from 'node:fs';
import { replayAndLocate, replayFooter, replaySession } from '../core-worker/replayer';
import { PROJECTION_NAMES, projectionJson, type ProjectionName } from '../projections/hash';
import { parseSessionFile, SessionFileError, sessionHashName, trimmedSessionText, type UnsealedNote } from '../protocol/session-file';
import { readSharedFile, sharedText, startDecoderThread, type DecoderThread } from './decoder-thread';
import { Utf8Text } from './utf8-text';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: npm run replay -- <session file> [--until N] [--dump PROJECTION] [--trim OUT] [--fast] [--one-thread] [--full]');
  console.error('  --trim OUT    with --until N: write the first N inputs as a session file of their own');
  console.error('  --fast        check outputs and the final hash only, not each input\'s events (re-checks them after a mismatch)');
  console.error('  --one-thread  decode the socket frames on the main thread, not ahead on a second one');
  console.error('  --dump P      print projection P as JSON on standard output (the summary then goes to standard error)');
  console.error('  --full        print a divergence\'s expected and actual values whole (they are cut at 4,000 characters)');
  console.error(`projections: ${PROJECTION_NAMES.join(', ')}`);
  process.exit(2);
}

/** How much of an expected or actual value a divergence prints: a snapshot or a channel list is megabytes. */
const SHOWN_CHARACTERS = 4_000;

/** A divergence's value as JSON, cut to SHOWN_CHARACTERS unless --full. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  if (full || text.length <= SHOWN_CHARACTERS) return text;
  return `${text.slice(0, SHOWN_CHARACTERS)}… (${(text.length - SHOWN_CHARACTERS).toLocaleString('en')} more characters; --full prints it whole)`;
}

const args = process.argv.slice(2);
let path: string | undefined;
let until: number | undefined;
let dump: ProjectionName | undefined;
let trim: string | undefined;
let fast = false;
let full = false;
let oneThread = false;
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--until') {
    until = Number(args[++i]);
    if (!Number.isInteger(until) || until < 0) usage('--until takes a whole number of inputs');
  } else if (arg === '--dump') {
    const name = args[++i] as ProjectionName;
    if (!PROJECTION_NAMES.includes(name)) usage(`--dump takes one of: ${PROJECTION_NAMES.join(', ')}`);
    dump = name;
  } else if (arg === '--fast') {
    fast = true;
  } else if (arg === '--full') {
    full = true;
  } else if (arg === '--one-thread') {
    oneThread = true;
  } else if (arg === '--trim') {
    trim = args[++i];
    if (!trim) usage('--trim takes an output file');
  } else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
  else path = arg;
}
if (!path) usage();
// Output read by a program that stops early (`--dump messages | head`) closes the pipe: what nobody reads is
// not printed, and the exit code stays the replay's, instead of an EPIPE stack trace and exit 1 ("diverged").
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});
if (trim && until === undefined) usage('--trim needs --until N');

let bytes: Uint8Array;
try {
  bytes = readSharedFile(path);
} catch (error) {
  console.error(`cannot read ${path}: ${(error as Error).message}`);
  process.exit(2);
}
// Started first, so the thread boots while this one reads the lines.
const decoder: DecoderThread | undefined = oneThread ? undefined : startDecoderThread(bytes);

try {
  const parseStart = performance.now();
  // Read in place: only the slices the replay keeps are decoded from UTF-8 (scripts/utf8-text.ts).
  const file = parseSessionFile(new Utf8Text(bytes));
  const parseMs = performance.now() - parseStart;
  const progress = progressLine(file.footer.inputs);
  // --fast leaves the events to the final hash, which an unsealed file does not have: its events are all checked.
  const fastHere = fast && !file.footer.unsealed;
  const result = await (fastHere ? replayAndLocate : replaySession)(file, {
    settle: () => new Promise((resolve) => setImmediate(resolve)),
    ...(progress ? { onInput: progress.input } : {}),
    ...(until !== undefined ? { until } : {}),
    now: () => performance.now(),
    ...(decoder ? { frames: decoder.frames } : {}),
  });
  progress?.done();
  await decoder?.stop();
  // With --dump, standard output is the projection's JSON alone (`--dump channels > channels.json`, `| jq`):
  // the summary goes to standard error.
  const out = dump ? (line: string) => console.error(line) : (line: string) => console.log(line);
  out(`session   ${file.header.app}, recorded ${new Date(file.header.started).toISOString()}`);
  out(`format    version ${file.header.version} (digests and hashes: ${sessionHashName(file.header.version)})`);
  out(`inputs    ${result.inputs} of ${file.footer.inputs}`);
  if (until !== undefined && until > result.inputs && !result.divergence) out(`          (--until ${until} is past the session's last input: it was replayed whole)`);
  // Every event the core appended (the debugger's count; a replay that diverged was replayed again on a core of its own,
  // this one); the footer's is the log's length since its last compaction.
  const appended = result.core.appended;
  const compacted = appended !== result.events ? ` in the log since its last compaction; ${appended} appended in all` : '';
  // An unsealed file's footer records no final state: its events and hash are placeholders, not shown as recorded.
  const unsealed = file.footer.unsealed;
  const recorded = (value: string | number): string => (until !== undefined ? '' : unsealed ? ' (none recorded: the file is unsealed)' : ` (recorded ${value})`);
  out(`events    ${result.events}${recorded(file.footer.events)}${compacted}`);
  out(`duration  ${(parseMs + result.durationMs).toFixed(1)} ms (decode ${parseMs.toFixed(1)} ms, replay ${result.durationMs.toFixed(1)} ms)`);
  out(`hash      ${result.hash}${recorded(file.footer.hash)}`);
  out(`frames    ${decoderSummary(decoder)}`);
  if (unsealed) {
    out(`unsealed  ${unsealedText(unsealed)}`);
    if (fast) out(`          (--fast was not taken: without a final hash to fall back on, every input's events were checked)`);
    // Whether this replay checked the whole file: then all there is to compare matched, and only the final hash is missing.
    if (!result.divergence && until === undefined) out(`          every input's outputs and events match the recording; it has no final hash to compare`);
  }
  if (trim && !result.divergence) {
    // The header is kept, so the trimmed file keeps the version, and its footer the hash, of the original.
    writeFileSync(trim, trimmedSessionText(sharedText(bytes), result.linesUsed, replayFooter(result)));
    out(`trimmed   ${trim}: the first ${result.inputs} inputs`);
  }
  if (dump) console.log(JSON.stringify(JSON.parse(projectionJson(result.core.projections, dump)), null, 2));
  if (result.divergence) {
    const d = result.divergence;
    console.error(`DIVERGED after input ${d.input} (file line ${d.line}): ${d.projection ? `projection "${d.projection}"` : d.what}`);
    console.error(`  expected: ${shown(d.expected)}`);
    console.error(`  actual:   ${shown(d.actual)}`);
    // As the debugger's Save inputs: only the inputs before the divergence make a file that replays.
    if (trim) console.error(`not trimmed: ${trim} was not written; --until ${Math.max(0, d.input - 1)} --trim writes the inputs before the divergence`);
    process.exit(1);
  }
} catch (error) {
  await decoder?.stop();
  if (error instanceof SessionFileError) {
    console.error(`refused: ${error.message}`);
    process.exit(2);
  }
  throw error;
}

/** Why an unsealed file has no final hash, in a line: which build's replay did not reach its end, and where it differed. */
function unsealedText(note: UnsealedNote): string {
  const where = note.input !== undefined ? ` after input ${note.input}${note.line !== undefined ? ` (file line ${note.line})` : ''}` : '';
  return `exported without a final hash: its replay on ${note.by} differed${where}: ${note.reason}`;
}

/**
 * A line on the terminal that counts the inputs replayed, redrawn a few times a second — a heavy user's
 * session takes seconds. Only when stderr is a terminal: piped output and the tests see the summary alone.
 */
function progressLine(total: number): { input: (index: number) => void; done: () => void } | null {
  if (!process.stderr.isTTY) return null;
  let shownAt = performance.now();
  let shown = false;
  return {
    input(index) {
      // The clock is read every 4,096 inputs: once per input would cost more than the line is worth.
      if ((index & 4095) !== 0 || performance.now() - shownAt < 250) return;
      shownAt = performance.now();
      shown = true;
      const percent = total > 0 ? Math.floor((index / total) * 100) : 0;
      process.stderr.write(`\rreplaying ${index.toLocaleString('en')} of ${total.toLocaleString('en')} inputs (${percent}%)`);
    },
    done() {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  };
}

/** Where the frames were decoded: how many the decoder thread handed over, how many the replay decoded itself, and why the thread stopped if it failed. */
function decoderSummary(thread: DecoderThread | undefined): string {
  if (!thread) return 'decoded on the main thread (--one-thread)';
  const { taken, missed } = thread.source;
  const failed = thread.failure && thread.failure !== 'stopped' ? ` (${thread.failure})` : '';
  return `${taken} decoded ahead on a second thread, ${missed} on the main thread${failed}`;
}
