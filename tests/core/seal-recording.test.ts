/**
 * Sealing a stored recording that has no footer (core-worker/seal-recording.ts) reads its lines where they lie
 * and returns the file's lines; the export makes the Blob a slice at a time (sessionFile). The file is the one
 * the joined text made: cut after the last whole input, replayed there, trimmed with trimmedSessionText.
 */
import { describe, expect, it } from 'vitest';
import { replayFooter, replaySession } from '../../core-worker/replayer';
import { lastWholeInputCut, sealRecording } from '../../core-worker/seal-recording';
import { sessionFile } from '../../core-worker/session-recording';
import { fail, ok, type Result } from '../../protocol/result';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { INPUT_KINDS, lineInfo, parseSessionFile, trimmedSessionText, UNSEALED_HASH } from '../../protocol/session-file';
import { settleMany, startSyntheticWorld } from './synthetic-world';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Sealing as it was done on the joined text (until 2026-11-26), to compare with. */
async function sealedByJoining(lines: readonly string[]): Promise<Result<string>> {
  const { cut, inputs } = lastWholeInputCut(lines);
  const placeholder = JSON.stringify({ k: 'end', inputs, events: 0, hash: '0'.repeat(16), projections: {} });
  try {
    const text = lines.slice(0, cut).join('\n') + '\n' + placeholder + '\n';
    const result = await replaySession(parseSessionFile(text), { settle, until: inputs });
    if (result.divergence) return fail({ name: 'RecordingDiverged', message: `The stored recording does not replay (after input ${result.divergence.input}); it cannot be exported.` });
    return ok(trimmedSessionText(text, result.linesUsed, replayFooter(result)));
  } catch (error) {
    return fail({ name: 'RecordingDamaged', message: `The stored recording is damaged: ${error instanceof Error ? error.message : String(error)}` });
  }
}

/** What the export of `lines` sealed downloads: the file's text, or the failure. */
async function sealedFile(lines: readonly string[]): Promise<Result<string>> {
  const sealed = await sealRecording(lines, settle, 'plaza-web test');
  if (sealed.ok && sealed.value.unsealed) throw new Error(`unsealed: ${sealed.value.unsealed.reason}`);
  return sealed.ok ? ok(await sessionFile(sealed.value.lines).text()) : sealed;
}

/** A recorded session with bursts of frames and characters outside Latin-1, as stored: header and lines, no footer. */
async function storedLines(): Promise<string[]> {
  const world = await startSyntheticWorld({ channels: 2 });
  for (let burst = 0; burst < 6; burst++) {
    for (let i = 0; i < 5; i++) {
      const n = burst * 5 + i;
      world.socket().receive(encodeFrame('MSG', { message: { guid: `m${n}`, address: `c${n % 2}`, created: 2_000 + n, from_guid: 'alice', json: `[{"type":"text","text":"zoë 中文 👍 ${n}"}]` } }));
    }
    await settleMany();
  }
  return world.file().trimEnd().split('\n').slice(0, -1);
}

describe('the downloaded file', () => {
  it('holds the lines as joined, each ending in a line break, over however many parts', async () => {
    for (const count of [1, 2, 16_383, 16_384, 16_385, 40_000]) {
      const lines = Array.from({ length: count }, (_, i) => (i % 3 === 0 ? `F 0 ${i} zoë 中文 👍` : `E ${i + 1} 00000000deadbeef`));
      expect(await sessionFile(lines).text()).toBe(lines.join('\n') + '\n');
    }
  });
});

describe('sealing a stored recording', () => {
  it('makes the file the joined text made, cut anywhere — after a whole input, inside a burst, after the header', async () => {
    const lines = await storedLines();
    expect(lines.some((l) => lineInfo(l).burst)).toBe(true);
    const insideBursts = lines.flatMap((l, i) => (lineInfo(l).burst ? [i + 1] : [])).filter((_, j) => j % 7 === 0);
    const ends = [lines.length, lines.length - 1, lines.length - 3, Math.floor(lines.length / 2), ...insideBursts, 3, 2, 1];
    for (const end of ends) {
      const stored = lines.slice(0, end);
      const expected = await sealedByJoining(stored);
      expect(await sealedFile(stored), `the first ${end} lines`).toEqual(expected);
    }
    const whole = await sealedFile(lines);
    if (!whole.ok) throw new Error(whole.error.message);
    const file = parseSessionFile(whole.value);
    expect(file.footer.inputs).toBeGreaterThan(10);
    const replay = await replaySession(file, { settle });
    expect([replay.divergence, replay.hash]).toEqual([null, file.footer.hash]);
  });

  it('refuses a damaged recording, and none at all, as the joined text did', async () => {
    const lines = await storedLines();
    const damaged = lines.map((l, i) => (i === 5 ? l.slice(0, -3) : l));
    for (const stored of [damaged, [], [lines[0]!.slice(2)]]) {
      const expected = await sealedByJoining(stored);
      expect(expected.ok).toBe(false);
      expect(await sealedFile(stored)).toEqual(expected);
    }
  });
});

describe('sealing a stored recording whose replay here differs from it', () => {
  /** The stored lines with the text of the frame on line `at` (0-based) changed: what it appended differs from the digest recorded after it. */
  const altered = (lines: readonly string[], at: number): string[] => lines.map((l, i) => (i === at ? l.replace('zoë', 'zoe') : l));

  it('exports it unsealed: the header and every whole input as stored, and a footer that says where and why it has no final hash', async () => {
    const lines = await storedLines();
    const frameAt = lines.findIndex((l, i) => i > lines.length / 2 && l.startsWith('F ') && l.includes('zoë'));
    expect(frameAt).toBeGreaterThan(0);
    const stored = altered(lines, frameAt);
    const sealed = await sealRecording(stored, settle, 'plaza-web 9.9.9');
    if (!sealed.ok) throw new Error(sealed.error.message);
    const { cut, inputs } = lastWholeInputCut(stored);
    // Where the replay differed: after the altered frame, at the digest line the recording wrote for it.
    const input = stored.slice(1, frameAt + 1).filter((l) => INPUT_KINDS.has(lineInfo(l).kind ?? '')).length;
    expect(sealed.value.unsealed).toEqual({ by: 'plaza-web 9.9.9', input, line: frameAt + 2, reason: 'the events it appended differ' });
    expect(sealed.value.lines.slice(0, -1)).toEqual(stored.slice(0, cut));
    const text = await sessionFile(sealed.value.lines).text();
    const file = parseSessionFile(text);
    expect(file.footer).toEqual({ k: 'end', inputs, events: 0, hash: UNSEALED_HASH, projections: {}, unsealed: sealed.value.unsealed });
    // Replayed on this build it differs where sealing found it, and a replay never compares the hash it has not got.
    const replay = await replaySession(file, { settle });
    expect(replay.divergence).toMatchObject({ input, line: frameAt + 2, what: 'events' });
  });

  it('still refuses a recording whose lines cannot be read', async () => {
    const lines = await storedLines();
    const sealed = await sealRecording(lines.map((l, i) => (i === 4 ? 'F 0 x MSG {}' : l)), settle, 'plaza-web test');
    expect(sealed.ok ? 'exported' : sealed.error).toEqual({ name: 'RecordingDamaged', message: expect.stringMatching(/^The stored recording is damaged: line 5: /) });
  });
});
