/** A CoreApi for UI tests: records every call, answers with configurable results, and lets the test push patches. */
import type { ActivityKind, AlertActionOutcome, ConnectLinkOptions, CoreApi, ExportedSession, MemberOptions, MuteChoice, NewTeam, PatchListener, PostOptions, RecordingSettings, RecordingSummary, StatusInput } from '../../protocol/core-api';
import { DEFAULT_RECORDING_SETTINGS } from '../../protocol/recording-settings';
import type { StatusIcon } from '../../protocol/custom-status';
import type { NotificationSettings } from '../../protocol/rules/notifications';
import type { ChannelSearchQuery, GlobalSearchQuery } from '../../protocol/rules/search-query';
import type { SidebarSort, SidebarTab } from '../../protocol/events';
import { ok, type Result } from '../../protocol/result';
import type { QuickSwitchItem, ViewPatch } from '../../protocol/views';

type Method = keyof CoreApi;
export type Call = { method: Method; args: unknown[] };

export class FakeCore implements CoreApi {
  readonly calls: Call[] = [];
  private listeners: PatchListener[] = [];

  signInResult: Result<null> = ok(null);
  /** What $signOut waits for before it resolves (the real one: the end stored, the server answered). */
  signOutDone: Promise<void> = Promise.resolve();
  postResult: Result<{ client_guid: string }> = ok({ client_guid: 'posted' });
  deleteResult: Result<null> = ok(null);
  loadOlderResult: Result<null> = ok(null);
  startDirectMessageResult: Result<{ address: string }> = ok({ address: 'dm-new' });
  openThreadResult: Result<null> = ok(null);
  /** Messages `$deletedMessages` reports deleted (of those asked about). */
  deletedMessages: string[] = [];
  toggleReactionResult: Result<null> = ok(null);
  setFlagResult: Result<null> = ok(null);
  loadFlaggedResult: Result<null> = ok(null);
  setSkinToneResult: Result<null> = ok(null);

  /** Sends a patch to subscribers, as the worker would. */
  push(patch: ViewPatch): void {
    for (const listener of this.listeners) listener(patch);
  }

  /** Arguments of every call to one method. */
  callsTo(method: Method): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  private record(method: Method, args: unknown[]): void {
    this.calls.push({ method, args });
  }

  async $subscribe(listener: PatchListener): Promise<void> {
    this.record('$subscribe', []);
    this.listeners.push(listener);
  }
  async $signIn(email: string, password: string) {
    this.record('$signIn', [email, password]);
    return this.signInResult;
  }
  async $signOut() {
    this.record('$signOut', []);
    await this.signOutDone;
  }
  async $openConversation(address: string | null) {
    this.record('$openConversation', [address]);
  }
  async $loadOlder(address: string) {
    this.record('$loadOlder', [address]);
    return this.loadOlderResult;
  }
  async $post(address: string, text: string, options?: PostOptions) {
    this.record('$post', options === undefined ? [address, text] : [address, text, options]);
    return this.postResult;
  }
  async $deleteMessage(address: string, guid: string) {
    this.record('$deleteMessage', [address, guid]);
    return this.deleteResult;
  }
  async $openThread(address: string, guid: string | null) {
    this.record('$openThread', [address, guid]);
    return this.openThreadResult;
  }
  async $deletedMessages(guids: readonly string[]) {
    this.record('$deletedMessages', [guids]);
    return guids.filter((guid) => this.deletedMessages.includes(guid));
  }
  async $toggleReaction(address: string, guid: string, content: string) {
    this.record('$toggleReaction', [address, guid, content]);
    return this.toggleReactionResult;
  }
  async $setFlag(address: string, guid: string, flag: number) {
    this.record('$setFlag', [address, guid, flag]);
    return this.setFlagResult;
  }
  async $loadFlagged(page: number) {
    this.record('$loadFlagged', [page]);
    return this.loadFlaggedResult;
  }
  async $noteEmojiUsed(emoji: string) {
    this.record('$noteEmojiUsed', [emoji]);
  }
  async $setSkinTone(tone: number) {
    this.record('$setSkinTone', [tone]);
    return this.setSkinToneResult;
  }
  async $typing(address: string) {
    this.record('$typing', [address]);
  }
  async $startDirectMessage(targetUserGuid: string) {
    this.record('$startDirectMessage', [targetUserGuid]);
    return this.startDirectMessageResult;
  }
  async $setAttention(attentive: boolean) {
    this.record('$setAttention', [attentive]);
  }
  async $pageHidden() {
    this.record('$pageHidden', []);
  }
  async $retryOutbox(id: string) {
    this.record('$retryOutbox', [id]);
  }
  async $discardOutbox(id: string) {
    this.record('$discardOutbox', [id]);
  }
  async $adoptStoredOutbox() {
    this.record('$adoptStoredOutbox', []);
  }
  async $setNetwork(online: boolean) {
    this.record('$setNetwork', [online]);
  }
  async $resync() {
    this.record('$resync', []);
  }

