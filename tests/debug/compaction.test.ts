/**
 * The debugger over a session in which the core compacted its log (a heavy user's does every ~14,000
 * events): a compaction is not a reset, the timeline folds on through its snapshot, and every state it
 * answers — before, at and after each compaction — is the state the replayed core had there, and the
 * state the snapshot restores.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { recordSyntheticSession } from '../../bench/replay';
import { createDebugService } from '../../core-worker/debug/debug-service';
import { replayFooter, replaySession } from '../../core-worker/replayer';
import { canonicalJson } from '../../projections/canonical';
import { foldAll } from '../../projections/fold';
import { projectionHashes } from '../../projections/hash';
import { parseSessionFile, trimmedSessionText } from '../../protocol/session-file';
import { settle } from '../core/record-session';

let text: string;
beforeAll(async () => {
  text = await recordSyntheticSession(20_000, 'heavy-user', { timers: true });
}, 60_000);

describe('debugger over compactions', () => {
  it('folds on through each snapshot, answering the replayed core\'s state everywhere', async () => {
    const service = createDebugService({ settle, checkpointEvery: 2_000 });
    const loaded = await service.$load(text);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const { index, hash } = service.loaded!;
    const snapshots = index.events.flatMap((e, i) => (e.event.type === 'log.snapshot' ? [i] : []));
    expect(snapshots.length).toBeGreaterThanOrEqual(3);
    expect(index.resets).toHaveLength(1); // the sign-in's log; compactions are not resets

    const file = parseSessionFile(text);
    const positions = new Set<number>([loaded.value.inputs]);
    for (const i of snapshots) {
      const input = index.inputOf[i]!;
      positions.add(input - 1).add(input).add(input + 1);
    }
    for (const position of positions) {
      const replayed = await replaySession(file, { settle, until: position, verifyEvents: false });
      const answered = await service.$hashAt(position);
      expect(answered.ok && answered.value, `input ${position}`).toBe(projectionHashes(replayed.core.projections, hash).all);
      // Saved up to here, the footer counts the log as the core held it: since the last snapshot.
      const saved = await service.$trimmedSession(position);
      if (!saved.ok) throw new Error(saved.error.message);
      expect(await saved.value.file.text(), `input ${position}`).toBe(trimmedSessionText(text, replayed.linesUsed, replayFooter(replayed)));
    }

    // The substitution is sound: after a compaction, the state folded on equals the one its snapshot restores.
    const last = snapshots.at(-1)!;
    const upTo = index.events.length;
    const restored = foldAll(index.events.slice(last, upTo));
    const foldedOn = foldAll(index.events.slice(index.resets[0]!.event, upTo));
    expect(canonicalJson(foldedOn)).toBe(canonicalJson(restored));
  }, 120_000);

  it('checks the event digests after the load across compactions, and finds one altered after a compaction where a checking replay does', async () => {
    const service = createDebugService({ settle, checkpointEvery: 2_000 });
    const loaded = await service.$load(text);
    if (!loaded.ok) throw new Error(loaded.error.message);
    // A compaction's digest covers the new log whole (its snapshot, then what followed): the checks agree with the file.
    expect(await service.$verified()).toMatchObject({ matches: true, divergence: null, checking: null });

    const { index } = service.loaded!;
    const compacting = index.inputOf[index.events.findLastIndex((e) => e.event.type === 'log.snapshot')]!;
    const rows = text.trimEnd().split('\n');
    const digestRow = index.inputLine(compacting + 1) - 2; // the line before the next input: the compacting input's digest
    expect(rows[digestRow]).toMatch(/^E \d+ [0-9a-f]{16}$/);
    rows[digestRow] = rows[digestRow]!.replace(/[0-9a-f]$/, (c) => (c === '0' ? '1' : '0'));
    const altered = rows.join('\n');
    const precise = await replaySession(parseSessionFile(altered), { settle, verifyEvents: true });
    expect(precise.divergence).toMatchObject({ input: compacting, line: digestRow + 1, what: 'events' });
    const again = createDebugService({ settle, checkpointEvery: 2_000 });
    await again.$load(altered);
    expect((await again.$verified())?.divergence).toMatchObject({ input: compacting, line: digestRow + 1, what: 'events' });
  }, 120_000);
});
