/**
 * The whole boundary between the UI (main thread) and the core (Web Worker),
 * in one place, in the style of VS Code's extHost protocol: remote methods are
 * prefixed `$`, arguments and results are plain data, and failures come back
 * as `Result` values, never as thrown class instances.
 */
import type { StatusColor, StatusIcon } from './custom-status';
import type { RecordingSettings } from './recording-settings';
import type { NotificationSettings } from './rules/notifications';
import type { ChannelSearchQuery, GlobalSearchQuery } from './rules/search-query';
import type { Result } from './result';
import type { UnsealedNote } from './session-file';
import type { SidebarSort, SidebarTab } from './events';
import type { QuickSwitchItem, ViewPatch } from './views';

/**
 * Receives the core's view patches. A listener across a thread boundary returns a promise that settles
 * once the patch has been applied (Comlink's answer to the call): until then the core sends it no further
 * frame-coalesced patch, but folds on and sends everything that changed meanwhile as one patch when it
 * settles — a page slower than the socket gets fewer, larger patches instead of a growing queue.
 */
export type PatchListener = (patch: ViewPatch) => unknown;

/** How a message is posted: as a reply in a thread, and/or urgent (spec 1 §3). */
export interface PostOptions {
  /** The guid of the thread's first message. */
  reply_to?: string;
  is_urgent?: boolean;
}

/**
 * How long to mute (spec 3 §4.2). 'today' carries when today ends in the
 * user's zone (the UI knows the zone; the worker must not depend on it).
 */
export type MuteChoice = { kind: 'hour' } | { kind: 'today'; until: number } | { kind: 'always' } | { kind: 'off' };

/** What the UI must do after an alert's action ran: open a conversation, or reload the page. */
export interface AlertActionOutcome {
  navigate: string | null;
  reload: boolean;
}

/** One stored session recording, as `$listRecordings` lists it. */
export interface RecordingSummary {
  id: string;
  /** Epoch ms of the session's start. */
  started: number;
  /** Whose session it is: the first user signed in during it (only the signed-in user's own are listed). */
  user: string | null;
  inputs: number;
  lines: number;
  /** Stored size in bytes (the text as UTF-16, what the size setting counts). */
  bytes: number;
  /** This worker's own session. */
  current: boolean;
  /** The recording stopped (its size bound was met, or recording was turned off) and its footer is fixed. */
  stopped: boolean;
  /** The build that recorded it (its header's `app`): a previous session may have been recorded by an earlier one. */
  app: string;
}

export type { RecordingSettings };

/** A session file made for download ($exportSession). */
export interface ExportedSession {
  fileName: string;
  file: Blob;
  /**
   * Set when the file is unsealed: a stored recording without a footer whose replay on this build did not
   * reach its end as recorded, so the file has its whole inputs as recorded and no final hash
   * (docs/session-format.md, "Unsealed files"). `recordedBy` is the build that recorded it (its header's `app`).
   */
  unsealed?: UnsealedNote & { recordedBy: string };
}

/** A team or department to create (spec 1 §5 defaults apply to what is left out; see creationFlags). */
export interface NewTeam {
  name: string;
  is_hr?: boolean;
  description?: string;
  is_private?: boolean;
  read_only?: boolean;
  is_open?: boolean;
}

/** Options of adding people or inviting them by email. */
export interface MemberOptions {
  /** Make them team admins (member_type 2). */
  asAdmins?: boolean;
  /** The user confirmed that people of another company may join (the server refuses them otherwise). */
  externalConfirmed?: boolean;
}

/** What the UI saw of the user (spec 3 §4.1): activity (debounced 1 s in the UI), or the pointer entering or leaving the window. */
export type ActivityKind = 'activity' | 'pointer-enter' | 'pointer-leave';

/** A custom status as the user edits it. */
export interface StatusInput {
  icon: StatusIcon;
  text: string;
  color: StatusColor;
}

/** Options of a new connect link; the defaults are 7 days and 10 uses (spec 2 §9). */
export interface ConnectLinkOptions {
  ttl_seconds?: number;
  max_clicks?: number;
  team_guid?: string | null;
}

