/**
 * The debugger screen's state as signals: the loaded session, the position,
 * the state there (latest request wins), the input filter and playback.
 * Components render these and call the methods; the work is in the worker.
 */
import { batch, signal, type Signal } from '@preact/signals-react';
import type { DebugApi, DebugProjectionName, EventRateSeries, InputFilter, SessionSummary, StateAt } from '../../protocol/debug-api';

export interface DebugController {
  api: DebugApi;
  loading: Signal<boolean>;
  /** Why the last file was refused ("line N: problem"). */
  error: Signal<string | null>;
  summary: Signal<SessionSummary | null>;
  rate: Signal<EventRateSeries | null>;
  position: Signal<number>;
  state: Signal<StateAt | null>;
  projection: Signal<DebugProjectionName>;
  filter: Signal<InputFilter>;
  playing: Signal<boolean>;
  /** Bumped on each load, so lists refetch. */
  generation: Signal<number>;
  load(text: string): Promise<void>;
  seek(position: number): void;
  step(delta: number): void;
  play(): void;
  pause(): void;
  setFilter(filter: InputFilter): void;
  setProjection(name: DebugProjectionName): void;
  jumpToFirstTouch(channel: string): Promise<void>;
  dispose(): void;
}

export const RATE_BUCKETS = 200;

export function createDebugController(api: DebugApi, options: { playIntervalMs?: number } = {}): DebugController {
  const playIntervalMs = options.playIntervalMs ?? 100;
  let request = 0;
  let timer: ReturnType<typeof setInterval> | null = null;

  const c: DebugController = {
    api,
    loading: signal(false),
    error: signal(null),
    summary: signal(null),
    rate: signal(null),
    position: signal(0),
    state: signal(null),
    projection: signal('channels'),
    filter: signal({}),
    playing: signal(false),
    generation: signal(0),

    async load(text) {
      c.pause();
      batch(() => {
        c.loading.value = true;
        c.error.value = null;
      });
      try {
        const result = await api.$load(text);
        if (!result.ok) {
          batch(() => {
            c.summary.value = null;
            c.state.value = null;
            c.error.value = result.error.message;
          });
          return;
        }
        const rate = await api.$eventRate(RATE_BUCKETS);
        batch(() => {
          c.summary.value = result.value;
          c.rate.value = rate;
          c.generation.value++;
        });
        c.seek(result.value.inputs);
      } finally {
        c.loading.value = false;
      }
    },

    seek(position) {
      const max = c.summary.value?.inputs ?? 0;
      const target = Math.max(0, Math.min(max, Math.round(position)));
      c.position.value = target;
      const mine = ++request;
      void api.$stateAt(target).then((result) => {
        if (mine !== request) return; // a later seek superseded this one
        if (result.ok) c.state.value = result.value;
      });
    },

    step(delta) {
      c.seek(c.position.value + delta);
    },

    play() {
      const max = c.summary.value?.inputs ?? 0;
      if (c.playing.value || max === 0) return;
      if (c.position.value >= max) c.seek(0);
      c.playing.value = true;
      timer = setInterval(() => {
        if (c.position.value >= (c.summary.value?.inputs ?? 0)) c.pause();
        else c.step(1);
      }, playIntervalMs);
    },

    pause() {
      if (timer) clearInterval(timer);
      timer = null;
      c.playing.value = false;
    },

    setFilter(filter) {
      c.filter.value = filter;
    },

    setProjection(name) {
      c.projection.value = name;
    },

    async jumpToFirstTouch(channel) {
      const input = await api.$firstTouch({ channel });
      if (input !== null) c.seek(input);
    },

    dispose() {
      c.pause();
    },
  };
  return c;
}
