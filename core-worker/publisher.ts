/**
 * Turns what the folds changed into view patches for the UI: a snapshot for a
 * new subscriber, then small diffs, coalesced so the UI gets at most one
 * update per animation frame — and none while it has not applied the last one
 * (see `schedule`). Views are derived from the projections by the sections
 * (view-sections/), which do not resend records the UI already has.
 */
import { createChangeSet, createDiscardingChangeSet, isEmpty, type ChangeSet } from '../projections/changes';
import type { Projections } from '../projections/fold';
import type { PatchListener } from '../protocol/core-api';
import type { ViewPatch } from '../protocol/views';
import { KEEPS_UP_MS } from './frame-scheduler';
import type { FrameScheduler } from './ports';
import { createAlertsSection } from './view-sections/alerts-section';
import { createChannelsSection } from './view-sections/channels-section';
import { createConversationSection } from './view-sections/conversation-section';
import { createFlaggedSection } from './view-sections/flagged-section';
import { createMessageSettingsSection } from './view-sections/message-settings-section';
import { createNotifySection } from './view-sections/notify-section';
import { createPeopleSection } from './view-sections/people-section';
import { createSearchSection } from './view-sections/search-section';
import { createFoldersSection } from './view-sections/folders-section';
import { createPreferencesSection } from './view-sections/preferences-section';
import type { ViewSection } from './view-sections/section';
import { createSessionSection } from './view-sections/session-section';
import { createTeamsSection } from './view-sections/teams-section';
import { createThreadSection } from './view-sections/thread-section';
import { createTypingSection } from './view-sections/typing-section';
import { createUsersSection } from './view-sections/users-section';

/** A load in flight or failed (not a domain fact: it stays out of the log). */
export interface LoadState {
  loading: boolean;
  error: string | null;
}

/** Core state that is not in the log: whether boot finished, and in-flight or failed loads. */
export interface RuntimeState {
  booted: boolean;
  signedIn: boolean;
  loadingHistory: Set<string>;
  historyError: Map<string, string>;
  /** The "Browse teams" directory and the members panels, by channel address. */
  teams: { directory: LoadState; members: Map<string, LoadState> };
  /** The open thread's load (features/threads.ts). */
  thread: { loading: boolean; error: string | null };
  /** The flagged-messages list's load (features/flags.ts). */
  flagged: { loading: boolean; error: string | null };
  /**
   * Signed in to a log that holds no channel list yet (a first sign-in on this device), until the first one
   * arrives (features/sync.ts): the sidebar is empty because it is loading, not because there are no
   * conversations (ViewPatch.channelsPending).
   */
  channelListDue: boolean;
}

export const createTeamsRuntime = (): RuntimeState['teams'] => ({ directory: { loading: false, error: null }, members: new Map() });

/** Runtime state before anything loaded: not booted, not signed in unless said otherwise. */
export const createRuntimeState = (from: Partial<Pick<RuntimeState, 'booted' | 'signedIn'>> = {}): RuntimeState => ({
  booted: from.booted ?? false,
  signedIn: from.signedIn ?? false,
  loadingHistory: new Set(),
  historyError: new Map(),
  teams: createTeamsRuntime(),
  thread: { loading: false, error: null },
  flagged: { loading: false, error: null },
  channelListDue: false,
});

export interface Publisher {
  /** The change set folds write into until the next flush. */
  readonly changes: ChangeSet;
  subscribe(listener: PatchListener): void;
  /**
   * Schedules a flush for the next frame — or, while the UI has not yet applied the last patch sent, for
   * the moment it has: changes made meanwhile go out together then (flow control, see PatchListener).
   */
  schedule(): void;
  /**
   * Flushes as soon as the current task is done (a microtask), not at the next frame: for what the
   * user just did (opening a conversation, marking read), where waiting for a frame is felt. Bursts
   * from the socket still coalesce per frame through `schedule`.
   */
  flushSoon(): void;
  /** Sends pending changes now (tests, and before a reset). */
  flush(): void;
  /** Replaces the projections (another user's log was loaded): every subscriber gets a new snapshot at the next frame. */
  reset(projections: Projections): void;
  /**
   * Shows the cached sidebar (view-cache.ts: its JSON text) as a snapshot until the next reset: the UI paints
   * the conversation list while the log is still being read. A subscriber arriving meanwhile gets it too.
   */
  provisional(cachedViews: string): void;
  /** Sees every patch sent (the view cache keeps the sidebar it shows). */
  observe(observer: PatchListener): void;
  /** Marks the open conversation's metadata as changed (runtime loading/error state). */
  touchMeta(address: string): void;
  /** Largest patch sent after a snapshot, in JSON characters (benchmarks and tests). */
  readonly stats: { patches: number; largestDiff: number };
}

