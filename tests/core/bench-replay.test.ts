/**
 * The replay benchmark's own file handling (bench/replay.ts): it times reading a session written as version 1,
 * so that copy must be a file a reader accepts. It was not after footers began to be checked against their
 * projections' hashes, and `npm run bench`'s replay part failed until it was made again with version 1's hash.
 */
import { describe, expect, it } from 'vitest';
import { asVersion1, recordSyntheticSession } from '../../bench/replay';
import { parseSessionFile } from '../../protocol/session-file';

describe('the replay benchmark', () => {
  it('writes a session as version 1 that a reader accepts, with the same lines', async () => {
    const text = await recordSyntheticSession(2_000, 'heavy-user', { timers: true });
    const original = parseSessionFile(text);
    const v1 = parseSessionFile(asVersion1(text));
    expect(v1.header.version).toBe(1);
    expect(v1.count).toBe(original.count);
    expect(v1.lines).toEqual(original.lines);
    expect(v1.footer.projections).toEqual(original.footer.projections);
  });
});
