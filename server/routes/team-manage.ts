/**
 * Creating, renaming, deleting and listing teams and departments, their
 * privacy flags, leaving them and moving them to a company (spec 1 §4–§7,
 * spec 3 §7.3). Who may do what is protocol/rules/team-rules.ts, shared with
 * the client: team admins (member_type 2) and company admins manage a team;
 * members may leave. Refusals are 400 with the reason; teams the user may not
 * see are 404.
 */
import { ALERT_TYPE } from '../../protocol/rules/alerts';
import { canLeave, canManageTeam, canMoveToCompany, creationFlags, TEAM_REASONS } from '../../protocol/rules/team-rules';
import { addMember, insertChannel, memberGuids } from '../channel-store';
import { reject } from '../http-util';
import {
  adminCount,
  deleteTeam,
  getTeam,
  listTeams,
  memberType,
  refreshExternal,
  removeMember,
  renameTeam,
  setTeamCompany,
  setTeamFlags,
  teamAdminGuids,
  type TeamRow,
} from '../team-store';
import { fullName, getUser, type UserRow } from '../user-store';
import { memberChannel, MESSAGES, type Handlers, type RouteDeps } from './context';
import { createTeamNotifier } from './team-notify';

export const MANAGE_MESSAGES = {
  privacy: (actor: string, team: string, flags: { is_private: boolean; is_open: boolean }) =>
    `${actor} made ${team} ${flags.is_private ? 'private' : 'public'}; ${flags.is_open ? 'anyone may join' : 'joining needs an admin’s approval'}.`,
  left: (person: string, team: string) => `${person} left ${team}.`,
  unknownMember: 'members: not everyone named is in your company.',
} as const;

type Names = 'teamsCreate' | 'teamsModify' | 'teamsDelete' | 'teamsList' | 'departmentsList' | 'teamsSetFlags' | 'teamsMoveToCompany' | 'channelLeave';

