/**
 * Telling people about team changes: CHA frames (spec 1 §4 team actions) with
 * the channel as each receiver sees it, and alerts of the types spec 1 §9
 * names. Shared by the team route modules.
 */
import type { TEAM_ACTIONS } from '../../protocol/frames/channels';
import type { TeamMemberWire } from '../../protocol/team-entities';
import { createAlert } from '../alert-store';
import { getMemberChannelByGuid, memberGuids } from '../channel-store';
import type { Database } from '../db';
import type { SocketHub } from '../socket-hub';
import { refreshExternal, teamMembers, type TeamRow } from '../team-store';

type Action = (typeof TEAM_ACTIONS)[number];

export interface TeamNotifier {
  /** Sends each user the channel as they see it now (users who are not members are skipped). */
  sendChannel(users: Iterable<string>, channelGuid: string, action: Action): Promise<void>;
  /** CHA member_added / member_updated with the member's entry, to every member but `except`. */
  memberChanged(team: TeamRow, userGuid: string, action: 'member_added' | 'member_updated', except?: string): Promise<void>;
  /** CHA member_removed to every member. */
  memberRemoved(team: TeamRow, userGuid: string): Promise<void>;
  /**
   * After members changed: recomputes is_external and, when it changed, sends
   * every member CHA change (the client then says "Channel … now contains /
   * no longer contains external members.", spec 1 §8).
   */
  refreshExternal(team: Pick<TeamRow, 'guid'>): Promise<void>;
  /** One alert per user (createAlert stores it and sends ALR). */
  alert(users: Iterable<string>, alertType: number, message: string, team: Pick<TeamRow, 'guid' | 'address' | 'name'>): Promise<void>;
}

export function createTeamNotifier(db: Database, hub: SocketHub): TeamNotifier {
  const notifier: TeamNotifier = {
    async sendChannel(users, channelGuid, action) {
      for (const user of new Set(users)) {
        const theirs = await getMemberChannelByGuid(db, user, channelGuid);
        if (theirs) hub.sendToUsers([user], 'CHA', { action, address: theirs.wire.address, channel: theirs.wire });
      }
    },

    async memberChanged(team, userGuid, action, except) {
      const member = (await teamMembers(db, team, false)).find((m) => m.target_user_guid === userGuid);
      if (!member) return;
      const others = (await memberGuids(db, team.guid)).filter((g) => g !== userGuid && g !== except);
      hub.sendToUsers(others, 'CHA', { action, address: team.address, member: member satisfies TeamMemberWire });
      // The member themself also learns their new standing in the channel (e.g. admin now).
      if (action === 'member_updated') {
        const theirs = await getMemberChannelByGuid(db, userGuid, team.guid);
        if (theirs) hub.sendToUsers([userGuid], 'CHA', { action, address: team.address, member, channel: theirs.wire });
      }
    },

    async memberRemoved(team, userGuid) {
      hub.sendToUsers(await memberGuids(db, team.guid), 'CHA', { action: 'member_removed', address: team.address, target_user_guid: userGuid });
    },

    async refreshExternal(team) {
      const { changed } = await refreshExternal(db, team.guid);
      if (changed) await notifier.sendChannel(await memberGuids(db, team.guid), team.guid, 'change');
    },

    async alert(users, alertType, message, team) {
      for (const user of new Set(users)) {
        await createAlert(db, hub, { user_guid: user, alert_type: alertType, message, target: { team_guid: team.guid, address: team.address, name: team.name } });
      }
    },
  };
  return notifier;
}
