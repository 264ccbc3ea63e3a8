/**
 * Teams and departments (spec 1 §7 "Channels and teams", spec 3 §7.3): join
 * requests, creating, renaming, deleting, listing, privacy flags, leaving and
 * moving to a company. Members, invites and blocking are in team-members.ts.
 */
import { z } from 'zod';
import { TeamSummary } from '../team-entities';
import { NAME_MAX } from '../rules/team-rules';
import { guid, ok, secure, secureGet } from './endpoint';

/**
 * teams/request: `join` asks to join a team (an open team is joined at once:
 * result 'joined'; otherwise its admins get a request-to-join alert: result
 * 'requested'); `cancel` withdraws a pending request.
 */
export const TeamsRequestRequest = z.object({ action: z.enum(['join', 'cancel']), team_guid: guid });
export const TeamsRequestResponse = z.object({ isOk: ok, result: z.enum(['joined', 'requested', 'cancelled']) });

/** teams/process: an admin approves or denies the join request `guid` named by the alert `alert_guid`. */
export const TeamsProcessRequest = z.object({ alert_guid: guid, guid, approve: z.boolean() });
export const TeamsProcessResponse = z.object({ isOk: ok, result: z.enum(['approved', 'denied']) });

export const TeamName = z
  .string()
  .trim()
  .min(1, 'A team needs a name.')
  .max(NAME_MAX, `A team name has at most ${NAME_MAX} characters.`);

export const MemberEntry = z.object({ target_user_guid: guid, member_type: z.union([z.literal(0), z.literal(2)]).default(0) });

/**
 * teams/create (spec 1 §7, spec 3 §7.3). The flags stay optional here on
 * purpose: the defaults, and `is_open` following `read_only` when it is given,
 * are applied by `creationFlags` (protocol/rules/team-rules.ts).
 */
export const TeamsCreateRequest = z.object({
  name: TeamName,
  is_hr: z.boolean().default(false),
  description: z.string().trim().max(1_000, 'A description has at most 1000 characters.').default(''),
  is_private: z.boolean().optional(),
  read_only: z.boolean().optional(),
  is_open: z.boolean().optional(),
  members: z.array(MemberEntry).max(1_000).default([]),
});
export const TeamsCreateResponse = z.object({ isOk: ok, address: guid, guid, source: z.string().max(200) });

export const TeamsModifyRequest = z.object({ guid, name: TeamName });
export const TeamsDeleteRequest = z.object({ guid });
export const OkResponse = z.object({ isOk: ok });

export const TeamsListResponse = z.object({ isOk: ok, teams: z.array(TeamSummary).max(100_000) });
export const DepartmentsListResponse = z.object({ isOk: ok, departments: z.array(TeamSummary).max(100_000) });

export const SetFlagsRequest = z.object({ team_guid: guid, is_private: z.boolean(), is_open: z.boolean() });
export const MoveToCompanyRequest = z.object({ team_guid: guid });
export const LeaveRequest = z.object({ address: guid });

const C = '/confirmed/corporate';

export const teamEndpoints = {
  teamsRequest: secure(`${C}/teams/request`, TeamsRequestRequest, TeamsRequestResponse),
  teamsProcess: secure(`${C}/teams/process`, TeamsProcessRequest, TeamsProcessResponse),
  teamsCreate: secure(`${C}/teams/create`, TeamsCreateRequest, TeamsCreateResponse),
  teamsModify: secure(`${C}/teams/modify`, TeamsModifyRequest, OkResponse),
  teamsDelete: secure(`${C}/teams/delete`, TeamsDeleteRequest, OkResponse),
  teamsList: secureGet(`${C}/teams/list`, TeamsListResponse),
  departmentsList: secureGet(`${C}/departments_list`, DepartmentsListResponse),
  teamsSetFlags: secure(`${C}/teams/set_private_open_flags`, SetFlagsRequest, OkResponse),
  teamsMoveToCompany: secure(`${C}/teams/move_to_company`, MoveToCompanyRequest, OkResponse),
  channelLeave: secure(`${C}/channel/leave`, LeaveRequest, OkResponse),
} as const;
