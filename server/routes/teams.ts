/**
 * Joining teams (spec 1 §4, §7): teams/request and teams/process.
 *
 * Plaza's reading of the flags (the spec does not define them): every team and
 * department of the company can be asked to join; `is_open` means anyone may
 * join at once (result 'joined'), otherwise the team's admins get a
 * request-to-join alert (type 1) and one of them approves or denies it.
 * Approval makes the person a member (alert type 2); denial sends alert type 3
 * 'Your request to join {name} was denied.'. Either way every admin's alert for
 * that request is dismissed (spec 1 §4).
 */
import { ALERT_TYPE } from '../../protocol/rules/alerts';
import { createAlert, dismissAlertsByTarget, getAlert } from '../alert-store';
import { addMember } from '../channel-store';
import { reject } from '../http-util';
import { getJoinRequest, getTeam, memberType, openJoinRequest, pendingJoinRequest, settleJoinRequest, teamAdminGuids, type TeamRow } from '../team-store';
import { fullName, getUser, listCompanyUsers, type UserRow } from '../user-store';
import { MESSAGES, type Handlers, type RouteDeps } from './context';
import { createTeamNotifier } from './team-notify';

export const TEAM_MESSAGES = {
  noAlert: 'No alert found',
  notARequest: 'This alert is not a request to join a team.',
  requestMismatch: 'guid: the alert is about another request.',
  notAdmin: 'Only the team’s admins can answer join requests.',
  alreadyAnswered: 'This request was already answered.',
  noRequest: 'You have no pending request to join this team.',
  denied: (name: string) => `Your request to join ${name} was denied.`,
  approved: (name: string) => `Your request to join ${name} was approved.`,
  asks: (person: string, team: string) => `${person} asks to join ${team}.`,
  joined: (person: string, team: string) => `${person} joined ${team}.`,
} as const;

export function teamHandlers({ db, hub }: RouteDeps): Handlers<'teamsRequest' | 'teamsProcess'> {
  /** The team in the user's company, or 404 (other companies' teams do not exist for them). */
  const teamOf = async (user: UserRow, guid: string): Promise<TeamRow> => {
    const team = await getTeam(db, guid);
    if (!team || team.company_guid !== user.company_guid) throw reject(404, MESSAGES.noChannel);
    return team;
  };

  const notify = createTeamNotifier(db, hub);

  /** Makes `userGuid` a member and tells them (CHA add, with the channel as they now see it) and the other members (member_added). */
  const admit = async (team: TeamRow, userGuid: string): Promise<void> => {
    await addMember(db, team.guid, userGuid, 0);
    await notify.sendChannel([userGuid], team.guid, 'add');
    await notify.memberChanged(team, userGuid, 'member_added');
  };

  /** Who answers the team's requests: its admins, or the company admins when it has none. */
  const approvers = async (team: TeamRow): Promise<string[]> => {
    const admins = await teamAdminGuids(db, team.guid);
    if (admins.length) return admins;
    return (await listCompanyUsers(db, team.company_guid)).filter((u) => u.is_company_admin).map((u) => u.guid);
  };

  return {
    async teamsRequest(user, body) {
      const team = await teamOf(user, body.team_guid);
      if (body.action === 'cancel') {
        const request = await pendingJoinRequest(db, team.guid, user.guid);
        if (!request) throw reject(400, TEAM_MESSAGES.noRequest);
        await settleJoinRequest(db, request.guid, 'cancelled', user.guid);
        await dismissAlertsByTarget(db, hub, ALERT_TYPE.requestToJoin, 'request_guid', request.guid);
        return { isOk: true, result: 'cancelled' };
      }
      if ((await memberType(db, team.guid, user.guid)) !== null) return { isOk: true, result: 'joined' };
      if (team.is_open) {
        await admit(team, user.guid);
        // Alert 12 'Member joined' (spec 1 §9) tells the team's admins who came in without asking.
        await notify.alert(await teamAdminGuids(db, team.guid), ALERT_TYPE.memberJoined, TEAM_MESSAGES.joined(fullName(user), team.name), team);
        return { isOk: true, result: 'joined' };
      }
      const { request, created } = await openJoinRequest(db, team.guid, user.guid);
      if (created) {
        for (const admin of await approvers(team)) {
          await createAlert(db, hub, {
            user_guid: admin,
            alert_type: ALERT_TYPE.requestToJoin,
            message: TEAM_MESSAGES.asks(fullName(user), team.name),
            target: { team_guid: team.guid, address: team.address, request_guid: request.guid, target_user_guid: user.guid, name: team.name },
          });
        }
      }
      return { isOk: true, result: 'requested' };
    },

    async teamsProcess(user, body) {
      const alert = await getAlert(db, body.alert_guid);
      if (!alert || alert.user_guid !== user.guid) throw reject(404, TEAM_MESSAGES.noAlert);
      if (alert.alert_type !== ALERT_TYPE.requestToJoin) throw reject(400, TEAM_MESSAGES.notARequest, { alert_guid: TEAM_MESSAGES.notARequest });
      const target = typeof alert.target === 'object' && alert.target ? alert.target : {};
      if (target['request_guid'] !== body.guid) throw reject(400, TEAM_MESSAGES.requestMismatch, { guid: TEAM_MESSAGES.requestMismatch });
      const request = await getJoinRequest(db, body.guid);
      if (!request) throw reject(404, TEAM_MESSAGES.noAlert);
      const team = await teamOf(user, request.channel_guid);
      const mayAnswer = (await memberType(db, team.guid, user.guid)) === 2 || user.is_company_admin;
      if (!mayAnswer) throw reject(400, TEAM_MESSAGES.notAdmin);

      const decision = body.approve ? 'approved' : 'denied';
      if (!(await settleJoinRequest(db, request.guid, decision, user.guid))) {
        // A retry of the same answer succeeds; a different or someone else's answer does not change it.
        const now = await getJoinRequest(db, request.guid);
        if (now?.state === decision) return { isOk: true, result: decision };
        throw reject(400, TEAM_MESSAGES.alreadyAnswered);
      }
      const requester = await getUser(db, request.user_guid);
      if (requester && body.approve) await admit(team, requester.guid);
      if (requester) {
        await createAlert(db, hub, {
          user_guid: requester.guid,
          alert_type: body.approve ? ALERT_TYPE.joinApproved : ALERT_TYPE.joinDenied,
          message: body.approve ? TEAM_MESSAGES.approved(team.name) : TEAM_MESSAGES.denied(team.name),
          target: { team_guid: team.guid, address: team.address, name: team.name },
        });
      }
      await dismissAlertsByTarget(db, hub, ALERT_TYPE.requestToJoin, 'request_guid', request.guid);
      return { isOk: true, result: decision };
    },
  };
}
