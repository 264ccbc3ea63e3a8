/**
 * Unsealed session files (docs/session-format.md, "Unsealed files"): a stored recording whose replay on the
 * exporting build differs is exported with a footer that has no final hash and says why. Readers check every
 * input of such a file and compare no hash; an older reader, which does not know the field, still reads and
 * replays it. And a footer's hash must combine its projections' hashes: one that does not is refused.
 */
import { describe, expect, it } from 'vitest';
import { createDebugService } from '../../core-worker/debug/debug-service';
import { replaySession } from '../../core-worker/replayer';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { parseSessionFile, unsealedFooter, type SessionFooter } from '../../protocol/session-file';
import { refusalOf } from '../protocol/session-refusal';
import { writtenAsVersion } from './session-versions';
import { settleMany, startSyntheticWorld } from './synthetic-world';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A recorded session, footer and all. */
async function recorded(): Promise<string> {
  const world = await startSyntheticWorld({ channels: 2 });
  for (let n = 0; n < 12; n++) {
    world.socket().receive(encodeFrame('MSG', { message: { guid: `m${n}`, address: `c${n % 2}`, created: 2_000 + n, from_guid: 'alice', json: `[{"type":"text","text":"message ${n}"}]` } }));
    await settleMany(3);
  }
  return world.file();
}

const rowsOf = (text: string): string[] => text.trimEnd().split('\n');
/** `text` with its footer replaced by `footer` (an object, or a line as it stands). */
const withFooter = (text: string, footer: object | string): string => [...rowsOf(text).slice(0, -1), typeof footer === 'string' ? footer : JSON.stringify(footer)].join('\n') + '\n';
const footerOf = (text: string): SessionFooter => JSON.parse(rowsOf(text).at(-1)!) as SessionFooter;

const note = { by: 'plaza-web 9.9.9', input: 3, line: 9, reason: 'the events it appended differ' };

