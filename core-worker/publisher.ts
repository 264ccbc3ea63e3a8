/**
 * Turns what the folds changed into view patches for the UI: a snapshot for a
 * new subscriber, then small diffs, coalesced so the UI gets at most one
 * update per animation frame. Views are derived from the projections by the
 * sections (view-sections/), which do not resend records the UI already has.
 */
import { createChangeSet, isEmpty, type ChangeSet } from '../projections/changes';
import type { Projections } from '../projections/fold';
import type { PatchListener } from '../protocol/core-api';
import type { ViewPatch } from '../protocol/views';
import type { FrameScheduler } from './ports';
import { createAlertsSection } from './view-sections/alerts-section';
import { createChannelsSection } from './view-sections/channels-section';
import { createConversationSection } from './view-sections/conversation-section';
import { createFlaggedSection } from './view-sections/flagged-section';
import { createMessageSettingsSection } from './view-sections/message-settings-section';
import { createPeopleSection } from './view-sections/people-section';
import { createSearchSection } from './view-sections/search-section';
import { createFoldersSection } from './view-sections/folders-section';
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
}

export const createTeamsRuntime = (): RuntimeState['teams'] => ({ directory: { loading: false, error: null }, members: new Map() });

export interface Publisher {
  /** The change set folds write into until the next flush. */
  readonly changes: ChangeSet;
  subscribe(listener: PatchListener): void;
  /** Schedules a flush for the next frame. */
  schedule(): void;
  /** Sends pending changes now (tests, and before a reset). */
  flush(): void;
  /** Replaces the projections (another user's log was loaded): every subscriber gets a new snapshot. */
  reset(projections: Projections): void;
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
  ];
}

export function createPublisher(options: { projections: () => Projections; runtime: RuntimeState; scheduleFrame: FrameScheduler }): Publisher {
  const { runtime } = options;
  let changes = createChangeSet();
  let listeners: PatchListener[] = [];
  let cancelFrame: (() => void) | null = null;
  let seq = 0;
  const sections = createSections();
  const stats = { patches: 0, largestDiff: 0 };

  const build = (p: Projections, reset: boolean): ViewPatch => {
    const patch: ViewPatch = { seq: ++seq, reset };
    const input = { p, changes, runtime, reset };
    for (const section of sections) section.build(patch, input);
    return patch;
  };

  const send = (patch: ViewPatch, toListeners: PatchListener[]): void => {
    stats.patches++;
    if (!patch.reset) stats.largestDiff = Math.max(stats.largestDiff, JSON.stringify(patch).length);
    for (const listener of toListeners) listener(patch);
  };

  const flush = (): void => {
    cancelFrame?.();
    cancelFrame = null;
    if (isEmpty(changes) || listeners.length === 0) {
      changes = createChangeSet();
      return;
    }
    const patch = build(options.projections(), false);
    changes = createChangeSet();
    const hasContent = Object.keys(patch).some((k) => k !== 'seq' && k !== 'reset');
    if (hasContent) send(patch, listeners);
  };

  const snapshotAll = (): void => {
    changes = createChangeSet();
    send(build(options.projections(), true), listeners);
  };

  return {
    get changes() {
      return changes;
    },
    subscribe(listener) {
      flush();
      listeners = [listener];
      // One UI at a time: a reloaded page replaces its predecessor's listener.
      snapshotAll();
    },
    schedule() {
      if (cancelFrame || listeners.length === 0) return;
      cancelFrame = options.scheduleFrame(() => {
        cancelFrame = null;
        flush();
      });
    },
    flush,
    reset() {
      cancelFrame?.();
      cancelFrame = null;
      for (const section of sections) section.forget();
      if (listeners.length) snapshotAll();
      else changes = createChangeSet();
    },
    touchMeta(address) {
      changes.conversationMeta.add(address);
    },
    stats,
  };
}
