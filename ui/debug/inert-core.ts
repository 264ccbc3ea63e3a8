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
    $reportActivity: async () => {},
    $selectStatus: async () => fail(replaying),
    $automaticStatus: async () => fail(replaying),
    $insertStatus: async () => fail(replaying),
    $updateStatus: async () => fail(replaying),
    $deleteStatus: async () => fail(replaying),
    $loadUserDetails: async () => fail(replaying),
    $searchPeople: async () => fail(replaying),
    $respondConnection: async () => fail(replaying),
    $createConnectLink: async () => fail(replaying),
    $deleteConnectLink: async () => fail(replaying),
    $useConnectLink: async () => fail(replaying),
    $searchChannel: async () => fail(replaying),
    $searchChannelMore: async () => fail(replaying),
    $closeChannelSearch: async () => {},
    $searchGlobal: async () => fail(replaying),
    $closeGlobalSearch: async () => {},
    $openSearchHit: async () => fail(replaying),
    $loadContext: async () => fail(replaying),
    $closeContext: async () => {},
    $answerBot: async () => fail(replaying),
    $dismissBotError: async () => {},
    $exportSession: async () => fail(replaying),
    $listRecordings: async () => fail(replaying),
    $getRecordingSettings: async () => fail(replaying),
    $setRecordingSettings: async () => fail(replaying),
  };
}
