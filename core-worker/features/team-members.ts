/**
 * A team's members panel (spec 1 §7): loaded when opened (lazy), adding
 * people and changing their type, removing them, email invitations ('Email
 * invitation has been sent to {email}', spec 1 §8) and their reminders, and
 * blocking people of another company (company admins).
 */
import { ok } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';
import { teamAt } from './teams';

type Methods =
  | '$loadTeamMembers'
  | '$addTeamMembers'
  | '$setMemberAdmin'
  | '$removeTeamMember'
  | '$inviteByEmail'
  | '$revokeInvite'
  | '$remindInvites'
  | '$dismissInviteReminders'
  | '$setBlocked';

export const MEMBER_TEXTS = {
  inviteSentTitle: 'Invitation sent',
  inviteSent: (email: string) => `Email invitation has been sent to ${email}`,
  remindedTitle: 'Reminders sent',
  reminded: (emails: string[]) => `Sent again to ${emails.join(', ')}.`,
  noneDueTitle: 'No reminders due',
  noneDue: 'Every invitation was sent within the last day.',
} as const;

export function createTeamMembersFeature(ctx: CoreContext): Feature<Methods> {
  const { runtime, publisher } = ctx;

  const setLoad = (address: string, loading: boolean, error: string | null): void => {
    runtime.teams.members.set(address, { loading, error });
    publisher.changes.teamMembers.add(address);
    publisher.schedule();
  };

  return {
    api: {
      async $loadTeamMembers(address) {
        await ctx.ready();
        const team = teamAt(ctx, address);
        if (!team.ok) return team;
        const at = ctx.epoch;
        setLoad(address, true, null);
        const result = await ctx.api.call('teamMembers', { team_guid: team.value.guid });
        if (at !== ctx.epoch) return ok(null);
        if (!result.ok) {
          setLoad(address, false, `Could not load members: ${result.error.message}`);
          return result;
        }
        setLoad(address, false, null);
        ctx.dispatch('rest', [{ type: 'team.members_listed', address, members: result.value.members, invites: result.value.invites }]);
        return ok(null);
      },

      async $addTeamMembers(address, userGuids, options = {}) {
        await ctx.ready();
        const team = teamAt(ctx, address);
        if (!team.ok) return team;
        const member_type = options.asAdmins ? 2 : 0;
        const result = await ctx.api.call('teamMembersUpdate', {
          team_guid: team.value.guid,
          members: userGuids.map((target_user_guid) => ({ target_user_guid, member_type })),
          external_confirmed: options.externalConfirmed ?? false,
        });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'team.members_listed', address, members: result.value.members, invites: result.value.invites }]);
        return ok(null);
      },

      async $setMemberAdmin(address, userGuid, isAdmin) {
        await ctx.ready();
        const team = teamAt(ctx, address);
        if (!team.ok) return team;
        const result = await ctx.api.call('teamMembersUpdate', {
          team_guid: team.value.guid,
          members: [{ target_user_guid: userGuid, member_type: isAdmin ? 2 : 0 }],
          external_confirmed: false,
        });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'team.members_listed', address, members: result.value.members, invites: result.value.invites }]);
        return ok(null);
      },

      async $removeTeamMember(address, userGuid) {
        await ctx.ready();
        const team = teamAt(ctx, address);
        if (!team.ok) return team;
        const result = await ctx.api.call('teamMemberDelete', { team_guid: team.value.guid, target_user_guid: userGuid });
        if (!result.ok) return result;
        const me = ctx.credentials?.user_guid;
        ctx.dispatch('rest', [userGuid === me ? { type: 'channel.removed', address } : { type: 'team.member_removed', address, user_guid: userGuid }]);
        return ok(null);
      },

      async $inviteByEmail(address, emails, options = {}) {
        await ctx.ready();
        const team = teamAt(ctx, address);
        if (!team.ok) return team;
        // Known before asking: the server tells the team's managers — the sender too — of each new
        // invitation on the socket (CHA invite_added), which can be folded before this answer arrives.
        const known = new Set(ctx.projections.teams.panels.get(address)?.invites.keys());
        const result = await ctx.api.call('emailInvite', {
          team_guid: team.value.guid,
          emails,
          member_type: options.asAdmins ? 2 : 0,
          external_confirmed: options.externalConfirmed ?? false,
        });
        if (!result.ok) return result;
        const fresh = result.value.invites.filter((i) => !known.has(i.guid));
        ctx.dispatch('rest', [{ type: 'team.invites_upserted', address, invites: result.value.invites }]);
        for (const invite of fresh) ctx.showToast({ title: MEMBER_TEXTS.inviteSentTitle, body: MEMBER_TEXTS.inviteSent(invite.original_email), kind: 'success' });
        return ok({ sent: fresh.map((i) => i.original_email) });
      },

      async $revokeInvite(address, inviteGuid) {
        await ctx.ready();
        const team = teamAt(ctx, address);
        if (!team.ok) return team;
        const result = await ctx.api.call('emailInviteDelete', { team_guid: team.value.guid, guid: inviteGuid });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'team.invite_removed', address, guid: inviteGuid }]);
        return ok(null);
      },

      async $remindInvites(address, inviteGuids) {
        await ctx.ready();
        const team = teamAt(ctx, address);
        if (!team.ok) return team;
        const result = await ctx.api.call('emailsRemind', { team_guid: team.value.guid, ...(inviteGuids ? { guids: inviteGuids } : {}) });
        if (!result.ok) return result;
        const reminded = result.value.invites;
        if (reminded.length) {
          ctx.dispatch('rest', [{ type: 'team.invites_upserted', address, invites: reminded }]);
          ctx.showToast({ title: MEMBER_TEXTS.remindedTitle, body: MEMBER_TEXTS.reminded(reminded.map((i) => i.original_email)), kind: 'success' });
        } else {
          ctx.showToast({ title: MEMBER_TEXTS.noneDueTitle, body: MEMBER_TEXTS.noneDue, kind: 'info' });
        }
        return ok({ reminded: reminded.length });
      },

      async $dismissInviteReminders(address, inviteGuids) {
        await ctx.ready();
        const team = teamAt(ctx, address);
        if (!team.ok) return team;
        const result = await ctx.api.call('emailsDismiss', { team_guid: team.value.guid, guids: inviteGuids });
        if (!result.ok) return result;
        const known = ctx.projections.teams.panels.get(address)?.invites;
        const invites = inviteGuids.flatMap((g) => {
          const invite = known?.get(g);
          return invite ? [{ ...invite, remind_due: false }] : [];
        });
        if (invites.length) ctx.dispatch('rest', [{ type: 'team.invites_upserted', address, invites }]);
        return ok(null);
      },

      async $setBlocked(userGuid, blocked) {
        await ctx.ready();
        // What changes (members, channels, external state) arrives as CHA frames.
        const result = await ctx.api.call('blockUser', { target_user_guid: userGuid, is_blocked: blocked });
        return result.ok ? ok(null) : result;
      },
    },
  };
}
