/** Teams and departments (spec 1 §7 "Channels and teams", spec 3 §7.3): join requests. */
import { z } from 'zod';
import { guid, ok, secure } from './endpoint';

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

export const teamEndpoints = {
  teamsRequest: secure('/confirmed/corporate/teams/request', TeamsRequestRequest, TeamsRequestResponse),
  teamsProcess: secure('/confirmed/corporate/teams/process', TeamsProcessRequest, TeamsProcessResponse),
} as const;