  showLastResult: Result<null> = ok(null);
  markAllReadResult: Result<{ marked: number }> = ok({ marked: 0 });
  /** What $quickSwitch answers for a query (default: nothing). */
  quickSwitchResults: (query: string) => QuickSwitchItem[] = () => [];

  async $setSidebar(change: { tab?: SidebarTab; sort?: SidebarSort }) {
    this.record('$setSidebar', [change]);
  }
  async $setShowLast(sort: SidebarSort, showLast: number | null) {
    this.record('$setShowLast', [sort, showLast]);
    return this.showLastResult;
  }
  async $setFolderCollapsed(guid: string, collapsed: boolean) {
    this.record('$setFolderCollapsed', [guid, collapsed]);
  }
  async $markAllRead(addresses?: readonly string[]) {
    this.record('$markAllRead', addresses === undefined ? [] : [addresses]);
    return this.markAllReadResult;
  }
  async $quickSwitch(query: string, limit?: number) {
    this.record('$quickSwitch', limit === undefined ? [query] : [query, limit]);
    return this.quickSwitchResults(query);
  }

  dismissAlertsResult: Result<null> = ok(null);
  processJoinRequestResult: Result<null> = ok(null);
  async $dismissAlerts(guids: string[]) {
    this.record('$dismissAlerts', [guids]);
    return this.dismissAlertsResult;
  }
  async $processJoinRequest(alertGuid: string, approve: boolean) {
    this.record('$processJoinRequest', [alertGuid, approve]);
    return this.processJoinRequestResult;
  }
  async $closeToast(id: string) {
    this.record('$closeToast', [id]);
  }

  runAlertActionResult: Result<AlertActionOutcome> = ok({ navigate: null, reload: false });
  /** What the notification and two-factor calls answer. */
  notifyResult: Result<null> = ok(null);
  async $runAlertAction(guid: string) {
    this.record('$runAlertAction', [guid]);
    return this.runAlertActionResult;
  }
  sendInformationAlertResult: Result<{ sent: number }> = ok({ sent: 3 });
  async $sendInformationAlert(message: string, promotion: boolean) {
    this.record('$sendInformationAlert', [message, promotion]);
    return this.sendInformationAlertResult;
  }
  async $closePopover(id: string) {
    this.record('$closePopover', [id]);
  }
  async $setChannelNotifications(addresses: string[], on: boolean) {
    this.record('$setChannelNotifications', [addresses, on]);
    return this.notifyResult;
  }
  async $setNotificationSettings(settings: Partial<NotificationSettings>) {
    this.record('$setNotificationSettings', [settings]);
    return this.notifyResult;
  }
  async $setMute(address: string | null, choice: MuteChoice) {
    this.record('$setMute', [address, choice]);
    return this.notifyResult;
  }
  async $describeDevice(device: { mobile: boolean }) {
    this.record('$describeDevice', [device]);
  }
  async $requestMfaReset() {
    this.record('$requestMfaReset', []);
    return this.notifyResult;
  }
  async $cancelMfaReset(targetUserGuid: string) {
    this.record('$cancelMfaReset', [targetUserGuid]);
    return this.notifyResult;
  }
  async $resetMfa(targetUserGuid: string) {
    this.record('$resetMfa', [targetUserGuid]);
    return this.notifyResult;
  }

