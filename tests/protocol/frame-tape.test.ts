/**
 * The frame tape (protocol/frames/tape.ts) gives back exactly what decodeDownFrame returned. For random
 * frames of every code with a fast decoder — bodies drawn from each schema's JSON Schema, valid and then
 * broken (frame-samples.ts) — for frames of other codes and frames that are no frames, and for the frames
 * of real recorded sessions: the writer encodes every successful decode of MSG, TYP, REA, DEL, ACK and
 * CHK and declines everything else, and reading an entry back (after the batch crossed a structured clone
 * with its arrays transferred, as between threads) gives a frame with no `difference` from
 * decodeDownFrame's (the tape holds only frames that decoded, so without the `{ ok: true }` around them): the same keys in the same order at every level, undefined-valued keys included,
 * -0 kept. Readers broken on purpose are caught by the same check.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordSyntheticSession } from '../../bench/replay';
import { decodeDownFrame, type DownFrame } from '../../protocol/frames/down';
import type { TapeBatch } from '../../protocol/frames/tape';
import { TapeReader } from '../../protocol/frames/tape-reader';
import { TapeWriter } from '../../protocol/frames/tape-writer';
import { prng } from '../../protocol/prng';
import { parseSessionFile } from '../../protocol/session-file';
import { decodedFrame, difference, FAST_CODES, sampleBody } from './frame-samples';

const TAPE_CODES: ReadonlySet<string> = new Set(FAST_CODES);

/** The batch as another thread receives it: cloned, its typed arrays transferred. */
const transferred = (batch: TapeBatch): TapeBatch =>
  structuredClone(batch, { transfer: [batch.lines.buffer, batch.starts.buffer, batch.ops.buffer, batch.nums.buffer] });

/** Every frame of a session file, in order. */
function framesOf(text: string): unknown[] {
  const file = parseSessionFile(text);
  const frames: unknown[] = [];
  for (let i = 0; i < file.count; i++) {
    if (file.kind(i) !== 'frame') continue;
    const line = file.line(i);
    if (line.k === 'frame') frames.push(line.x);
  }
  return frames;
}

/** Random frames: every fast code, valid and broken bodies, and a few of other codes and shapes. */
function randomFrames(seed: number, count: number): unknown[] {
  const rng = prng(seed);
  const frames: unknown[] = [];
  const others = ['FAV {"address":"c","guid":"m","flag":3}', 'OUT {}', 'VCH {}', 'XYZ {}', 'MSG {', 'TYP', '', 'not a frame', 7, null];
  for (let i = 0; i < count; i++) {
    const roll = rng();
    if (roll < 0.03) frames.push(others[Math.floor(rng() * others.length)]);
    else {
      const code = FAST_CODES[Math.floor(rng() * FAST_CODES.length)]!;
      frames.push(`${code} ${sampleBody(rng, code, roll > 0.6)}`);
    }
  }
  return frames;
}

/** A reader of a batch: the real one, or one broken on purpose. */
type Read = (batch: TapeBatch) => (k: number) => DownFrame;
const realRead: Read = (batch) => {
  const reader = new TapeReader(batch);
  return (k) => reader.read(k);
};

/**
 * Writes `frames` in batches of `batchSize`, reads each batch back with `read` after a transfer, and
 * returns the first difference from decodeDownFrame (or undefined) and how many frames were written.
 */
function roundTrip(frames: readonly unknown[], batchSize: number, read: Read = realRead): { difference?: string; written: number } {
  const writer = new TapeWriter();
  let written = 0;
  const check = (): string | undefined => {
    const batch = transferred(writer.finish());
    const reader = new TapeReader(batch);
    const readAt = read(batch);
    for (let k = 0; k < reader.count; k++) {
      const line = reader.line(k);
      const d = difference(readAt(k), decodedFrame(frames[line]));
      if (d) return `frame ${line} (${String(frames[line]).slice(0, 200)}): ${d}`;
    }
    return undefined;
  };
  for (let line = 0; line < frames.length; line++) {
    const decoded = decodeDownFrame(frames[line]);
    const wrote = writer.add(line, decoded);
    // The tape takes every frame it knows how to write, and nothing else.
    const encodable = decoded.ok === true && TAPE_CODES.has(decoded.value.code);
    if (wrote !== encodable) return { difference: `frame ${line}: written ${wrote}, decoded ${JSON.stringify(decoded).slice(0, 200)}`, written };
    if (wrote) written++;
    if (writer.count === batchSize) {
      const d = check();
      if (d) return { difference: d, written };
    }
  }
  const d = check();
  return d ? { difference: d, written } : { written };
}

