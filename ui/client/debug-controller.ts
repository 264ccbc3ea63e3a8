/**
 * The debugger screen's state as signals: the loaded session, the position,
 * the state there, the input filter and playback. Components render these and
 * call the methods; the work is in the worker.
 *
 * Scrubbing asks for one state at a time: while the worker computes one, only
 * the latest position asked for waits, so a fast drag never queues up stale
 * positions. Only the projection on show is asked for; a large state's hash
 * follows in a second request once the position holds still.
 */
import { batch, signal, type Signal } from '@preact/signals-react';
import type { DebugApi, DebugProjectionName, EventRateSeries, InputFilter, LoadProgress, SessionSummary, StateAt } from '../../protocol/debug-api';
import { fail } from '../../protocol/result';

export interface DebugController {
  api: DebugApi;
  loading: Signal<boolean>;
  /** How far the load under way has got (asked for every PROGRESS_POLL_MS while loading). */
  progress: Signal<LoadProgress | null>;
  /** Why the last file was refused ("line N: problem"). */
  error: Signal<string | null>;
  /**
   * The loaded session's summary. Its event digests are checked after the load (SessionSummary.checking):
   * it is replaced when that finds a divergence and when it is done, not at each step (`checks` follows those).
   */
  summary: Signal<SessionSummary | null>;
  /** How far the event checks after the load have got (asked for every PROGRESS_POLL_MS); null when done. */
  checks: Signal<{ done: number; total: number } | null>;
  rate: Signal<EventRateSeries | null>;
  position: Signal<number>;
  state: Signal<StateAt | null>;
  projection: Signal<DebugProjectionName>;
  filter: Signal<InputFilter>;
  playing: Signal<boolean>;
  /** How fast Play moves, in inputs per second (one of PLAY_SPEEDS). */
  speed: Signal<number>;
  /** Bumped on each load, so lists refetch. */
  generation: Signal<number>;
  /** Loads a session: its text, or the file itself (read in the worker; protocol/debug-api.ts). */
  load(session: string | Blob): Promise<void>;
  seek(position: number): void;
  step(delta: number): void;
  play(): void;
  pause(): void;
  setSpeed(inputsPerSecond: number): void;
  setFilter(filter: InputFilter): void;
  setProjection(name: DebugProjectionName): void;
  /** Seeks to the first input that touched a channel, message or user (by id); resolves to it, or null when none did. */
  jumpToFirstTouch(id: string): Promise<number | null>;
  dispose(): void;
}

export const RATE_BUCKETS = 200;
/**
 * Play's speeds, inputs per second. One input at a time suits a short session; a heavy user's million inputs
 * would take a day at 10 a second, so Play can go up to 10,000 (it then shows every 1,000th state).
 */
export const PLAY_SPEEDS = [10, 100, 1_000, 10_000] as const;
/** How often a load's progress is asked for: often enough to move, rarely enough to cost the worker nothing. */
export const PROGRESS_POLL_MS = 250;