  // Folders and teams answer `results[method]` like the people methods below.
  $createFolder(name: string, parentGuid: string | null) {
    return this.answer('$createFolder', [name, parentGuid], { guid: 'f-new' });
  }
  $renameFolder(guid: string, name: string) {
    return this.answer('$renameFolder', [guid, name], null);
  }
  $deleteFolder(guid: string) {
    return this.answer('$deleteFolder', [guid], null);
  }
  $moveFolder(guid: string, parentGuid: string | null) {
    return this.answer('$moveFolder', [guid, parentGuid], null);
  }
  $moveChannelToFolder(address: string, folderGuid: string | null) {
    return this.answer('$moveChannelToFolder', [address, folderGuid], null);
  }
  $loadTeamDirectory() {
    return this.answer('$loadTeamDirectory', [], null);
  }
  $requestToJoin(teamGuid: string) {
    return this.answer<{ result: 'joined' | 'requested' }>('$requestToJoin', [teamGuid], { result: 'requested' });
  }
  $cancelJoinRequest(teamGuid: string) {
    return this.answer('$cancelJoinRequest', [teamGuid], null);
  }
  $createTeam(team: NewTeam) {
    return this.answer('$createTeam', [team], { address: 't-new' });
  }
  $renameTeam(address: string, name: string) {
    return this.answer('$renameTeam', [address, name], null);
  }
  $deleteTeam(address: string) {
    return this.answer('$deleteTeam', [address], null);
  }
  $setTeamFlags(address: string, flags: { is_private: boolean; is_open: boolean }) {
    return this.answer('$setTeamFlags', [address, flags], null);
  }
  $moveTeamToCompany(address: string) {
    return this.answer('$moveTeamToCompany', [address], null);
  }
  $leaveChannel(address: string) {
    return this.answer('$leaveChannel', [address], null);
  }
  $loadTeamMembers(address: string) {
    return this.answer('$loadTeamMembers', [address], null);
  }
  $addTeamMembers(address: string, userGuids: string[], options?: MemberOptions) {
    return this.answer('$addTeamMembers', options ? [address, userGuids, options] : [address, userGuids], null);
  }
  $setMemberAdmin(address: string, userGuid: string, isAdmin: boolean) {
    return this.answer('$setMemberAdmin', [address, userGuid, isAdmin], null);
  }
  $removeTeamMember(address: string, userGuid: string) {
    return this.answer('$removeTeamMember', [address, userGuid], null);
  }
  $inviteByEmail(address: string, emails: string, options?: MemberOptions) {
    return this.answer('$inviteByEmail', options ? [address, emails, options] : [address, emails], { sent: [] as string[] });
  }
  $revokeInvite(address: string, inviteGuid: string) {
    return this.answer('$revokeInvite', [address, inviteGuid], null);
  }
  $remindInvites(address: string, inviteGuids?: string[]) {
    return this.answer('$remindInvites', inviteGuids ? [address, inviteGuids] : [address], { reminded: 0 });
  }
  $dismissInviteReminders(address: string, inviteGuids: string[]) {
    return this.answer('$dismissInviteReminders', [address, inviteGuids], null);
  }
  $setBlocked(userGuid: string, blocked: boolean) {
    return this.answer('$setBlocked', [userGuid, blocked], null);
  }

  /** What $exportSession answers; tests may replace it. */
  exportResult: Result<ExportedSession> = { ok: true, value: { fileName: 'plaza-session-test.jsonl', file: new Blob(['{"format":"plaza-session"}\n']) } };