/** The parts of a patch, in the order they are built. */
function createSections(): ViewSection[] {
  return [
    createSessionSection(),
    createChannelsSection(),
    createUsersSection(),
    createConversationSection(),
    createTypingSection(),
    createAlertsSection(),
    createThreadSection(),
    createFlaggedSection(),
    createMessageSettingsSection(),
    createPeopleSection(),
    createSearchSection(),
    createFoldersSection(),
    createTeamsSection(),
    createNotifySection(),
    createPreferencesSection(),
  ];
}

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

export function createPublisher(options: { projections: () => Projections; runtime: RuntimeState; scheduleFrame: FrameScheduler; wallClock?: () => number }): Publisher {
  const { runtime } = options;
  let changes = createChangeSet();
  const discarded = createDiscardingChangeSet();
  let listeners: PatchListener[] = [];
  let cancelFrame: (() => void) | null = null;
  let seq = 0;
  const sections = createSections();
  const stats = { patches: 0, largestDiff: 0 };
  /** Wall time of the first change since the last patch (for the patch's `perf`). */
  let firstChangeAt: number | null = null;
  let provisional: string | null = null;
  /** A reset is due: the next flush sends a snapshot instead of a diff. */
  let snapshotDue = false;
  let soon = false;
  const observers: PatchListener[] = [];
  /**
   * Flow control. Patches the listener has not yet acknowledged (its call's promise has not settled), and
   * whether a frame's flush was held back for them. A page busier than the socket — a slow machine, a
   * burst — otherwise received a patch every frame and queued them, each applied and rendered on its own:
   * the screen fell seconds behind (measured on a page slowed 4×: patches waited 2.2 s, p50, to be
   * applied). Held, the changes accumulate here and reach the page as one patch as soon as it is free.
   * What goes out at once (`flushSoon`: what the user just did, the open conversation's messages) and
   * snapshots are not held: an answer to an intent must never overtake the patch that shows its effect.
   * `generation` ignores the acknowledgements of a replaced listener.
   */
  let unacknowledged = 0;
  let held = false;
  /** How long the page took to answer the last patch it answered (its sending to the answer), if known. */
  let lastAnswerMs: number | null = null;
  let generation = 0;

  const build = (p: Projections, reset: boolean): ViewPatch => {
    const patch: ViewPatch = { seq: ++seq, reset };
    const input = { p, changes, runtime, reset };
    for (const section of sections) section.build(patch, input);
    return patch;
  };

  const send = (patch: ViewPatch, toListeners: PatchListener[]): void => {
    stats.patches++;
    // Snapshots are not measured: they are as big as the state, and stringifying one costs as much as building it.
    const bytes = patch.reset ? 0 : JSON.stringify(patch).length;
    if (!patch.reset) stats.largestDiff = Math.max(stats.largestDiff, bytes);
    if (options.wallClock) {
      const sentAt = options.wallClock();
      patch.perf = { sentAt, since: firstChangeAt ?? sentAt, bytes };
    }
    firstChangeAt = null;
    for (const listener of toListeners) awaitAcknowledgement(listener(patch));
    for (const observer of observers) observer(patch);
  };

  /** Counts a patch in flight until the listener's answer settles (a listener in the same thread answers nothing). */
  const awaitAcknowledgement = (answer: unknown): void => {
    if (!isThenable(answer)) return;
    unacknowledged++;
    const sentIn = generation;
    const sentAt = options.wallClock?.();
    const settled = (): void => {
      if (sentIn !== generation) return;
      if (sentAt !== undefined) lastAnswerMs = options.wallClock!() - sentAt;
      unacknowledged--;
      if (unacknowledged === 0 && held) {
        held = false;
        flush();
      }
    };
    // A listener that threw has still finished with the patch: the next one goes out all the same.
    answer.then(settled, settled);
  };

  const sendProvisional = (cachedViews: string): void => {
    send({ seq: ++seq, reset: true, cachedViews, connection: { socket: 'connecting', resyncing: false, unsent: 0 } }, listeners);
  };

  const hasBacklog = (): boolean => sections.some((s) => s.hasBacklog?.() ?? false);

  const flush = (): void => {
    cancelFrame?.();
    cancelFrame = null;
    if (snapshotDue && listeners.length > 0) {
      snapshotDue = false;
      snapshotAll();
      return;
    }
    if ((isEmpty(changes) && !hasBacklog()) || listeners.length === 0) {
      changes = createChangeSet();
      firstChangeAt = null;
      return;
    }
    const patch = build(options.projections(), false);
    changes = createChangeSet();
    const hasContent = Object.keys(patch).some((k) => k !== 'seq' && k !== 'reset');
    if (hasContent) send(patch, listeners);
    else firstChangeAt = null;
    if (hasBacklog()) schedule(); // the rest of a large change goes out over the next frames
  };

  function schedule(): void {
    if (firstChangeAt === null && options.wallClock) firstChangeAt = options.wallClock();
    // Held: the acknowledgement flushes everything pending.
    if (cancelFrame || held || listeners.length === 0) return;
    cancelFrame = options.scheduleFrame(
      () => {
        cancelFrame = null;
        if (unacknowledged > 0) held = true;
        else flush();
      },
      { intoFrame: lastAnswerMs !== null && lastAnswerMs <= KEEPS_UP_MS },
    );
  }

  const snapshotAll = (): void => {
    snapshotDue = false;
    changes = createChangeSet();
    send(build(options.projections(), true), listeners);
  };

  return {
    /** Where folds note what they changed: a set that keeps nothing while no UI listens (subscribing sends a snapshot). */
    get changes() {
      return listeners.length > 0 ? changes : discarded;
    },
    subscribe(listener) {
      flush();
      generation++;
      unacknowledged = 0;
      held = false;
      lastAnswerMs = null;
      listeners = [listener];
      // One UI at a time: a reloaded page replaces its predecessor's listener.
      if (provisional) sendProvisional(provisional);
      else if (!options.runtime.booted) {
        // Nothing is known yet (the boot's first reads are under way): a page starts as 'starting' by itself,
        // and a snapshot of nothing would replace the stored sidebar the worker's entry may already have shown
        // it (early-views.ts), only for the provisional snapshot to bring it back a moment later — on a heavy
        // user's cold start, two renders of the whole app, and the sidebar gone for as long. The stored
        // sidebar (provisional) or the first flush after the boot (snapshotDue) is the page's first patch.
        snapshotDue = true;
      } else snapshotAll();
    },
    schedule,
    flushSoon() {
      if (listeners.length === 0 || soon) return;
      soon = true;
      void Promise.resolve().then(() => {
        soon = false;
        flush();
      });
    },
    flush,
    reset() {
      cancelFrame?.();
      cancelFrame = null;
      provisional = null;
      for (const section of sections) section.forget();
      changes = createChangeSet();
      // At the next frame, not now: whoever called (boot, sign-in) finishes its synchronous work first,
      // so the snapshot shows the session as it ends up, not a moment of 'starting' in between.
      snapshotDue = true;
      schedule();
    },
    provisional(cachedViews) {
      provisional = cachedViews;
      if (listeners.length) sendProvisional(cachedViews);
    },
    observe(observer) {
      observers.push(observer);
    },
    touchMeta(address) {
      changes.conversationMeta.add(address);
    },
    stats,
  };
}