export function createDebugController(api: DebugApi, options: { playIntervalMs?: number } = {}): DebugController {
  const playIntervalMs = options.playIntervalMs ?? 100;
  let timer: ReturnType<typeof setInterval> | null = null;
  /** A state request is with the worker. */
  let busy = false;
  /** What to ask for when it answers: the latest position (and projection) wanted. */
  let pending: { position: number; projection: DebugProjectionName } | null = null;
  /** Bumped on load, so answers about an earlier file are dropped. */
  let loads = 0;
  /** Bumped when a load starts: only the latest one's outcome is shown. */
  let latestLoad = 0;

  const fetchState = (position: number, projection: DebugProjectionName): void => {
    busy = true;
    const load = loads;
    const answered = (result: Awaited<ReturnType<DebugApi['$stateAt']>> | null): void => {
      busy = false;
      if (load !== loads) return;
      if (result?.ok) c.state.value = result.value;
      const next = pending;
      pending = null;
      if (next) fetchState(next.position, next.projection);
      else if (result?.ok && result.value.hash === null) fetchHash(position, load);
    };
    void api.$stateAt(position, [projection]).then(answered, () => answered(null));
  };

  const fetchHash = (position: number, load: number): void => {
    void api.$hashAt(position).then((result) => {
      const state = c.state.value;
      if (load === loads && result.ok && state?.position === position && state.hash === null) c.state.value = { ...state, hash: result.value };
    });
  };

  /** Answers still on their way are dropped, and nothing waits to be asked: a session was let go. */
  const dropAnswers = (): void => {
    loads++;
    busy = false;
    pending = null;
  };

  let checksPoll: ReturnType<typeof setInterval> | null = null;
  const stopFollowingChecks = (): void => {
    if (checksPoll) clearInterval(checksPoll);
    checksPoll = null;
  };
  /** Follows the loaded session's event checks until they are done, another session is chosen, or the screen goes. */
  const followChecks = (load: number): void => {
    stopFollowingChecks();
    c.checks.value = c.summary.value?.checking ?? null;
    if (!c.checks.value) return;
    const poll = setInterval(() => {
      void api.$summary().then((summary) => {
        if (load !== loads || checksPoll !== poll) return;
        batch(() => {
          c.checks.value = summary?.checking ?? null;
          if (summary && (!summary.checking || summary.divergence?.line !== c.summary.value?.divergence?.line)) c.summary.value = summary;
        });
        if (!summary?.checking) stopFollowingChecks();
      });
    }, PROGRESS_POLL_MS);
    checksPoll = poll;
  };

  const request = (position: number): void => {
    const wanted = { position, projection: c.projection.value };
    if (busy) pending = wanted;
    else fetchState(wanted.position, wanted.projection);
  };

  const c: DebugController = {
    api,
    loading: signal(false),
    progress: signal(null),
    error: signal(null),
    summary: signal(null),
    checks: signal(null),
    rate: signal(null),
    position: signal(0),
    state: signal(null),
    projection: signal('channels'),
    filter: signal({}),
    playing: signal(false),
    speed: signal<number>(PLAY_SPEEDS[0]),
    generation: signal(0),

    async load(session) {
      // The last session chosen is the one shown: a load that another has superseded (the worker abandons
      // its replay) changes nothing on the screen, nor ends the loading the later one is doing.
      const mine = ++latestLoad;
      const latest = (): boolean => mine === latestLoad;
      c.pause();
      // The worker lets the session it had go as it starts reading the new one: nothing of it stays on screen
      // to be scrubbed or filtered while the new one loads, and answers still on their way about it are dropped.
      dropAnswers();
      stopFollowingChecks();
      batch(() => {
        c.loading.value = true;
        c.error.value = null;
        c.summary.value = null;
        c.checks.value = null;
        c.state.value = null;
        c.rate.value = null;
      });
      // The worker answers between the replay's bursts; an answer that comes after the load is dropped.
      let polling = true;
      const poll = setInterval(() => {
        void api.$loadProgress().then((progress) => {
          if (polling && latest()) c.progress.value = progress;
        });
      }, PROGRESS_POLL_MS);
      try {
        // A load that throws (the worker failed on the file) says so, as a refusal does, rather than leave the page as it was before the file was chosen.
        const result = await api.$load(session).catch((error: unknown) => fail({ name: 'LoadFailed', message: `The session could not be loaded: ${error instanceof Error ? error.message : String(error)}` }));
        if (!latest()) return;
        if (!result.ok) {
          batch(() => {
            c.summary.value = null;
            c.state.value = null;
            c.error.value = result.error.message;
          });
          return;
        }
        const rate = await api.$eventRate(RATE_BUCKETS);
        if (!latest()) return;
        dropAnswers(); // any asked for while it loaded were about no session
        batch(() => {
          c.summary.value = result.value;
          c.rate.value = rate;
          c.generation.value++;
        });
        followChecks(loads);
        c.seek(result.value.inputs);
      } finally {
        polling = false;
        clearInterval(poll);
        if (latest()) {
          batch(() => {
            c.loading.value = false;
            c.progress.value = null;
          });
        }
      }
    },

    seek(position) {
      const max = c.summary.value?.inputs ?? 0;
      const target = Math.max(0, Math.min(max, Math.round(position)));
      c.position.value = target;
      request(target);
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
        const end = c.summary.value?.inputs ?? 0;
        if (c.position.value >= end) c.pause();
        else c.seek(Math.min(end, c.position.value + Math.max(1, Math.round((c.speed.value * playIntervalMs) / 1000))));
      }, playIntervalMs);
    },

    setSpeed(inputsPerSecond) {
      if ((PLAY_SPEEDS as readonly number[]).includes(inputsPerSecond)) c.speed.value = inputsPerSecond;
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
      if (c.summary.value) request(c.position.value); // the state carries the text of the projection on show only
    },

    async jumpToFirstTouch(id) {
      const input = await api.$firstTouch(id);
      if (input !== null) c.seek(input);
      return input;
    },

    dispose() {
      c.pause();
      stopFollowingChecks();
    },
  };
  return c;
}
