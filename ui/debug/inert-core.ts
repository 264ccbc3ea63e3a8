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
    $createFolder: async () => fail(replaying),
    $renameFolder: async () => fail(replaying),
    $deleteFolder: async () => fail(replaying),
    $moveFolder: async () => fail(replaying),
    $moveChannelToFolder: async () => fail(replaying),
    $loadTeamDirectory: async () => fail(replaying),
    $requestToJoin: async () => fail(replaying),
    $cancelJoinRequest: async () => fail(replaying),
    $createTeam: async () => fail(replaying),
    $renameTeam: async () => fail(replaying),
    $deleteTeam: async () => fail(replaying),
    $setTeamFlags: async () => fail(replaying),
    $moveTeamToCompany: async () => fail(replaying),
    $leaveChannel: async () => fail(replaying),
    $loadTeamMembers: async () => fail(replaying),
    $addTeamMembers: async () => fail(replaying),
    $setMemberAdmin: async () => fail(replaying),
    $removeTeamMember: async () => fail(replaying),
    $inviteByEmail: async () => fail(replaying),
    $revokeInvite: async () => fail(replaying),
    $remindInvites: async () => fail(replaying),
    $dismissInviteReminders: async () => fail(replaying),
    $setBlocked: async () => fail(replaying),
    $exportSession: async () => fail(replaying),
    $listRecordings: async () => fail(replaying),
    $getRecordingSettings: async () => fail(replaying),
    $setRecordingSettings: async () => fail(replaying),
  };
}