export interface CoreApi {
  /** Starts the stream of view patches: a full snapshot first, then coalesced diffs, at most one per frame. */
  $subscribe(listener: PatchListener): Promise<void>;
  /** Signs in with email and password. A failure names the field to blame when there is one. */
  $signIn(email: string, password: string): Promise<Result<null>>;
  /**
   * Ends the session and forgets its credentials. The local log is kept for the next sign-in of the same user.
   * Resolves once the end is complete — the server's sign-out answered (or failed), the log and outbox stored, the
   * recording's lines written — so the page may go then; after a session the server ended (OUT, 403) it waits for
   * that end's storing.
   */
  $signOut(): Promise<void>;
  /** Brings a conversation into view (null: none): loads its newest page and marks it viewed. */
  $openConversation(address: string | null): Promise<void>;
  /** Fetches the next older page of the open conversation. */
  $loadOlder(address: string): Promise<Result<null>>;
  /**
   * Posts text typed in the composer; the worker turns it into message parts. Resolves once the
   * post is stored in the outbox (it shows at once as sending); the outbox delivers it exactly once,
   * retrying while offline. A refusal found before queueing (empty, not allowed here) fails at once.
   */
  $post(address: string, text: string, options?: PostOptions): Promise<Result<{ client_guid: string }>>;
  /**
   * Deletes a message (the user's own; channel and company admins also others'), a reply included,
   * through the outbox: the message shows as deleting until the server confirms.
   */
  $deleteMessage(address: string, guid: string): Promise<Result<null>>;
  /** Sends a failed outbox entry again (the Retry of a failed post or deletion). */
  $retryOutbox(id: string): Promise<void>;
  /** Gives up a failed outbox entry (the Delete of a failed post, the Dismiss of a failed deletion). */
  $discardOutbox(id: string): Promise<void>;
  /**
   * Takes over the stored outbox entries this core does not know: another tab of the same user closed, crashed
   * or was discarded, maybe with changes unsent (ui/client/outbox-handoff.ts). They are shown and sent as this
   * tab's own; the server takes a post once by its client_guid, and deletions, reactions, flags and bookmarks
   * are idempotent. `fromTab` names the tab that is gone (its TAB id): only its entries are taken, and those
   * stored before tabs were named — not those of the user's other tabs still open. Without it, every entry this
   * core never held (a recording made before tabs were named asks so).
   */
  $adoptStoredOutbox(fromTab?: string): Promise<void>;
  /** Opens the thread of message `guid` beside the conversation (null: closes it) and loads it. */
  $openThread(address: string, guid: string | null): Promise<Result<null>>;
  /**
   * Which of these messages the core knows were deleted (by anyone, as far as it has heard): a thread's unsent
   * reply asks after its first message, to be offered to copy or discard in its conversation.
   */
  $deletedMessages(guids: readonly string[]): Promise<string[]>;
  /** Adds the user's reaction `content` to a message, or removes it when the user already reacted with it. */
  $toggleReaction(address: string, guid: string, content: string): Promise<Result<null>>;
  /** Sets the user's flag on a message: 1–12 a colour, 0 removes it. */
  $setFlag(address: string, guid: string, flag: number): Promise<Result<null>>;
  /** Loads a page of the user's flagged messages (0: the newest, and a fresh start of the view). */
  $loadFlagged(page: number): Promise<Result<null>>;
  /** Counts an emoji inserted from the picker toward the Recent list (reactions count by themselves). */
  $noteEmojiUsed(emoji: string): Promise<void>;
  /** Chooses the skin tone of emoji (0 default, 1–5). */
  $setSkinTone(tone: number): Promise<Result<null>>;
  /** Tells others the user is typing (throttled in the worker). */
  $typing(address: string): Promise<void>;
  /** Opens (or creates) the direct message with a company user. */
  $startDirectMessage(targetUserGuid: string): Promise<Result<{ address: string }>>;
  /** Changes the sidebar's tab (all / unread only) or sort (a–z / recent); kept per user on this device. */
  $setSidebar(change: { tab?: SidebarTab; sort?: SidebarSort }): Promise<void>;
  /** How many of the most recently active conversations a sort shows (null: all); saved in the user's UI settings on the server. */
  $setShowLast(sort: SidebarSort, showLast: number | null): Promise<Result<null>>;
  /** Collapses (closes) or expands one of the user's folders in the sidebar; kept per user on this device. */
  $setFolderCollapsed(guid: string, collapsed: boolean): Promise<void>;
  /**
   * Marks conversations read up to their newest known message, locally at once and on the server:
   * the given addresses (a sidebar group, a folder), or every conversation when none are given.
   */
  $markAllRead(addresses?: readonly string[]): Promise<Result<{ marked: number }>>;
  /** Conversations and people matching `query` fuzzily, best first (the quick switcher). */
  $quickSwitch(query: string, limit?: number): Promise<QuickSwitchItem[]>;
  /** The page became visible and focused (true) or not: unread messages are only marked viewed while seen; losing it makes the user idle. */
  $setAttention(attentive: boolean): Promise<void>;
  /** The browser reports the network as back (true) or gone: back reconnects and retries now instead of after the delay. */
  $setNetwork(online: boolean): Promise<void>;
  /**
   * The page is going away or hidden (ui/client/page-end.ts), and its worker may end with it: what only the worker
   * holds is stored now, not when its batch is due — the event log's pending events (what the user did that lives only
   * in the log: a folder collapsed, the sidebar's tab and sort, emoji used, a skin tone; PERSIST_DELAY_MS) and the
   * recording's pending lines. Resolves once they are stored.
   */
  $pageHidden(): Promise<void>;
  /** Catches up with the server now (the landing page's Try again, after a 418). */
  $resync(): Promise<void>;

