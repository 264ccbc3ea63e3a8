import { describe, expect, it } from 'vitest';
import { createCore } from '../../core-worker/core';
import { createSessionRecording } from '../../core-worker/session-recording';
import { createMemoryStorage } from '../../core-worker/storage-memory';
import { replaySession } from '../../core-worker/replayer';
import { parseSessionFile } from '../../protocol/session-file';
import { ManualClock } from './harness';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function deps(clock: ManualClock) {
  return {
    clock,
    random: { uuid: () => 'u' },
    http: async () => ({ status: 401, body: { isOk: false, message: 'The email or password is incorrect.' } }),
    openSocket: () => {
      throw new Error('no socket');
    },
    storage: createMemoryStorage(),
    logger: { warn: () => {}, info: () => {} },
    baseUrl: 'http://x',
    scheduleFrame: () => () => {},
  };
}

describe('the live recording', () => {
  it('exports a replayable file whose header names the app', async () => {
    const clock = new ManualClock();
    const recording = createSessionRecording(deps(clock), { app: 'plaza-web test', settle: (fn) => setImmediate(fn) });
    const api = recording.attach(createCore(recording.deps));
    expect((await api.$signIn('bob@acme.test', 'wrong')).ok).toBe(false);
    for (let i = 0; i < 5; i++) await settle();
    const exported = await api.$exportSession();
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    expect(exported.value.fileName).toMatch(/^plaza-session-.*\.jsonl$/);
    const file = parseSessionFile((await exported.value.file.text()));
    expect(file.header.app).toBe('plaza-web test');
    expect((await exported.value.file.text())).not.toContain('"wrong"');
    expect((await replaySession(file, { settle })).divergence).toBeNull();
  });

  it('stops at its bound on a whole input and stays replayable up to there, wherever the bound falls', async () => {
    for (let maxChars = 400; maxChars <= 3_000; maxChars += 113) {
      const clock = new ManualClock();
      const recording = createSessionRecording(deps(clock), { app: 'plaza-web test', settle: (fn) => setImmediate(fn), maxChars });
      const api = recording.attach(createCore(recording.deps));
      for (let i = 0; i < 20; i++) {
        await api.$signIn('bob@acme.test', 'wrong');
        await settle();
      }
      const exported = await api.$exportSession();
      if (!exported.ok) throw new Error('export failed');
      const file = parseSessionFile((await exported.value.file.text()));
      expect(file.footer.inputs, `bound ${maxChars}`).toBeLessThan(40);
      const replay = await replaySession(file, { settle });
      expect(replay.divergence, `bound ${maxChars}`).toBeNull();
      expect(replay.hash, `bound ${maxChars}`).toBe(file.footer.hash);
    }
  });
});
