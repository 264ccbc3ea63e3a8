/**
 * The whole boundary between the UI (main thread) and the core (Web Worker),
 * in one place, in the style of VS Code's extHost protocol: remote methods are
 * prefixed `$`, arguments and results are plain data, and failures come back
 * as `Result` values, never as thrown class instances.
 */
import type { RecordingSettings } from './recording-settings';
import type { Result } from './result';
import type { ViewPatch } from './views';

export type PatchListener = (patch: ViewPatch) => void;

/** How a message is posted: as a reply in a thread, and/or urgent (spec 1 §3). */
export interface PostOptions {
  /** The guid of the thread's first message. */
  reply_to?: string;
  is_urgent?: boolean;
}

/** One stored session recording, as `$listRecordings` lists it. */
export interface RecordingSummary {
  id: string;
  /** Epoch ms of the session's start. */
  started: number;
  /** The signed-in user's guid as last recorded, or null. */
  user: string | null;
  inputs: number;
  lines: number;
  /** Stored size in bytes (the text as UTF-16, what the size setting counts). */
  bytes: number;
  /** This worker's own session. */
  current: boolean;
  /** The recording stopped (its size bound was met, or recording was turned off) and its footer is fixed. */
  stopped: boolean;
}

export type { RecordingSettings };

export interface CoreApi {
  /** Starts the stream of view patches: a full snapshot first, then coalesced diffs, at most one per frame. */
  $subscribe(listener: PatchListener): Promise<void>;
  /** Signs in with email and password. A failure names the field to blame when there is one. */
  $signIn(email: string, password: string): Promise<Result<null>>;
  /** Ends the session and forgets its credentials. The local log is kept for the next sign-in of the same user. */
  $signOut(): Promise<void>;
  /** Brings a conversation into view (null: none): loads its newest page and marks it viewed. */
  $openConversation(address: string | null): Promise<void>;
  /** Fetches the next older page of the open conversation. */
  $loadOlder(address: string): Promise<Result<null>>;
  /** Posts text typed in the composer; the worker turns it into message parts. */
  $post(address: string, text: string, options?: PostOptions): Promise<Result<{ guid: string }>>;
  /** Deletes one of the user's messages. */
  $deleteMessage(address: string, guid: string): Promise<Result<null>>;
  /** Tells others the user is typing (throttled in the worker). */
  $typing(address: string): Promise<void>;
  /** Opens (or creates) the direct message with a company user. */
  $startDirectMessage(targetUserGuid: string): Promise<Result<{ address: string }>>;
  /** The page became visible and focused (true) or not: unread messages are only marked viewed while seen. */
  $setAttention(attentive: boolean): Promise<void>;
  /** Dismisses alerts: the server's first (spec 1 §4: a server call, then the local mark), the client's own at once. */
  $dismissAlerts(guids: string[]): Promise<Result<null>>;
  /** Approves or denies the join request an alert (type 1) asks about (teams/process). */
  $processJoinRequest(alertGuid: string, approve: boolean): Promise<Result<null>>;
  /** Closes a toast before it expires. */
  $closeToast(id: string): Promise<void>;
  /**
   * A recording as a session file (docs/session-format.md), secrets already redacted: this
   * session's, or the stored one with id `id` (e.g. the session before a reload).
   */
  $exportSession(id?: string): Promise<Result<{ fileName: string; text: string }>>;
  /** The stored recordings, newest first. */
  $listRecordings(): Promise<Result<RecordingSummary[]>>;
  $getRecordingSettings(): Promise<Result<RecordingSettings>>;
  /** Validates (protocol/recording-settings.ts) and stores the settings; a failure names the field. */
  $setRecordingSettings(settings: RecordingSettings): Promise<Result<RecordingSettings>>;
}
