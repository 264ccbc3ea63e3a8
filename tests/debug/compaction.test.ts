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
});
