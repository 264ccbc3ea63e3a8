/**
 * A team's members and email invitations (spec 1 §7), and blocking people of
 * another company (spec 1 §4). Members and the company admins of the team's
 * company see the members; invitations (they carry addresses) only those who
 * manage the team. Adding people of another company needs
 * `external_confirmed`; departments take no external members.
 */
import { ALERT_TYPE } from '../../protocol/rules/alerts';
import { splitEmailList } from '../../protocol/rules/email';
import { canBlock, canLeave, canManageTeam, TEAM_REASONS } from '../../protocol/rules/team-rules';
import { createAlert } from '../alert-store';
import { addMember, memberGuids } from '../channel-store';
import { blockUser, companyName, isBlocked, reinstateUser } from '../block-store';
import type { Queryable } from '../db';
import { reject } from '../http-util';
import { createInvites, dismissReminders, listInvites, remindInvites, revokeInvite } from '../invite-store';
import { adminCount, getTeam, memberType, removeMember, setMemberType, teamAdminGuids, teamMembers, type TeamRow } from '../team-store';
import { fullName, getUser, type UserRow } from '../user-store';
import { MESSAGES, type Handlers, type RouteDeps } from './context';
import { createTeamNotifier } from './team-notify';

export const MEMBER_MESSAGES = {
  noPerson: 'No such person.',
  notMember: 'That person is not a member of this team.',
  noInvite: 'No invitation found',
  blocked: (name: string) => `${name} is blocked from your company.`,
  hasAccount: (email: string) => `${email} already has an account: add them as a member instead.`,
  youWereBlocked: (company: string) => `You have been blocked from company ${company}`,
  added: (actor: string, team: string) => `${actor} added you to ${team}.`,
  removed: (actor: string, team: string) => `${actor} removed you from ${team}.`,
  addedBy: (actor: string, person: string, team: string) => `${actor} added ${person} to ${team}.`,
  removedBy: (actor: string, person: string, team: string) => `${actor} removed ${person} from ${team}.`,
} as const;

type Names = 'teamMembers' | 'teamMembersUpdate' | 'teamMemberDelete' | 'emailInvite' | 'emailInviteDelete' | 'emailsRemind' | 'emailsDismiss' | 'blockUser';

/** The email domains of a company's people: an invitation to another domain is external. */
async function companyDomains(db: Queryable, companyGuid: string): Promise<Set<string>> {
  const rows = await db.query<{ d: string }>("SELECT DISTINCT lower(split_part(email, '@', 2)) AS d FROM users WHERE company_guid = $1 AND email IS NOT NULL", [companyGuid]);
  return new Set(rows.map((r) => r.d));
}