describe('the frame tape', () => {
  it('gives back decodeDownFrame’s exact answer for random frames of every code, valid and broken', () => {
    for (let round = 0; round < 4; round++) {
      const frames = randomFrames(12_000 + round, 3_000);
      const result = roundTrip(frames, 700);
      expect(result.difference).toBeUndefined();
      // Both sides exercised: most frames written, and the broken ones (a third or so) declined.
      expect(result.written).toBeGreaterThan(1_500);
      expect(result.written).toBeLessThan(2_900);
    }
  });

  it('the random frames have every shape the tape writes', () => {
    // So the round trip above covers each branch of the writer and the reader.
    const seen = new Set<string>();
    for (let round = 0; round < 4; round++) {
      for (const text of randomFrames(12_000 + round, 3_000)) {
        const d = decodeDownFrame(text);
        if (d.ok !== true) continue;
        const frame = d.value;
        if (frame.n !== undefined) seen.add('n');
        switch (frame.code) {
          case 'MSG': {
            const m = frame.data.message;
            if (m.file_guid !== undefined) seen.add('file');
            if (m.file_size !== undefined && m.file_guid === undefined) seen.add('file size alone');
            if (m.change_seq !== null && m.last_reply_ts !== null && m.is_urgent && m.disable_notification) seen.add('message flags');
            if (m.reply_to !== null && m.client_guid !== null && m.reactions.length > 0) seen.add('reply, client guid, reactions');
            for (const part of m.parts) seen.add(part.type === 'hyperlink' && part.text === undefined ? 'hyperlink without text' : part.type);
            break;
          }
          case 'DEL':
            if (frame.data.reply_to === null) seen.add('DEL reply_to null');
            if (frame.data.from_guid !== undefined && frame.data.created !== undefined && frame.data.change_seq !== undefined) seen.add('DEL all');
            if (Object.keys(frame.data).length === 2) seen.add('DEL bare');
            break;
          case 'REA':
            seen.add(frame.data.change_seq === undefined ? 'REA' : 'REA change_seq');
            break;
          case 'ACK':
            seen.add(frame.data.n === undefined ? 'ACK' : 'ACK n');
            break;
          case 'TYP':
            seen.add('TYP');
            break;
          case 'CHK':
            seen.add(`CHK ${typeof frame.data.check}`);
        }
      }
    }
    expect([...seen].sort()).toEqual([
      'ACK', 'ACK n', 'CHK number', 'CHK string', 'DEL all', 'DEL bare', 'DEL reply_to null', 'REA', 'REA change_seq', 'TYP',
      'bullet-list', 'command', 'file', 'file size alone', 'hyperlink', 'hyperlink without text', 'message flags', 'n',
      'ordered-list', 'person', 'reply, client guid, reactions', 'text', 'video_conference',
    ]);
  });

  it('declines frames of the other codes, rejections and ignored frames', () => {
    const writer = new TapeWriter();
    const declined = ['FAV {"address":"c","guid":"m","flag":3}', 'CHA {}', 'VCH {}', 'XYZ {}', 'MSG {', 'MSG {}', 'TYP {"address":""}', 'CHK {"check":true}', 7];
    for (const [i, text] of declined.entries()) expect(writer.add(i, decodeDownFrame(text)), String(text)).toBe(false);
    expect(writer.count).toBe(0);
    expect(writer.add(0, decodeDownFrame('CHK {"check":-0}'))).toBe(true);
  });

  describe('real recorded sessions', () => {
    let synthetic: string;
    beforeAll(async () => {
      synthetic = await recordSyntheticSession(4_000, 'heavy-user', { timers: true });
    });

    it('the shipped fixture: every frame written, read back exactly', () => {
      const frames = framesOf(readFileSync('fixtures/sessions/bob-reads-and-replies.jsonl', 'utf8'));
      expect(frames.length).toBeGreaterThan(5);
      const result = roundTrip(frames, 1_000);
      expect(result.difference).toBeUndefined();
    });

    it('a heavy user’s mix (synthetic session with timers): every frame written, read back exactly', () => {
      const frames = framesOf(synthetic);
      const result = roundTrip(frames, 1_024);
      expect(result.difference).toBeUndefined();
      expect(result.written).toBe(frames.length);
    });
  });

  it('writes a repeated string once per batch', () => {
    const writer = new TapeWriter();
    for (let i = 0; i < 1_000; i++) writer.add(i, decodeDownFrame(`TYP {"address":"c${i % 10}","user_guid":"alice","first_name":"Alice","last_name":"Anders"}`));
    const first = writer.finish();
    expect(first.strings.length).toBe(13);
    writer.add(0, decodeDownFrame('TYP {"address":"c1","user_guid":"alice"}'));
    const second = writer.finish();
    expect(second.strings).toEqual(['c1', 'alice', '']);
    expect(difference(new TapeReader(second).read(0), decodedFrame('TYP {"address":"c1","user_guid":"alice"}'))).toBeUndefined();
  });

  it('builds new objects on every read, in any order', () => {
    const frames = randomFrames(12_100, 500).filter((f) => {
      const d = decodeDownFrame(f);
      return d.ok === true && TAPE_CODES.has(d.value.code);
    });
    const writer = new TapeWriter();
    frames.forEach((f, i) => writer.add(i, decodeDownFrame(f)));
    const reader = new TapeReader(transferred(writer.finish()));
    for (let k = reader.count - 1; k >= 0; k -= 3) {
      const a = reader.read(k);
      const b = reader.read(k);
      expect(a).not.toBe(b);
      expect(a.data).not.toBe(b.data);
      expect(difference(a, decodedFrame(frames[reader.line(k)]))).toBeUndefined();
    }
  });

  it('catches readers broken on purpose', () => {
    const frames = randomFrames(12_200, 3_000);
    /** A reader whose decodes pass through `change`. */
    const altered = (change: (frame: DownFrame) => DownFrame): Read => (batch) => {
      const reader = new TapeReader(batch);
      return (k) => change(reader.read(k));
    };
    /** A reader over a damaged copy of the batch. */
    const damaged = (damage: (batch: TapeBatch) => void): Read => (batch) => {
      const copy = { ...batch, ops: batch.ops.slice(), nums: batch.nums.slice(), strings: [...batch.strings] };
      damage(copy);
      return realRead(copy);
    };
    const broken: Record<string, Read> = {
      'drops undefined-valued keys': altered((f) => JSON.parse(JSON.stringify(f)) as DownFrame),
      'puts a message’s parts first': altered((f) => {
        if (f.code !== 'MSG') return f;
        const { parts, ...rest } = f.data.message;
        return { ...f, data: { message: { parts, ...rest } } };
      }),
      'always writes n': altered((f) => (f.n === undefined ? { ...f, n: 1 } : f)),
      'loses -0': damaged((batch) => batch.nums.forEach((v, i) => (batch.nums[i] = v === 0 ? 0 : v))),
      'mixes up two strings': damaged((batch) => ([batch.strings[1], batch.strings[2]] = [batch.strings[2]!, batch.strings[1]!])),
      'misreads a message’s is_urgent': damaged((batch) => {
        // The first message's tag (code 0 in the low bits), its first flag bit flipped.
        for (let k = 0; k < batch.lines.length; k++) {
          const at = batch.starts[2 * k]!;
          if ((batch.ops[at]! & 7) === 0) {
            batch.ops[at]! ^= 1 << 4;
            return;
          }
        }
      }),
    };
    for (const [name, read] of Object.entries(broken)) {
      expect(roundTrip(frames, 5_000, read).difference, name).toBeDefined();
    }
    expect(roundTrip(frames, 5_000).difference).toBeUndefined();
  });
});
