/**
 * What every feature of the core shares: the injected ports, the API client,
 * the socket, the log (through `dispatch`) and the current projections. The
 * core (core.ts) owns this state; features (core-worker/features/) read it and
 * act through it, so each feature is one file that reads like the behaviour it
 * implements.
 */
import type { Projections } from '../projections/fold';
import type { CoreApi } from '../protocol/core-api';
import type { DomainEvent, EventSource, ToastSpec } from '../protocol/events';
import type { DownCode, DownFrame } from '../protocol/frames/down';
import type { ApiClient, Credentials } from './api-client';
import type { CoreDeps } from './ports';
import type { Publisher, RuntimeState } from './publisher';
import type { RejectionLog } from './rejection-log';
import type { SocketConnection } from './socket-connection';

export interface CoreContext {
  readonly deps: CoreDeps;
  readonly api: ApiClient;
  readonly socket: SocketConnection;
  readonly publisher: Publisher;
  readonly runtime: RuntimeState;
  readonly rejections: RejectionLog;
  /** The signed-in user's projections (replaced when another user's log is opened). */
  readonly projections: Projections;
  /** Credentials of the session, or null when signed out. */
  readonly credentials: Credentials | null;
  /** Bumped whenever the session or log changes: work started under an older epoch drops its result. */
  readonly epoch: number;
  /** Whether the page is visible and focused (unread messages are only marked viewed while seen). */
  readonly attentive: boolean;
  /** Resolves once the core has booted (credentials and log loaded). */
  ready(): Promise<void>;
  /** Appends events to the log, folds them and schedules a view patch. */
  dispatch(source: EventSource, events: readonly DomainEvent[]): void;
  /** Shows a toast (spec 1 §8 texts): appended as a `toast.shown` event with a fresh id. */
  showToast(toast: Omit<ToastSpec, 'id'>): void;
}

/** A feature's handlers of socket frames, by the frame codes it reacts to. */
export type FrameHandlers = { [C in DownCode]?: (frame: Extract<DownFrame, { code: C }>) => void };

/**
 * The moments a feature of the core may react to. Hooks are called in the
 * order the features are listed in core.ts.
 */
export interface FeatureHooks {
  /**
   * Valid frames that arrived while signed in, after their events were folded: the codes this feature reacts
   * to (a heavy user's socket brings thousands a second; each goes only to the features that name its code).
   */
  frames?: FrameHandlers;
  /** Every such frame, whatever its code (the sync feature watches the frame numbers). */
  onAnyFrame?(frame: DownFrame): void;
  /** The socket (re)connected. */
  onSocketOpen?(): void;
  /** Events were folded (any source): e.g. to re-arm a timer the projections imply, or to act on an event. */
  afterDispatch?(events: readonly DomainEvent[]): void;
  /**
   * The event types `afterDispatch` acts on, for a hook that acts on nothing else (not on the state, not on the
   * dispatch itself): a dispatch of one event of another type — a socket frame's, thousands a second — does not
   * call it. Without it, every dispatch calls the hook.
   */
  afterDispatchOf?: ReadonlySet<DomainEvent['type']>;
  /** Another user's log was loaded and every projection rebuilt. */
  onLogOpened?(): void;
  /** The session ended; drop per-session state. */
  onSessionEnded?(): void;
  /** The core stops: clear timers. */
  stop?(): void;
}

/** A feature that implements the API methods `M` (a slice of protocol/core-api.ts). */
export interface Feature<M extends keyof CoreApi> extends FeatureHooks {
  readonly api: Pick<CoreApi, M>;
}
