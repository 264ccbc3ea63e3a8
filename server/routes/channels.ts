/** The user's channels and starting direct messages. */
import { findOrCreateDm, getMemberChannelByGuid, listMemberChannels } from '../channel-store';
import { reject } from '../http-util';
import { getUser } from '../user-store';
import { MESSAGES, type Handlers, type RouteDeps } from './context';

export function channelHandlers({ db, hub }: RouteDeps): Handlers<'channelsList' | 'startConversation'> {
  return {
    async channelsList(user) {
      const channels = await listMemberChannels(db, user.guid);
      return { isOk: true, channels: channels.map((c) => c.wire) };
    },

    async startConversation(user, body) {
      if (body.target_user_guid === user.guid) throw reject(400, MESSAGES.selfConversation, { target_user_guid: MESSAGES.selfConversation });
      const target = await getUser(db, body.target_user_guid);
      if (!target || target.company_guid !== user.company_guid) throw reject(400, MESSAGES.noUser, { target_user_guid: MESSAGES.noUser });
      const dm = await db.transaction((tx) => findOrCreateDm(tx, user.company_guid, user.guid, target.guid));
      const mine = await getMemberChannelByGuid(db, user.guid, dm.guid);
      if (!mine) throw new Error('conversation without its starter as member');
      if (dm.created) {
        hub.sendToUsers([user.guid], 'CHA', { action: 'add', channel: mine.wire });
        const theirs = await getMemberChannelByGuid(db, target.guid, dm.guid);
        if (theirs) hub.sendToUsers([target.guid], 'CHA', { action: 'add', channel: theirs.wire });
      }
      return { isOk: true, channel: mine.wire };
    },
  };
}