  // People: presence, custom status, directory, connections (core-worker/features/presence.ts, status.ts, people.ts, connections.ts).
  /** The user did something (or the pointer entered/left the window): the worker decides idle or active. */
  $reportActivity(kind: ActivityKind): Promise<void>;
  /** Shows a custom status instead of the automatic one. */
  $selectStatus(icon: StatusIcon): Promise<Result<null>>;
  /** Back to the automatic Active/Idle/Offline. */
  $automaticStatus(): Promise<Result<null>>;
  $insertStatus(status: StatusInput): Promise<Result<null>>;
  /** Changes the status with icon `icon` (the input may name another icon). */
  $updateStatus(icon: StatusIcon, status: StatusInput): Promise<Result<null>>;
  $deleteStatus(icon: StatusIcon): Promise<Result<null>>;
  /** Loads one person's details for their profile card. */
  $loadUserDetails(userGuid: string): Promise<Result<null>>;
  /** Searches the directory (members/search); the results arrive in the people view. */
  $searchPeople(term: string): Promise<Result<null>>;
  /** Accepts or rejects a connection request; on accept, the address of the new conversation. */
  $respondConnection(guid: string, accept: boolean): Promise<Result<{ address: string | null }>>;
  $createConnectLink(options?: ConnectLinkOptions): Promise<Result<{ cl_guid: string }>>;
  $deleteConnectLink(clGuid: string): Promise<Result<null>>;
  /** Uses a connect link (a pasted link or its id): the conversation's address, or null when a request was sent. */
  $useConnectLink(link: string): Promise<Result<{ address: string | null }>>;

  // Search (core-worker/features/search.ts).
  /** Searches the conversation; refused without a term or a filter (spec 2 §5). */
  $searchChannel(address: string, query: ChannelSearchQuery): Promise<Result<null>>;
  /** Loads the next page of the current in-channel search. */
  $searchChannelMore(): Promise<Result<null>>;
  $closeChannelSearch(): Promise<void>;
  /** Searches channels, messages and people (meetings and files are not in Plaza yet). */
  $searchGlobal(query: GlobalSearchQuery): Promise<Result<null>>;
  $closeGlobalSearch(): Promise<void>;
  /** Opens a hit in its conversation: loads the messages around it, scrolled to and highlighting it. */
  $openSearchHit(address: string, guid: string): Promise<Result<null>>;
  /** Extends the shown window of messages around a hit. */
  $loadContext(address: string, direction: 'before' | 'after'): Promise<Result<null>>;
  /** Leaves the window around a hit for the newest messages. */
  $closeContext(address: string): Promise<void>;

