/**
 * Teams and departments (spec 1 §4, §7): the "Browse teams" directory, asking
 * to join ('joined' makes the user a member), creating, renaming, privacy
 * flags, deleting, leaving and moving to a company; and the team actions the
 * server pushes (CHA) and blocks (BLO), read against what the user knows
 * (core-worker/team-frames.ts).
 */
import { ALERT_TYPE, alertTypeName } from '../../protocol/rules/alerts';
import { fail, ok, type Result } from '../../protocol/result';
import type { DownFrame } from '../../protocol/frames/down';
import type { CoreContext, Feature } from '../core-context';
import { bloOutcome, chaOutcome, TEAM_TEXTS } from '../team-frames';

type Methods =
  | '$loadTeamDirectory'
  | '$requestToJoin'
  | '$cancelJoinRequest'
  | '$createTeam'
  | '$renameTeam'
  | '$deleteTeam'
  | '$setTeamFlags'
  | '$moveTeamToCompany'
  | '$leaveChannel';

export const notATeam = { name: 'NotFound', message: 'That team is not in your list.' } as const;

/** The team channel the user has at `address`, or a NotFound failure. */
export function teamAt(ctx: CoreContext, address: string): Result<{ guid: string; address: string }> {
  const channel = ctx.projections.channels.byAddress.get(address)?.channel;
  if (!channel || channel.channel_type !== 1) return fail(notATeam);
  return ok({ guid: channel.guid, address });
}

export function createTeamsFeature(ctx: CoreContext, refreshChannels: () => Promise<void>): Feature<Methods> {
  const { runtime, publisher } = ctx;

  const setDirectoryLoad = (loading: boolean, error: string | null): void => {
    runtime.teams.directory = { loading, error };
    publisher.changes.teamDirectory = true;
    publisher.schedule();
  };

  /** Refreshes the channel list when a channel the user now has is not known yet (the socket may be slow or down). */
  const ensureChannel = async (address: string): Promise<void> => {
    if (!ctx.projections.channels.byAddress.has(address)) await refreshChannels();
  };

  /** A membership change (CHA) or a block (BLO): its events, toasts, and an alert when access comes back. */
  function onMembershipFrame(frame: Extract<DownFrame, { code: 'CHA' | 'BLO' }>): void {
    const outcome = frame.code === 'CHA' ? chaOutcome(frame.data, ctx.projections, ctx.credentials?.user_guid) : bloOutcome(frame.data, ctx.projections);
    if (outcome.rejection) {
      ctx.rejections.reject(frame.code, outcome.rejection);
      return;
    }
    ctx.dispatch('socket', outcome.events);
    for (const toast of outcome.toasts) ctx.showToast(toast);
    if (outcome.reinstated) {
      const guid = ctx.deps.random.uuid();
      const message = TEAM_TEXTS.accessRestored(outcome.reinstated.company_name);
      ctx.dispatch('socket', [
        {
          type: 'alert.received',
          alert: {
            guid,
            alert_type: ALERT_TYPE.accessRestored,
            alert_type_name: alertTypeName(ALERT_TYPE.accessRestored),
            alert_created: ctx.deps.clock.now(),
            message,
            target: { company_guid: outcome.reinstated.company_guid },
            is_dismissed: false,
            toast_id: null,
          },
        },
      ]);
      ctx.showToast({ title: alertTypeName(ALERT_TYPE.accessRestored), body: message, kind: 'info', alert_guid: guid });
    }
  }

  return {
    api: {
      async $loadTeamDirectory() {
        await ctx.ready();
        const at = ctx.epoch;
        setDirectoryLoad(true, null);
        const [teams, departments] = await Promise.all([ctx.api.call('teamsList', {}), ctx.api.call('departmentsList', {})]);
        if (at !== ctx.epoch) return ok(null);
        const failed = !teams.ok ? teams : !departments.ok ? departments : null;
        if (failed && !failed.ok) {
          setDirectoryLoad(false, `Could not load teams: ${failed.error.message}`);
          return failed;
        }
        setDirectoryLoad(false, null);
        if (teams.ok && departments.ok) ctx.dispatch('rest', [{ type: 'teams.listed', teams: teams.value.teams, departments: departments.value.departments }]);
        return ok(null);
      },

      async $requestToJoin(teamGuid) {
        await ctx.ready();
        const result = await ctx.api.call('teamsRequest', { action: 'join', team_guid: teamGuid });
        if (!result.ok) return result;
        const outcome = result.value.result === 'joined' ? 'joined' : 'requested';
        ctx.dispatch('rest', [{ type: 'team.join_result', team_guid: teamGuid, result: outcome }]);
        if (outcome === 'joined') {
          const entry = [...(ctx.projections.teams.directory?.teams ?? []), ...(ctx.projections.teams.directory?.departments ?? [])].find((t) => t.guid === teamGuid);
          if (!entry || !ctx.projections.channels.byAddress.has(entry.address)) await refreshChannels();
        }
        return ok({ result: outcome });
      },

      async $cancelJoinRequest(teamGuid) {
        await ctx.ready();
        const result = await ctx.api.call('teamsRequest', { action: 'cancel', team_guid: teamGuid });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'team.join_result', team_guid: teamGuid, result: 'cancelled' }]);
        return ok(null);
      },

      async $createTeam(team) {
        await ctx.ready();
        const result = await ctx.api.call('teamsCreate', { ...team, members: [] });
        if (!result.ok) return result;
        await ensureChannel(result.value.address);
        return ok({ address: result.value.address });
      },

      async $renameTeam(address, name) {
        await ctx.ready();
        const team = teamAt(ctx, address);
        if (!team.ok) return team;
        const result = await ctx.api.call('teamsModify', { guid: team.value.guid, name });
        if (!result.ok) return result;
        // Applied at once; the server's CHA modify then finds the same name and does not announce it again.
        const channel = ctx.projections.channels.byAddress.get(address)?.channel;
        if (channel) ctx.dispatch('rest', [{ type: 'channel.upserted', channel: { ...channel, name: name.trim() } }]);
        return ok(null);
      },

      async $deleteTeam(address) {
        await ctx.ready();
        const team = teamAt(ctx, address);
        if (!team.ok) return team;
        const result = await ctx.api.call('teamsDelete', { guid: team.value.guid });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'channel.removed', address }]);
        return ok(null);
      },

      async $setTeamFlags(address, flags) {
        await ctx.ready();
        const team = teamAt(ctx, address);
        if (!team.ok) return team;
        const result = await ctx.api.call('teamsSetFlags', { team_guid: team.value.guid, ...flags });
        if (!result.ok) return result;
        const channel = ctx.projections.channels.byAddress.get(address)?.channel;
        if (channel) ctx.dispatch('rest', [{ type: 'channel.upserted', channel: { ...channel, ...flags } }]);
        return ok(null);
      },

      async $moveTeamToCompany(address) {
        await ctx.ready();
        const team = teamAt(ctx, address);
        if (!team.ok) return team;
        const result = await ctx.api.call('teamsMoveToCompany', { team_guid: team.value.guid });
        if (!result.ok) return result;
        // The channel's new company arrives as CHA change_company; without a socket, the list brings it.
        if (ctx.socket.state !== 'online') await refreshChannels();
        return ok(null);
      },

      async $leaveChannel(address) {
        await ctx.ready();
        const result = await ctx.api.call('channelLeave', { address });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'channel.removed', address }]);
        return ok(null);
      },
    },

    frames: { CHA: onMembershipFrame, BLO: onMembershipFrame },

    onSessionEnded() {
      runtime.teams.directory = { loading: false, error: null };
      runtime.teams.members.clear();
    },
  };
}
