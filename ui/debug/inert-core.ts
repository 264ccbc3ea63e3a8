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
    $exportSession: async () => fail(replaying),
    $listRecordings: async () => fail(replaying),
    $getRecordingSettings: async () => fail(replaying),
    $setRecordingSettings: async () => fail(replaying),
  };
}