  // The welcome bot (core-worker/features/bot.ts).
  /** Answers the bot with one of the choices it offered. */
  $answerBot(address: string, code: string, label: string): Promise<Result<null>>;
  /** Closes the 'Bot Error' popover. */
  $dismissBotError(): Promise<void>;
  /** Dismisses alerts: the server's first (spec 1 §4: a server call, then the local mark), the client's own at once. */
  $dismissAlerts(guids: string[]): Promise<Result<null>>;
  /** Approves or denies the join request an alert (type 1) asks about (teams/process). */
  $processJoinRequest(alertGuid: string, approve: boolean): Promise<Result<null>>;
  /** Closes a toast before it expires. */
  $closeToast(id: string): Promise<void>;

  /** Creates a conversation folder, at the top level or inside `parentGuid`. */
  $createFolder(name: string, parentGuid: string | null): Promise<Result<{ guid: string }>>;
  $renameFolder(guid: string, name: string): Promise<Result<null>>;
  /** Deletes a folder; its channels and subfolders move up to its parent. */
  $deleteFolder(guid: string): Promise<Result<null>>;
  /** Moves a folder inside another (null: top level). Moving it into itself or a subfolder is refused. */
  $moveFolder(guid: string, parentGuid: string | null): Promise<Result<null>>;
  /** Puts a channel into a folder (null: out of every folder). */
  $moveChannelToFolder(address: string, folderGuid: string | null): Promise<Result<null>>;

  /** Loads the company's teams and departments for "Browse teams". */
  $loadTeamDirectory(): Promise<Result<null>>;
  /** Joins an open team at once, or asks its admins (spec 1 §4: 'joined' makes the user a member). */
  $requestToJoin(teamGuid: string): Promise<Result<{ result: 'joined' | 'requested' }>>;
  $cancelJoinRequest(teamGuid: string): Promise<Result<null>>;
  $createTeam(team: NewTeam): Promise<Result<{ address: string }>>;
  $renameTeam(address: string, name: string): Promise<Result<null>>;
  $deleteTeam(address: string): Promise<Result<null>>;
  $setTeamFlags(address: string, flags: { is_private: boolean; is_open: boolean }): Promise<Result<null>>;
  /** Moves a team of another company into the user's company. */
  $moveTeamToCompany(address: string): Promise<Result<null>>;
  $leaveChannel(address: string): Promise<Result<null>>;
  /** Loads a team's members and pending invitations (the members panel loads them when opened). */
  $loadTeamMembers(address: string): Promise<Result<null>>;
  $addTeamMembers(address: string, userGuids: string[], options?: MemberOptions): Promise<Result<null>>;
  $setMemberAdmin(address: string, userGuid: string, isAdmin: boolean): Promise<Result<null>>;
  $removeTeamMember(address: string, userGuid: string): Promise<Result<null>>;
  /** Invites people by email; `emails` is a list split on commas or semicolons (spec 1 §5). */
  $inviteByEmail(address: string, emails: string, options?: MemberOptions): Promise<Result<{ sent: string[] }>>;
  $revokeInvite(address: string, inviteGuid: string): Promise<Result<null>>;
  /** Sends the named invitations again, or every one whose reminder is due. */
  $remindInvites(address: string, inviteGuids?: string[]): Promise<Result<{ reminded: number }>>;
  $dismissInviteReminders(address: string, inviteGuids: string[]): Promise<Result<null>>;
  /** Blocks a person of another company from the user's company, or reinstates them (company admins). */
  $setBlocked(userGuid: string, blocked: boolean): Promise<Result<null>>;
  /**
   * Runs an alert's main action (AlertView.action): go-to dismisses it and names the
   * conversation to open; refresh and retry resync with the server; reset resets the
   * person's two-factor; sign-out ends the session; reload asks the UI to reload.
   */
  $runAlertAction(guid: string): Promise<Result<AlertActionOutcome>>;
  /** Company admins: sends an information alert (type 17) to everyone else; a promotion shows as a 60 s toast. */
  $sendInformationAlert(message: string, promotion: boolean): Promise<Result<{ sent: number }>>;
  /** Closes a popover (its Ok button). */
  $closePopover(id: string): Promise<void>;
  /** Turns notifications of channels on or off (one: notifications/channel, several: notifications/channels), with a toast. */
  $setChannelNotifications(addresses: string[], on: boolean): Promise<Result<null>>;
  /** Changes the global notification settings (the fields given). */
  $setNotificationSettings(settings: Partial<NotificationSettings>): Promise<Result<null>>;
  /** Mutes a channel, or everything (`address` null), or lifts the mute ('off'). */
  $setMute(address: string | null, choice: MuteChoice): Promise<Result<null>>;
  /** Says what the UI runs on, once at start: sounds are muted on mobile (spec 1 §9). */
  $describeDevice(device: { mobile: boolean }): Promise<void>;
  /** Asks the company admins to reset the user's two-factor authentication. */
  $requestMfaReset(): Promise<Result<null>>;
  /** Cancels a pending two-factor reset request: the user's own, or (admins) anyone's. */
  $cancelMfaReset(targetUserGuid: string): Promise<Result<null>>;
  /** Company admins: resets a person's two-factor authentication, answering their request. */
  $resetMfa(targetUserGuid: string): Promise<Result<null>>;
  /**
   * A recording as a session file (docs/session-format.md), secrets already redacted: this
   * session's, or the stored one with id `id` (e.g. the session before a reload). The file is a
   * Blob made in the worker: it crosses to the page as a handle, so the page neither copies nor
   * encodes a heavy user's tens of MB (that was a 102 ms task on the main thread for 12.5 MB). Only the signed-in
   * user's own recordings: another person's, or one of several people, is refused ('NotYourRecording').
   * A stored recording whose replay on this build differs from it is exported unsealed (`unsealed` says why).
   */
  $exportSession(id?: string): Promise<Result<ExportedSession>>;
  /** The signed-in user's stored recordings, newest first (none while nobody is signed in). */
  $listRecordings(): Promise<Result<RecordingSummary[]>>;
  $getRecordingSettings(): Promise<Result<RecordingSettings>>;
  /** Validates (protocol/recording-settings.ts) and stores the settings; a failure names the field. */
  $setRecordingSettings(settings: RecordingSettings): Promise<Result<RecordingSettings>>;
}

