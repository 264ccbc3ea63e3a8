/** A CoreApi that does nothing: the replayed app shows recorded state, and its intents go nowhere. */
import type { CoreApi } from '../../protocol/core-api';
import { fail, ok } from '../../protocol/result';

const replaying = { name: 'Replaying', message: 'This is a replay: actions are not sent' };

export function createInertCore(): CoreApi {
  return {
    $subscribe: async () => {},
    $signIn: async () => fail(replaying),
    $signOut: async () => {},
    $openConversation: async () => {},
    $loadOlder: async () => ok(null),
    $post: async () => fail(replaying),
    $deleteMessage: async () => fail(replaying),
    $typing: async () => {},
    $startDirectMessage: async () => fail(replaying),
    $setAttention: async () => {},
    $dismissAlerts: async () => fail(replaying),
    $processJoinRequest: async () => fail(replaying),
    $closeToast: async () => {},
    $runAlertAction: async () => fail(replaying),
    $closePopover: async () => {},
    $sendInformationAlert: async () => fail(replaying),
    $setChannelNotifications: async () => fail(replaying),
    $setNotificationSettings: async () => fail(replaying),
    $setMute: async () => fail(replaying),
    $describeDevice: async () => {},
    $requestMfaReset: async () => fail(replaying),
    $cancelMfaReset: async () => fail(replaying),
    $resetMfa: async () => fail(replaying),
    $exportSession: async () => fail(replaying),
    $listRecordings: async () => fail(replaying),
    $getRecordingSettings: async () => fail(replaying),
    $setRecordingSettings: async () => fail(replaying),
  };
}