describe('a footer whose projections do not make its hash', () => {
  it('is refused, naming the footer\'s line: a projection\'s hash altered, or the hash', async () => {
    const text = await recorded();
    const footer = footerOf(text);
    const line = rowsOf(text).length;
    expect(parseSessionFile(text).footer).toEqual(footer);
    const channels = { ...footer, projections: { ...footer.projections, channels: '0123456789abcdef' } };
    expect(refusalOf(withFooter(text, channels))).toMatch(new RegExp(`^line ${line}: footer: its projections' hashes combine \\(cyrb64\\) to [0-9a-f]{16}, not to its hash ${footer.hash}: the footer \\(or the header's version\\) was altered or damaged$`));
    expect(refusalOf(withFooter(text, { ...footer, hash: '0123456789abcdef' }))).toMatch(new RegExp(`^line ${line}: footer: its projections' hashes combine \\(cyrb64\\) to ${footer.hash}, not to its hash 0123456789abcdef`));
  });

  it('is checked with the file\'s own hash (FNV-1a 64 in version 2)', async () => {
    const v2 = await writtenAsVersion(await recorded(), 2);
    expect(parseSessionFile(v2).header.version).toBe(2);
    const footer = footerOf(v2);
    expect(refusalOf(withFooter(v2, { ...footer, projections: { ...footer.projections, session: '0123456789abcdef' } }))).toMatch(/footer: its projections' hashes combine \(fnv1a64\) to /);
  });

  it('pairing a projection\'s name with another\'s hash (the hash still combines): the replay names the projection', async () => {
    const text = await recorded();
    const footer = footerOf(text);
    // The same hashes in the same order, the first two names swapped: it reads, and its hash is the replay's.
    const [[a, ha], [b, hb], ...rest] = Object.entries(footer.projections) as [[string, string], [string, string], ...[string, string][]];
    const swapped = { ...footer, projections: Object.fromEntries([[b, ha], [a, hb], ...rest]) };
    const file = parseSessionFile(withFooter(text, swapped));
    const replay = await replaySession(file, { settle });
    expect(replay.hash).toBe(footer.hash);
    expect(replay.divergence).toMatchObject({ what: 'projection', projection: a, expected: hb, actual: ha, line: rowsOf(text).length });
  });
});

describe('an unsealed footer', () => {
  it('is read, and a replay checks every input and compares no final hash', async () => {
    const text = await recorded();
    const inputs = footerOf(text).inputs;
    const file = parseSessionFile(withFooter(text, unsealedFooter(inputs, note)));
    expect(file.footer.unsealed).toEqual(note);
    const replay = await replaySession(file, { settle });
    expect(replay.divergence).toBeNull();
    expect(replay.hash).toBe(footerOf(text).hash);
  });

  it('is refused when it claims a state, or its note is not one', async () => {
    const text = await recorded();
    const inputs = footerOf(text).inputs;
    const line = rowsOf(text).length;
    const unsealed = unsealedFooter(inputs, note);
    const claims = `line ${line}: footer: an unsealed footer has no final state: its hash must be 0000000000000000, its events 0 and its projections {}`;
    expect(refusalOf(withFooter(text, { ...unsealed, hash: footerOf(text).hash }))).toBe(claims);
    expect(refusalOf(withFooter(text, { ...unsealed, events: 5 }))).toBe(claims);
    expect(refusalOf(withFooter(text, { ...unsealed, projections: footerOf(text).projections }))).toBe(claims);
    expect(refusalOf(withFooter(text, unsealedFooter(inputs, { ...note, input: inputs + 1 })))).toBe(`line ${line}: footer: unsealed.input: ${inputs + 1} is past the file's last input (${inputs})`);
    expect(refusalOf(withFooter(text, { ...unsealed, unsealed: { reason: 'x' } }))).toMatch(new RegExp(`^line ${line}: footer: unsealed.by: `));
    expect(refusalOf(withFooter(text, { ...unsealed, unsealed: { ...note, reason: 'x'.repeat(2_001) } }))).toMatch(new RegExp(`^line ${line}: footer: unsealed.reason: `));
  });

  it('holds placeholders an older reader takes for a footer: it replays every input, and then finds the hash differs', async () => {
    const text = await recorded();
    const file = parseSessionFile(withFooter(text, unsealedFooter(footerOf(text).inputs, note)));
    // An older Plaza's schema has no `unsealed` (zod drops keys it does not know): the same footer without it.
    const { unsealed: _, ...older } = file.footer;
    const replay = await replaySession(Object.assign(Object.create(Object.getPrototypeOf(file) as object) as typeof file, file, { footer: older }), { settle });
    expect(replay.inputs).toBe(file.footer.inputs);
    expect(replay.divergence).toMatchObject({ what: 'projection', projection: 'session', line: rowsOf(text).length });
  });
});

describe('the debugger on an unsealed file', () => {
  it('says there is no final hash, and that every input matches', async () => {
    const text = await recorded();
    const service = createDebugService({ settle });
    const loaded = await service.$load(withFooter(text, unsealedFooter(footerOf(text).inputs, note)));
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(await service.$verified()).toMatchObject({ hash: footerOf(text).hash, recordedHash: null, unsealed: note, matches: true, divergence: null, checking: null });
  });

  it('still names where a replay differs from it', async () => {
    const rows = rowsOf(await recorded());
    const at = rows.findIndex((r) => r.startsWith('F ') && r.includes('message 5'));
    rows[at] = rows[at]!.replace('message 5', 'message five');
    const altered = withFooter(rows.join('\n'), unsealedFooter(footerOf(rows.join('\n')).inputs, note));
    const service = createDebugService({ settle });
    const loaded = await service.$load(altered);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const verified = await service.$verified();
    expect(verified).toMatchObject({ recordedHash: null, matches: false, divergence: { what: 'events', line: at + 2 } });
  });
});