/**
 * The core worker's name: its tab's id after a prefix (ui/client/connect-core.ts names it, core-worker/worker.ts
 * reads it), so the outbox entries the core stores say which tab stored them.
 */
export const CORE_WORKER_NAME_PREFIX = 'plaza-core:';

/**
 * What the core worker posts the page, outside Comlink, as soon as it has read the stored sidebar — before
 * the core's own code has loaded (core-worker/early-views.ts): the view cache's JSON text, which the page
 * shows as a provisional snapshot (ViewPatch.cachedViews) until the core's first patch replaces it.
 */
export interface EarlyViewsMessage {
  plazaEarlyViews: string;
}

export function isEarlyViewsMessage(data: unknown): data is EarlyViewsMessage {
  return typeof data === 'object' && data !== null && typeof (data as { plazaEarlyViews?: unknown }).plazaEarlyViews === 'string';
}

/** The BroadcastChannel on which a user's tabs hand over what a tab left unsent (ui/client/outbox-handoff.ts). */
export const OUTBOX_HANDOFF_CHANNEL = 'plaza.outbox-handoff';

/**
 * Said on OUTBOX_HANDOFF_CHANNEL by a core worker once the lock of a tab whose stored entries its load set aside
 * is released (core-worker/tab-gone.ts announceGoneTabs): that tab is gone, and the page takes its entries over.
 */
export interface TabGone {
  type: 'tab-gone';
  user: string;
  tab: string;
}

/** The Web Lock a tab holds while signed in as `user` (ui/client/outbox-handoff.ts): released when it closes, crashes or is discarded. */
export const tabLockName = (user: string, tab: string): string => `${tabLockPrefix(user)}${tab}`;
const tabLockPrefix = (user: string): string => `plaza.tab:${user}:`;

/** The tabs of `user` among held locks' names. A tab id has no ':', so a user whose guid starts with this one's and a ':' is not taken for this user. */
export function tabsOf(user: string, lockNames: Iterable<string | undefined>): string[] {
  const prefix = tabLockPrefix(user);
  const tabs: string[] = [];
  for (const name of lockNames) {
    const tab = name?.startsWith(prefix) ? name.slice(prefix.length) : '';
    if (tab !== '' && !tab.includes(':')) tabs.push(tab);
  }
  return tabs;
}