  /** Holds $exportSession's answer until it resolves (an export that takes a while: a previous session being sealed). */
  exportGate: Promise<void> | null = null;

  async $exportSession(id?: string) {
    this.record('$exportSession', id === undefined ? [] : [id]);
    await this.exportGate;
    return this.exportResult;
  }

  /** What $listRecordings answers. */
  recordingsResult: Result<RecordingSummary[]> = ok([]);
  /** The stored settings; $setRecordingSettings replaces them unless setSettingsResult is set. */
  recordingSettings: RecordingSettings = { ...DEFAULT_RECORDING_SETTINGS };
  setSettingsResult: Result<RecordingSettings> | null = null;

  async $listRecordings() {
    this.record('$listRecordings', []);
    return this.recordingsResult;
  }
  async $getRecordingSettings() {
    this.record('$getRecordingSettings', []);
    return ok(this.recordingSettings);
  }
  async $setRecordingSettings(settings: RecordingSettings) {
    this.record('$setRecordingSettings', [settings]);
    if (this.setSettingsResult) return this.setSettingsResult;
    this.recordingSettings = settings;
    return ok(settings);
  }

  // People, search, the bot, folders and teams: each answers `results[method]` when a test set one, else success.
  results: Partial<Record<Method, Result<unknown>>> = {};
  private answer<T>(method: Method, args: unknown[], fallback: T): Promise<Result<T>> {
    this.record(method, args);
    return Promise.resolve((this.results[method] as Result<T> | undefined) ?? ok(fallback));
  }
  async $reportActivity(kind: ActivityKind) {
    this.record('$reportActivity', [kind]);
  }
  $selectStatus = (icon: StatusIcon) => this.answer('$selectStatus', [icon], null);
  $automaticStatus = () => this.answer('$automaticStatus', [], null);
  $insertStatus = (status: StatusInput) => this.answer('$insertStatus', [status], null);
  $updateStatus = (icon: StatusIcon, status: StatusInput) => this.answer('$updateStatus', [icon, status], null);
  $deleteStatus = (icon: StatusIcon) => this.answer('$deleteStatus', [icon], null);
  $loadUserDetails = (guid: string) => this.answer('$loadUserDetails', [guid], null);
  $searchPeople = (term: string) => this.answer('$searchPeople', [term], null);
  $respondConnection = (guid: string, accept: boolean) => this.answer<{ address: string | null }>('$respondConnection', [guid, accept], { address: accept ? 'dm-connected' : null });
  $createConnectLink = (options?: ConnectLinkOptions) => this.answer('$createConnectLink', options === undefined ? [] : [options], { cl_guid: 'cl-new' });
  $deleteConnectLink = (clGuid: string) => this.answer('$deleteConnectLink', [clGuid], null);
  $useConnectLink = (link: string) => this.answer<{ address: string | null }>('$useConnectLink', [link], { address: 'dm-linked' });
  $searchChannel = (address: string, query: ChannelSearchQuery) => this.answer('$searchChannel', [address, query], null);
  $searchChannelMore = () => this.answer('$searchChannelMore', [], null);
  async $closeChannelSearch() {
    this.record('$closeChannelSearch', []);
  }
  $searchGlobal = (query: GlobalSearchQuery) => this.answer('$searchGlobal', [query], null);
  async $closeGlobalSearch() {
    this.record('$closeGlobalSearch', []);
  }
  $openSearchHit = (address: string, guid: string) => this.answer('$openSearchHit', [address, guid], null);
  $loadContext = (address: string, direction: 'before' | 'after') => this.answer('$loadContext', [address, direction], null);
  async $closeContext(address: string) {
    this.record('$closeContext', [address]);
  }
  $answerBot = (address: string, code: string, label: string) => this.answer('$answerBot', [address, code, label], null);
  async $dismissBotError() {
    this.record('$dismissBotError', []);
  }
}
