/** The user's channels and starting direct messages. */
import { BLOCKED_USER_MESSAGE } from '../../protocol/rest/people';
import { isBlocked, companyName } from '../block-store';
import { findOrCreateDm, getMemberChannelByGuid, listMemberChannels } from '../channel-store';
import { findOrCreateExternalDm } from '../connection-store';
import { reject } from '../http-util';
import { visibleUser } from '../people-store';
import { MESSAGES, type Handlers, type RouteDeps } from './context';

export function channelHandlers({ db, hub }: RouteDeps): Handlers<'channelsList' | 'startConversation'> {
  return {
    async channelsList(user) {
      const channels = await listMemberChannels(db, user.guid);
      return { isOk: true, channels: channels.map((c) => c.wire) };
    },

    /**
     * A direct message with someone the user sees: a colleague, a connection (spec 2 §4: people of other companies
     * connect to talk — their conversation is an 'external DM', spec 1 §3) or the other person of a direct message
     * they have. Not with a person blocked as the user sees them (spec 2 §5), nor with one whose company blocked the
     * user (the block took its channels from them, spec 1 §4).
     */
    async startConversation(user, body) {
      const refuse = (message: string) => reject(400, message, { target_user_guid: message });
      if (body.target_user_guid === user.guid) throw refuse(MESSAGES.selfConversation);
      const target = await visibleUser(db, user, body.target_user_guid);
      if (!target) throw refuse(MESSAGES.noContact);
      if (target.is_blocked) throw refuse(BLOCKED_USER_MESSAGE);
      if (target.company_guid !== user.company_guid && (await isBlocked(db, target.company_guid, user.guid))) {
        throw refuse(MESSAGES.blockedByTheirCompany(await companyName(db, target.company_guid)));
      }
      const external = target.company_guid !== user.company_guid;
      const dm = await db.transaction((tx) => (external ? findOrCreateExternalDm : findOrCreateDm)(tx, user.company_guid, user.guid, target.guid));
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
