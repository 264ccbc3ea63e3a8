/**
 * The debugger's frames decoded ahead (core-worker/debug/frame-decoder.ts): the decoder's body and the
 * replay's side joined by a MessageChannel, as the debug worker joins them across its own worker. The
 * replay takes the decodes from the tape, and loads to exactly what it loads to decoding every frame
 * itself — also when the decoder fails, and for a file whose frame was altered.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { recordSyntheticSession } from '../../bench/replay';
import { createDebugService } from '../../core-worker/debug/debug-service';
import { decodeFramesAhead, startFrameDecoder, type DecoderPort, type FrameDecoder, type ToDecoder } from '../../core-worker/debug/frame-decoder';
import { settle } from '../core/record-session';

let text: string;
beforeAll(async () => {
  text = await recordSyntheticSession(20_000, 'heavy-user', { timers: true });
}, 60_000);

/** A decoder on the other end of a MessageChannel, as frame-decoder-worker.ts runs it. */
function channelDecoder(options: { batchFrames?: number; maxAhead?: number } = {}): { start: (file: Blob) => FrameDecoder; started: FrameDecoder[] } {
  const started: FrameDecoder[] = [];
  const start = (file: Blob): FrameDecoder => {
    const { port1, port2 } = new MessageChannel();
    const decoderSide = port2 as unknown as DecoderPort;
    decoderSide.onmessage = (event: MessageEvent<ToDecoder>) => {
      if (event.data.type === 'start') void decodeFramesAhead(decoderSide, event.data);
    };
    const decoder = startFrameDecoder(Object.assign(port1 as unknown as DecoderPort, { terminate: () => (port1.close(), port2.close()) }), file, options);
    started.push(decoder);
    return decoder;
  };
  return { start, started };
}

const blob = (t: string) => new Blob([t], { type: 'application/x-ndjson' });

describe('frames decoded ahead for the debugger', () => {
  it('hands the replay its frames, and it loads to what decoding them itself loads to', async () => {
    const plain = createDebugService({ settle, checkpointEvery: 2_000 });
    const alone = await plain.$load(blob(text));
    if (!alone.ok) throw new Error(alone.error.message);
    expect(alone.value.decodedAhead).toBe(0);

    const { start, started } = channelDecoder({ batchFrames: 512, maxAhead: 4 });
    const service = createDebugService({ settle, checkpointEvery: 2_000, frameDecoder: start });
    const loaded = await service.$load(blob(text));
    if (!loaded.ok) throw new Error(loaded.error.message);
    const decoder = started[0]!;
    // Most frames came from the decoder (it starts a little late: the first ones the replay may decode itself).
    expect(loaded.value.decodedAhead).toBe(decoder.source.taken);
    expect(decoder.source.taken).toBeGreaterThan(10_000);
    expect(decoder.source.mostHeld).toBeLessThanOrEqual(6); // it kept to at most maxAhead batches ahead (and the one in hand)
    expect(decoder.source.done).toBe(true); // finished, or stopped once the replay was done with it
    expect(decoder.failure === undefined || decoder.failure === 'stopped').toBe(true);
    expect({ ...(await service.$verified()), loadMs: 0, decodedAhead: 0 }).toEqual({ ...(await plain.$verified()), loadMs: 0, decodedAhead: 0 });
    expect((await service.$verified())?.matches).toBe(true);
    const end = alone.value.inputs;
    expect(await service.$hashAt(end)).toEqual(await plain.$hashAt(end));
  }, 120_000);

  it('finds the same divergence in a file whose frame was altered', async () => {
    const rows = text.trimEnd().split('\n');
    const target = rows.findIndex((r, i) => i > rows.length / 2 && r.startsWith('B ') && r.includes(' MSG {'));
    rows[target] = rows[target]!.replace('ordinary words', 'altered words');
    const altered = rows.join('\n');
    const plain = createDebugService({ settle, checkpointEvery: 2_000 });
    await plain.$load(blob(altered));
    const expected = await plain.$verified();
    expect(expected?.divergence).toMatchObject({ what: 'events' });
    const { start, started } = channelDecoder({ batchFrames: 512 });
    const service = createDebugService({ settle, checkpointEvery: 2_000, frameDecoder: start });
    await service.$load(blob(altered));
    expect(started[0]!.source.taken).toBeGreaterThan(0);
    expect((await service.$verified())?.divergence).toEqual(expected?.divergence);
  }, 120_000);

  it('replays as usual when the decoder fails', async () => {
    const failing = (file: Blob): FrameDecoder => {
      const { port1, port2 } = new MessageChannel();
      port2.onmessage = () => port2.postMessage({ type: 'failed', message: 'Error: out of memory' });
      void file;
      return startFrameDecoder(port1 as unknown as DecoderPort, file);
    };
    const service = createDebugService({ settle, checkpointEvery: 2_000, frameDecoder: failing });
    const loaded = await service.$load(blob(text));
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.decodedAhead).toBe(0);
    expect((await service.$verified())?.matches).toBe(true);
  }, 120_000);
});
