/** Scrubbing: one state request at a time, then only the latest position; a large state's hash follows. */
import { describe, expect, it, vi } from 'vitest';
import type { DebugApi, StateAt } from '../../protocol/debug-api';
import { ok } from '../../protocol/result';
import { FakeDebugApi } from '../testing/fake-debug';
import { createDebugController } from './debug-controller';

/** A debug API whose $stateAt answers only when told to. */
class SlowDebugApi extends FakeDebugApi {
  readonly asked: { position: number; projections: string[] | undefined }[] = [];
  readonly hashAsked: number[] = [];
  private waiting: (() => void)[] = [];
  hashless = false;

  override async $stateAt(position: number, projections?: Parameters<DebugApi['$stateAt']>[1]) {
    this.asked.push({ position, projections });
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    const state = (await super.$stateAt(position)) as { ok: true; value: StateAt };
    return ok({ ...state.value, hash: this.hashless ? null : state.value.hash });
  }
  override async $hashAt(position: number) {
    this.hashAsked.push(position);
    return super.$hashAt(position);
  }
  answer(): void {
    this.waiting.shift()?.();
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

/** A debug API whose loads answer only when told to, each with the summary of the file it was given. */
class HeldLoadsApi extends FakeDebugApi {
  private held: { session: string; resolve: () => void }[] = [];
  override async $load(session: string | Blob) {
    const name = String(session);
    await new Promise<void>((resolve) => this.held.push({ session: name, resolve }));
    const result = await super.$load('session');
    return result.ok ? ok({ ...result.value, header: { ...result.value.header, app: name } }) : result;
  }
  answer(session: string): void {
    this.held.find((h) => h.session === session)?.resolve();
  }
}

describe('debug controller', () => {
  it('shows the last session chosen, however the loads finish; loading lasts until it is loaded', async () => {
    const api = new HeldLoadsApi();
    const debug = createDebugController(api);
    const first = debug.load('first');
    const second = debug.load('second');
    await flush();
    api.answer('second');
    await second;
    expect(debug.summary.value?.header.app).toBe('second');
    expect(debug.loading.value).toBe(false);
    api.answer('first'); // finishing later, it changes nothing
    await first;
    expect(debug.summary.value?.header.app).toBe('second');

    const third = debug.load('third');
    const fourth = debug.load('fourth');
    await flush();
    expect(debug.summary.value).toBeNull(); // the session before is let go while another loads
    api.answer('third'); // an earlier load finishing first neither shows nor ends the loading
    await third;
    expect(debug.summary.value).toBeNull();
    expect(debug.loading.value).toBe(true);
    api.answer('fourth');
    await fourth;
    expect(debug.summary.value?.header.app).toBe('fourth');
    expect(debug.loading.value).toBe(false);
    debug.dispose();
  });

  it('plays at the chosen speed: inputs per second, in steps per tick, stopping at the end', async () => {
    const debug = createDebugController(new FakeDebugApi(), { playIntervalMs: 10 });
    await debug.load('session');
    debug.seek(0);
    debug.setSpeed(1_000); // 10 inputs per 10 ms tick
    debug.setSpeed(7); // not a speed Play offers: ignored
    expect(debug.speed.value).toBe(1_000);
    const seen: number[] = [];
    const off = debug.position.subscribe((p) => seen.push(p));
    debug.play();
    await vi.waitFor(() => expect(debug.playing.value).toBe(false), { timeout: 5_000 });
    off();
    expect(seen.slice(0, 4)).toEqual([0, 10, 20, 30]);
    expect(debug.position.value).toBe(30);
    expect(debug.playing.value).toBe(false);
  });

  it('asks for one state at a time, then for the latest position only', async () => {
    const api = new SlowDebugApi();
    const debug = createDebugController(api);
    await debug.load('session');
    expect(api.asked.map((a) => a.position)).toEqual([30]);
    for (const p of [29, 20, 10, 5]) debug.seek(p);
    expect(debug.position.value).toBe(5);
    expect(api.asked).toHaveLength(1);
    api.answer();
    await flush();
    expect(api.asked.map((a) => a.position)).toEqual([30, 5]);
    api.answer();
    await flush();
    expect(debug.state.value?.position).toBe(5);
    expect(api.asked).toHaveLength(2);
  });

  it('asks for the projection on show only, and again when another is chosen', async () => {
    const api = new SlowDebugApi();
    const debug = createDebugController(api);
    await debug.load('session');
    api.answer();
    await flush();
    debug.setProjection('messages');
    api.answer();
    await flush();
    expect(api.asked.map((a) => a.projections)).toEqual([['channels'], ['messages']]);
  });

  it('asks for the hash of a large state once the position holds still', async () => {
    const api = new SlowDebugApi();
    api.hashless = true;
    const debug = createDebugController(api);
    await debug.load('session');
    debug.seek(3);
    api.answer(); // 30, superseded by 3: no hash for it
    await flush();
    expect(api.hashAsked).toEqual([]);
    api.answer();
    await flush();
    expect(api.hashAsked).toEqual([3]);
    expect(debug.state.value).toMatchObject({ position: 3, hash: 'hash-3' });
  });
});
