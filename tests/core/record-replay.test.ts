/**
 * A session recorded against the real local server replays to the same event
 * log and projection hash; no secret is in the file; an altered recording
 * names its first divergence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaySession } from '../../core-worker/replayer';
import { fnv1a64, projectionHashes } from '../../projections/hash';
import { INPUT_KINDS, lineInfo, parseSessionFile } from '../../protocol/session-file';
import { createPlazaServer, type PlazaServer } from '../../server/app';
import { recordSession, settle } from './record-session';
import { writtenAsVersion } from './session-versions';
import { refusalOf } from '../protocol/session-refusal';
import { HOSTILE_LOG, withStoredLog } from './hostile-session';

let server: PlazaServer;
beforeAll(async () => {
  server = await createPlazaServer({ port: 0, log: () => {} });
});
afterAll(() => server.close());


describe('record and replay', () => {
  let recorded: Awaited<ReturnType<typeof recordSession>>;
  beforeAll(async () => {
    recorded = await recordSession(server);
  });

  it('replays a live session to the same events and projection hash', async () => {
    const file = parseSessionFile(recorded.text);
    expect(file.footer.inputs).toBeGreaterThan(10);
    const result = await replaySession(file, { settle });
    expect(result.divergence).toBeNull();
    expect(result.hash).toBe(file.footer.hash);
    expect(result.events).toBe(file.footer.events);
    const dm = [...result.core.projections.channels.byAddress.values()].find((r) => r.channel.name === 'Alice Anders')!.channel.address;
    const texts = result.core.projections.messages.byAddress.get(dm)!.order.map((g) => result.core.projections.messages.byAddress.get(dm)!.byGuid.get(g)!.parts);
    expect(JSON.stringify(texts)).toContain('hello Bob');
  });

  it('replays the same parsed file again to the same result (replay does not consume the file)', async () => {
    const file = parseSessionFile(recorded.text);
    const first = await replaySession(file, { settle });
    const second = await replaySession(file, { settle });
    expect(second.divergence).toBeNull();
    expect(second.hash).toBe(first.hash);
  });

  it('writes version 4, frames and digests as compact lines, digests and footer with cyrb64', async () => {
    const file = parseSessionFile(recorded.text);
    expect(file.header.version).toBe(4);
    const rows = recorded.text.trimEnd().split('\n');
    expect(rows.some((r) => /^[FB] \d+ \d+ MSG /.test(r))).toBe(true);
    expect(rows.some((r) => /^E \d+ [0-9a-f]{16}$/.test(r))).toBe(true);
    const result = await replaySession(file, { settle });
    expect(result.divergence).toBeNull();
    expect(file.footer.hash).toBe(projectionHashes(result.core.projections, 'cyrb64').all);
    expect(file.footer.hash).not.toBe(projectionHashes(result.core.projections, 'fnv1a64').all);
  });

  it('replays the same session written as version 2 and as version 1 (FNV-1a 64) to their own footers', async () => {
    for (const version of [2, 1] as const) {
      const old = parseSessionFile(await writtenAsVersion(recorded.text, version));
      expect(old.header.version).toBe(version);
      const result = await replaySession(old, { settle });
      expect(result.divergence, `version ${version}`).toBeNull();
      expect(result.hash).toBe(old.footer.hash);
      expect(result.hash).toBe(projectionHashes(result.core.projections, 'fnv1a64').all);
    }
  });

  it('checks a file with the hash of its own version: version 4 lines under a version 2 header diverge at the first digest', async () => {
    const rows = recorded.text.trimEnd().split('\n');
    rows[0] = rows[0]!.replace('"version":4', '"version":2');
    // Its footer no longer holds together either (its hash combines its projections' in cyrb64): refused as it is read.
    expect(() => parseSessionFile(rows.join('\n'))).toThrow(new RegExp(`^line ${rows.length}: footer: its projections' hashes combine \\(fnv1a64\\) to `));
    // Combined again in version 2's hash, the footer reads, and the digests are checked in version 2's hash too.
    const footer = JSON.parse(rows.at(-1)!) as { hash: string; projections: Record<string, string> };
    rows[rows.length - 1] = JSON.stringify({ ...footer, hash: fnv1a64(Object.values(footer.projections).join(':')) });
    const firstDigest = rows.findIndex((r) => r.startsWith('E '));
    const result = await replaySession(parseSessionFile(rows.join('\n')), { settle });
    expect(result.divergence).toMatchObject({ what: 'events', line: firstDigest + 1 });
  });

  it('keeps no secret anywhere in the file, nor the address of a sign-in that failed before', () => {
    for (const secret of recorded.secrets) expect(recorded.text).not.toContain(secret);
    expect(recorded.text).toContain('plaza-redacted-password');
    expect(recorded.text).toContain('"a":["redacted-email-1@plaza.invalid","plaza-redacted-password"]');
  });

  it('stops at a given input with the state as of then', async () => {
    const file = parseSessionFile(recorded.text);
    const partial = await replaySession(file, { settle, until: 3 });
    expect(partial.inputs).toBe(3);
    expect(partial.divergence).toBeNull();
  });

  it('names the first divergence of an altered recording', async () => {
    const rows = recorded.text.trimEnd().split('\n');
    const target = rows.findIndex((r) => lineInfo(r).kind === 'frame' && r.includes('hello Bob'));
    expect(target).toBeGreaterThan(0);
    rows[target] = rows[target]!.replace('hello Bob', 'hello Bill');
    const inputsBefore = rows.slice(1, target).filter((r) => INPUT_KINDS.has(lineInfo(r).kind ?? '')).length;
    const result = await replaySession(parseSessionFile(rows.join('\n')), { settle });
    expect(result.divergence).toMatchObject({ input: inputsBefore + 1, what: 'events' });
    expect(JSON.stringify(result.divergence!.actual)).toContain('hello Bill');
  });

  it('names an output the core made differently as that output, not as one it never made', async () => {
    // The request is made in the core's own async code, which takes a failing request for a network error:
    // the report used to say "nothing: the core did not make this output", hiding the body it did send.
    const rows = recorded.text.trimEnd().split('\n');
    const target = rows.findIndex((r) => r.startsWith('{"k":"req"') && r.includes('/messages/post') && r.includes('design review at 3?'));
    expect(target).toBeGreaterThan(0);
    rows[target] = rows[target]!.replace('design review at 3?', 'design review at 4?');
    const result = await replaySession(parseSessionFile(rows.join('\n')), { settle });
    expect(result.divergence).toMatchObject({ what: 'output', line: target + 1 });
    expect(JSON.stringify(result.divergence!.expected)).toContain('design review at 4?');
    expect(JSON.stringify(result.divergence!.actual)).toContain('design review at 3?');
  });

  it('names a storage read the core asked differently at start, without an unhandled rejection', async () => {
    // Made by $boot, whose promise nobody awaits: the CLI used to die on the unhandled rejection with a stack trace.
    const rows = recorded.text.trimEnd().split('\n');
    const target = rows.findIndex((r) => r.startsWith('{"k":"op"') && r.includes('"op":"get"'));
    expect(target).toBeGreaterThan(0);
    const key = (JSON.parse(rows[target]!) as { key: string }).key;
    rows[target] = rows[target]!.replace(`"key":"${key}"`, `"key":"${key}-altered"`);
    const result = await replaySession(parseSessionFile(rows.join('\n')), { settle });
    expect(result.divergence).toMatchObject({ what: 'output', line: target + 1, expected: { key: `${key}-altered` }, actual: { key } });
  });

  it('names the line of a hostile stored value the core fails on, without an unhandled rejection', async () => {
    // The stored event log a sign-in loads, not a log of envelopes: the core's fold throws inside $signIn,
    // which used to end `npm run replay` with a TypeError's stack trace (and the debugger with nothing).
    for (const value of [HOSTILE_LOG, 'not a log']) {
      const hostile = withStoredLog(recorded.text, value);
      const result = await replaySession(parseSessionFile(hostile.text), { settle });
      expect(result.divergence, JSON.stringify(value)).toMatchObject({ what: 'error', line: hostile.line, actual: expect.stringMatching(/^TypeError: /) });
    }
  });

  it('names the line of an intent the core throws on, or has no method for', async () => {
    // Both used to be named by the line after the intent's (its first output, or the footer).
    for (const [m, a] of [['$post', [123, null]], ['$nonexistent', []]] as const) {
      const rows = recorded.text.trimEnd().split('\n');
      rows.splice(-1, 0, JSON.stringify({ k: 'intent', m, a, t: JSON.parse(rows[0]!).started }));
      const footer = JSON.parse(rows.at(-1)!);
      rows[rows.length - 1] = JSON.stringify({ ...footer, inputs: footer.inputs + 1 });
      const result = await replaySession(parseSessionFile(rows.join('\n')), { settle });
      expect(result.divergence, m).toMatchObject({ what: 'error', line: rows.length - 1, input: footer.inputs + 1 });
    }
  });

  it('refuses truncated, corrupted, wrong-version and hostile files, naming the line', () => {
    const rows = recorded.text.trimEnd().split('\n');
    expect(refusalOf(rows.slice(0, -3).join('\n'))).toMatch(/^line \d+: the file is truncated/);
    expect(refusalOf([rows[0], '{not json', ...rows.slice(2)].join('\n'))).toBe('line 2: not valid JSON');
    expect(refusalOf([rows[0]!.replace(/"version":\d+/, '"version":99'), ...rows.slice(1)].join('\n'))).toMatch(/^line 1: unsupported version 99/);
    expect(refusalOf([rows[0], '{"k":"intent","t":1,"m":"constructor","a":[]}', ...rows.slice(1)].join('\n'))).toMatch(/^line 2: intent: m: /);
    expect(refusalOf('')).toBe('line 1: the file is empty');
  });
});