export function teamMemberHandlers({ db, hub, presence, log }: RouteDeps): Handlers<Names> {
  const notify = createTeamNotifier(db, hub);

  const standing = async (user: UserRow, team: TeamRow) => {
    const mt = await memberType(db, team.guid, user.guid);
    return { isMember: mt !== null, manages: canManageTeam({ ...team, member_type: mt }, user) };
  };

  /** The team if the user is a member or manages it; otherwise 404 (not visible). */
  const seenTeam = async (user: UserRow, guid: string) => {
    const team = await getTeam(db, guid);
    if (!team) throw reject(404, MESSAGES.noChannel);
    const s = await standing(user, team);
    if (!s.isMember && !s.manages) throw reject(404, MESSAGES.noChannel);
    return { team, ...s };
  };

  const managedTeam = async (user: UserRow, guid: string): Promise<TeamRow> => {
    const { team, manages } = await seenTeam(user, guid);
    if (!manages) throw reject(400, TEAM_REASONS.notManager);
    return team;
  };

  /** Who may see invitations: members who manage the team. */
  const managers = async (team: TeamRow): Promise<string[]> => {
    const out: string[] = [];
    for (const g of await memberGuids(db, team.guid)) {
      const u = await getUser(db, g);
      if (u && canManageTeam({ ...team, member_type: await memberType(db, team.guid, g) }, u)) out.push(g);
    }
    return out;
  };

  const listing = async (user: UserRow, team: TeamRow, manages: boolean) => ({
    isOk: true as const,
    members: await teamMembers(db, team, user.is_company_admin && team.company_guid === user.company_guid),
    invites: manages ? await listInvites(db, team.guid) : [],
  });

  /**
   * A blocked member leaves the team's list for its members (member_removed),
   * but the company admins keep seeing them, marked blocked (member_updated),
   * as team/members lists them, so they can reinstate them.
   */
  const blockedMemberGone = async (team: TeamRow, userGuid: string): Promise<void> => {
    const entry = (await teamMembers(db, team, true)).find((m) => m.target_user_guid === userGuid);
    for (const g of await memberGuids(db, team.guid)) {
      const u = await getUser(db, g);
      if (entry && u?.is_company_admin && u.company_guid === team.company_guid) hub.sendToUsers([g], 'CHA', { action: 'member_updated', address: team.address, member: entry });
      else hub.sendToUsers([g], 'CHA', { action: 'member_removed', address: team.address, target_user_guid: userGuid });
    }
  };

  const otherAdmins = async (team: TeamRow, ...except: string[]) => (await teamAdminGuids(db, team.guid)).filter((g) => !except.includes(g));

  return {
    async teamMembers(user, body) {
      const { team, manages } = await seenTeam(user, body.team_guid);
      return listing(user, team, manages);
    },

    async teamMembersUpdate(user, body) {
      const team = await managedTeam(user, body.team_guid);
      const plan: { person: UserRow; member_type: 0 | 2; current: 0 | 2 | null }[] = [];
      for (const entry of body.members) {
        const person = await getUser(db, entry.target_user_guid);
        if (!person || person.user_type === 2 || person.is_blocked) throw reject(400, MEMBER_MESSAGES.noPerson, { members: MEMBER_MESSAGES.noPerson });
        if (person.company_guid !== team.company_guid) {
          if (team.is_hr) throw reject(400, TEAM_REASONS.noExternalInDepartments, { members: TEAM_REASONS.noExternalInDepartments });
          if (await isBlocked(db, team.company_guid, person.guid)) throw reject(400, MEMBER_MESSAGES.blocked(fullName(person)), { members: MEMBER_MESSAGES.blocked(fullName(person)) });
          if (!body.external_confirmed) throw reject(400, TEAM_REASONS.externalNeedsConfirmation, { external_confirmed: TEAM_REASONS.externalNeedsConfirmation });
        }
        plan.push({ person, member_type: entry.member_type, current: await memberType(db, team.guid, person.guid) });
      }
      const demoted = plan.filter((p) => p.current === 2 && p.member_type === 0).length;
      if (demoted > 0 && (await adminCount(db, team.guid)) - demoted < 1) throw reject(400, TEAM_REASONS.lastAdmin, { members: TEAM_REASONS.lastAdmin });

      for (const p of plan) {
        if (p.current === null) {
          await addMember(db, team.guid, p.person.guid, p.member_type);
          await notify.sendChannel([p.person.guid], team.guid, 'add');
          await notify.memberChanged(team, p.person.guid, 'member_added');
          await notify.alert([p.person.guid], ALERT_TYPE.addedToTeam, MEMBER_MESSAGES.added(fullName(user), team.name), team);
          await notify.alert(await otherAdmins(team, user.guid, p.person.guid), ALERT_TYPE.memberAddedByAdmin, MEMBER_MESSAGES.addedBy(fullName(user), fullName(p.person), team.name), team);
        } else if (p.current !== p.member_type) {
          await setMemberType(db, team.guid, p.person.guid, p.member_type);
          await notify.memberChanged(team, p.person.guid, 'member_updated');
        }
      }
      await notify.refreshExternal(team);
      return listing(user, team, true);
    },

    async teamMemberDelete(user, body) {
      const self = body.target_user_guid === user.guid;
      const team = self ? (await seenTeam(user, body.team_guid)).team : await managedTeam(user, body.team_guid);
      if (self && !canLeave({ ...team, channel_type: 1, is_member: true })) throw reject(400, TEAM_REASONS.cannotLeave);
      const current = await memberType(db, team.guid, body.target_user_guid);
      if (current === null) throw reject(404, MEMBER_MESSAGES.notMember);
      if (current === 2 && (await adminCount(db, team.guid)) <= 1 && (await memberGuids(db, team.guid)).length > 1) throw reject(400, TEAM_REASONS.lastAdmin);
      const person = await getUser(db, body.target_user_guid);
      await removeMember(db, team.guid, body.target_user_guid);
      hub.sendToUsers([body.target_user_guid], 'CHA', { action: 'remove', address: team.address });
      await notify.memberRemoved(team, body.target_user_guid);
      if (person && person.guid !== user.guid) {
        await notify.alert([person.guid], ALERT_TYPE.removedFromTeam, MEMBER_MESSAGES.removed(fullName(user), team.name), team);
        await notify.alert(await otherAdmins(team, user.guid), ALERT_TYPE.memberRemovedByAdmin, MEMBER_MESSAGES.removedBy(fullName(user), fullName(person), team.name), team);
      } else if (person) {
        await notify.alert(await otherAdmins(team, user.guid), ALERT_TYPE.leftTeam, `${fullName(person)} left ${team.name}.`, team);
      }
      await notify.refreshExternal(team);
      return { isOk: true };
    },

    async emailInvite(user, body) {
      const team = await managedTeam(user, body.team_guid);
      // One invitation per address, as first written (addresses compare case-insensitively).
      const seen = new Set<string>();
      const emails = splitEmailList(body.emails).filter((e) => !seen.has(e.toLowerCase()) && seen.add(e.toLowerCase()));
      const domains = await companyDomains(db, team.company_guid);
      const entries = [];
      for (const email of emails) {
        const known = await db.query<{ guid: string }>('SELECT guid FROM users WHERE lower(email) = lower($1)', [email]);
        if (known[0]) throw reject(400, MEMBER_MESSAGES.hasAccount(email), { emails: MEMBER_MESSAGES.hasAccount(email) });
        const is_external = !domains.has(email.split('@')[1]!.toLowerCase());
        if (is_external && team.is_hr) throw reject(400, TEAM_REASONS.noExternalInDepartments, { emails: TEAM_REASONS.noExternalInDepartments });
        if (is_external && !body.external_confirmed) throw reject(400, TEAM_REASONS.externalNeedsConfirmation, { external_confirmed: TEAM_REASONS.externalNeedsConfirmation });
        entries.push({ email, member_type: body.member_type, is_external });
      }
      const results = await createInvites(db, team.guid, user.guid, entries);
      const created = results.filter((r) => r.created).map((r) => r.invite);
      for (const invite of created) log?.(`email invitation to ${invite.original_email} for ${team.name} (not sent: the local server has no mail)`);
      const to = await managers(team);
      for (const invite of created) hub.sendToUsers(to, 'CHA', { action: 'invite_added', address: team.address, invite });
      return { isOk: true, invites: results.map((r) => r.invite) };
    },

    async emailInviteDelete(user, body) {
      const team = await managedTeam(user, body.team_guid);
      if (!(await revokeInvite(db, team.guid, body.guid))) throw reject(404, MEMBER_MESSAGES.noInvite);
      hub.sendToUsers(await managers(team), 'CHA', { action: 'invite_removed', address: team.address, invite_guid: body.guid });
      return { isOk: true };
    },

    async emailsRemind(user, body) {
      const team = await managedTeam(user, body.team_guid);
      const reminded = await remindInvites(db, team.guid, body.guids);
      const to = await managers(team);
      for (const invite of reminded) {
        log?.(`email reminder to ${invite.original_email} for ${team.name}`);
        hub.sendToUsers(to, 'CHA', { action: 'invite_added', address: team.address, invite });
      }
      return { isOk: true, invites: reminded };
    },

    async emailsDismiss(user, body) {
      const team = await managedTeam(user, body.team_guid);
      const changed = await dismissReminders(db, team.guid, body.guids);
      const to = await managers(team);
      for (const invite of changed) hub.sendToUsers(to, 'CHA', { action: 'invite_added', address: team.address, invite });
      return { isOk: true };
    },

    async blockUser(user, body) {
      const target = await getUser(db, body.target_user_guid);
      if (!target || target.user_type === 2) throw reject(404, MEMBER_MESSAGES.noPerson);
      if (!user.is_company_admin) throw reject(400, TEAM_REASONS.blockAdminsOnly);
      if (!canBlock(user, target)) throw reject(400, TEAM_REASONS.blockOwnCompany, { target_user_guid: TEAM_REASONS.blockOwnCompany });
      const company = await companyName(db, user.company_guid);
      const changed = await db.transaction((tx) =>
        body.is_blocked ? blockUser(tx, user.company_guid, target.guid, user.guid) : reinstateUser(tx, user.company_guid, target.guid),
      );
      if (changed === null) return { isOk: true }; // already so: a harmless retry
      hub.sendToUsers([target.guid], 'BLO', { company_guid: user.company_guid, company_name: company, is_blocked: body.is_blocked });
      // The company's people who see them (their direct messages, connections) see them blocked, or no longer.
      await presence.blockChanged(target.guid, user.company_guid);
      for (const channelGuid of changed) {
        const team = await getTeam(db, channelGuid);
        if (team && body.is_blocked) await blockedMemberGone(team, target.guid);
        if (team && !body.is_blocked) await notify.memberChanged(team, target.guid, 'member_added');
        await notify.refreshExternal({ guid: channelGuid });
      }
      // A stored alert, not only the frame: someone offline when blocked still learns it (last_alerts).
      if (body.is_blocked) {
        await createAlert(db, hub, {
          user_guid: target.guid,
          alert_type: ALERT_TYPE.informationAlert,
          message: MEMBER_MESSAGES.youWereBlocked(company),
          target: { company_guid: user.company_guid, name: company },
        });
      }
      return { isOk: true };
    },
  };
}
