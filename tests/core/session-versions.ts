/**
 * Writes a session recorded by this Plaza (the current format version) as an
 * earlier version wrote it, hashes included: version 2 (compact lines) or 1
 * (every line JSON), with each input's digest and the footer computed with
 * FNV-1a 64, as those versions define them. The events behind each digest are
 * taken from a replay of the recording, so the result is what an earlier
 * Plaza would have written for the same session, and stays so as the core
 * changes (a stored old file would diverge as soon as the core did).
 */
import { replaySession } from '../../core-worker/replayer';
import { fnv1a64, projectionHashes } from '../../projections/hash';
import type { Envelope } from '../../protocol/events';
import { compactDigestLine, INPUT_KINDS, parseSessionFile } from '../../protocol/session-file';
import { settle } from './record-session';

export async function writtenAsVersion(text: string, version: 1 | 2): Promise<string> {
  const file = parseSessionFile(text);
  // Each input's digest, taken as the recorder takes it: the events appended since the previous input settled.
  const digests = new Map<number, { n: number; h: string }>();
  let lastLog: readonly Envelope[] | null = null;
  let lastLength = 0;
  const take = (input: number, log: readonly Envelope[]): void => {
    const added = log === lastLog ? log.slice(lastLength) : log.slice(0);
    lastLog = log;
    lastLength = log.length;
    if (added.length > 0) digests.set(input, { n: added.length, h: fnv1a64(JSON.stringify(added)) });
  };
  const replay = await replaySession(file, { settle, onInput: (index, core) => take(index, core.log) });
  if (replay.divergence) throw new Error(`the recording does not replay: ${JSON.stringify(replay.divergence)}`);

  const rows = text.trimEnd().split('\n');
  const out = [JSON.stringify({ ...file.header, version })];
  let inputs = 0;
  for (const [i, line] of file.lines.entries()) {
    if (INPUT_KINDS.has(line.k)) inputs++;
    if (line.k === 'ev') {
      const digest = digests.get(inputs);
      if (digest?.n !== line.n) throw new Error(`line ${i + 2}: the replay appended ${digest?.n ?? 0} events, the recording ${line.n}`);
      out.push(version === 1 ? JSON.stringify({ k: 'ev', n: digest.n, h: digest.h }) : compactDigestLine(digest.n, digest.h));
    } else {
      out.push(version === 1 ? JSON.stringify(line) : rows[i + 1]!);
    }
  }
  const hashes = projectionHashes(replay.core.projections, 'fnv1a64');
  out.push(JSON.stringify({ k: 'end', inputs: replay.inputs, events: replay.events, hash: hashes.all, projections: hashes.each }));
  return out.join('\n') + '\n';
}
