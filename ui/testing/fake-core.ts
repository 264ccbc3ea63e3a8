/** A CoreApi for UI tests: records every call, answers with configurable results, and lets the test push patches. */
import type { CoreApi, PatchListener, RecordingSettings, RecordingSummary } from '../../protocol/core-api';
import { ok, type Result } from '../../protocol/result';
import type { ViewPatch } from '../../protocol/views';

type Method = keyof CoreApi;
export type Call = { method: Method; args: unknown[] };

export class FakeCore implements CoreApi {
  readonly calls: Call[] = [];
  private listeners: PatchListener[] = [];

  signInResult: Result<null> = ok(null);
  postResult: Result<{ guid: string }> = ok({ guid: 'posted' });
  deleteResult: Result<null> = ok(null);
  loadOlderResult: Result<null> = ok(null);
  startDirectMessageResult: Result<{ address: string }> = ok({ address: 'dm-new' });

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
  }
  async $openConversation(address: string | null) {
    this.record('$openConversation', [address]);
  }
  async $loadOlder(address: string) {
    this.record('$loadOlder', [address]);
    return this.loadOlderResult;
  }
  async $post(address: string, text: string) {
    this.record('$post', [address, text]);
    return this.postResult;
  }
  async $deleteMessage(address: string, guid: string) {
    this.record('$deleteMessage', [address, guid]);
    return this.deleteResult;
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

  /** What $exportSession answers; tests may replace it. */
  exportResult: Result<{ fileName: string; text: string }> = { ok: true, value: { fileName: 'plaza-session-test.jsonl', text: '{"format":"plaza-session"}\n' } };

  async $exportSession(id?: string) {
    this.record('$exportSession', id === undefined ? [] : [id]);
    return this.exportResult;
  }

  /** What $listRecordings answers. */
  recordingsResult: Result<RecordingSummary[]> = ok([]);
  /** The stored settings; $setRecordingSettings replaces them unless setSettingsResult is set. */
  recordingSettings: RecordingSettings = { enabled: true, maxMegabytes: 32 };
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
}