export function teamManageHandlers({ db, hub }: RouteDeps): Handlers<Names> {
  const notify = createTeamNotifier(db, hub);

  /** The team if the user may see it: a member, or anyone of its company. Otherwise 404. */
  const visibleTeam = async (user: UserRow, guid: string): Promise<TeamRow> => {
    const team = await getTeam(db, guid);
    if (!team) throw reject(404, MESSAGES.noChannel);
    if (team.company_guid !== user.company_guid && (await memberType(db, team.guid, user.guid)) === null) throw reject(404, MESSAGES.noChannel);
    return team;
  };

  /** The team if the user may manage it (team admin or company admin of its company), else 400 with the reason. */
  const managedTeam = async (user: UserRow, guid: string): Promise<TeamRow> => {
    const team = await visibleTeam(user, guid);
    const mine = { ...team, member_type: await memberType(db, team.guid, user.guid) };
    if (!canManageTeam(mine, user)) throw reject(400, TEAM_REASONS.notManager);
    return team;
  };

  return {
    async teamsCreate(user, body) {
      if (body.is_hr && !user.is_company_admin) throw reject(400, TEAM_REASONS.departmentsAdminsOnly, { is_hr: TEAM_REASONS.departmentsAdminsOnly });
      const flags = creationFlags(body);
      const extra = body.members.filter((m) => m.target_user_guid !== user.guid);
      for (const m of extra) {
        const person = await getUser(db, m.target_user_guid);
        // At creation only colleagues: people of other companies join later, through members/update with confirmation.
        if (!person || person.company_guid !== user.company_guid || person.user_type === 2) throw reject(400, MANAGE_MESSAGES.unknownMember, { members: MANAGE_MESSAGES.unknownMember });
      }
      const created = await db.transaction(async (tx) => {
        const channel = await insertChannel(tx, { company_guid: user.company_guid, name: body.name, channel_type: 1, etype: 'channel', is_hr: body.is_hr, ...flags });
        await tx.query('UPDATE channels SET description = $2 WHERE guid = $1', [channel.guid, body.description]);
        await addMember(tx, channel.guid, user.guid, 2);
        for (const m of extra) await addMember(tx, channel.guid, m.target_user_guid, m.member_type);
        return channel;
      });
      await notify.sendChannel(await memberGuids(db, created.guid), created.guid, 'add');
      const others = extra.map((m) => m.target_user_guid);
      await notify.alert(others, ALERT_TYPE.addedToTeam, `${fullName(user)} added you to ${body.name}.`, { ...created, name: body.name });
      return { isOk: true, address: created.address, guid: created.guid, source: 'local' };
    },

    async teamsModify(user, body) {
      const team = await managedTeam(user, body.guid);
      if (team.name !== body.name) {
        await renameTeam(db, team.guid, body.name);
        await notify.sendChannel(await memberGuids(db, team.guid), team.guid, 'modify');
      }
      return { isOk: true };
    },

    async teamsDelete(user, body) {
      const team = await managedTeam(user, body.guid);
      const former = await db.transaction((tx) => deleteTeam(tx, team.guid));
      hub.sendToUsers(former, 'CHA', { action: 'remove', address: team.address });
      return { isOk: true };
    },

    async teamsList(user) {
      return { isOk: true, teams: await listTeams(db, user.company_guid, user.guid, false) };
    },

    async departmentsList(user) {
      return { isOk: true, departments: await listTeams(db, user.company_guid, user.guid, true) };
    },

    async teamsSetFlags(user, body) {
      const team = await managedTeam(user, body.team_guid);
      if (team.is_private === body.is_private && team.is_open === body.is_open) return { isOk: true };
      await setTeamFlags(db, team.guid, body);
      const members = await memberGuids(db, team.guid);
      await notify.sendChannel(members, team.guid, 'change');
      await notify.alert(
        members.filter((g) => g !== user.guid),
        ALERT_TYPE.teamPrivacyChanged,
        MANAGE_MESSAGES.privacy(fullName(user), team.name, body),
        team,
      );
      return { isOk: true };
    },

    async teamsMoveToCompany(user, body) {
      const team = await visibleTeam(user, body.team_guid);
      if (team.company_guid === user.company_guid) throw reject(400, TEAM_REASONS.alreadyInCompany);
      const mine = { ...team, member_type: await memberType(db, team.guid, user.guid) };
      if (!canMoveToCompany(mine, user)) throw reject(400, TEAM_REASONS.moveToCompany);
      await setTeamCompany(db, team.guid, user.company_guid);
      // One frame says it all: change_company carries the channel with its new company and external state.
      await refreshExternal(db, team.guid);
      await notify.sendChannel(await memberGuids(db, team.guid), team.guid, 'change_company');
      return { isOk: true };
    },

    async channelLeave(user, body) {
      const channel = await memberChannel(db, user, body.address);
      if (!canLeave({ channel_type: channel.wire.channel_type, etype: channel.wire.etype, is_member: true })) throw reject(400, TEAM_REASONS.cannotLeave);
      const team = await getTeam(db, channel.guid);
      if (!team) throw reject(400, TEAM_REASONS.cannotLeave);
      if (channel.wire.member_type === 2 && (await adminCount(db, team.guid)) <= 1 && (await memberGuids(db, team.guid)).length > 1) {
        throw reject(400, TEAM_REASONS.lastAdmin);
      }
      await removeMember(db, team.guid, user.guid);
      // The user's other devices drop it; the rest of the team sees them go.
      hub.sendToUsers([user.guid], 'CHA', { action: 'remove', address: team.address });
      await notify.memberRemoved(team, user.guid);
      await notify.alert(await teamAdminGuids(db, team.guid), ALERT_TYPE.leftTeam, MANAGE_MESSAGES.left(fullName(user), team.name), team);
      await notify.refreshExternal(team);
      return { isOk: true };
    },
  };
}
