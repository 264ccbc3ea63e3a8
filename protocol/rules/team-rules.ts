/**
 * Who may do what with a team or department, and the creation defaults (spec 1
 * §5, §6). Shared by the client (which buttons it offers) and the server (which
 * refuses), so the two cannot disagree. The spec does not say which role may
 * call which endpoint; Plaza's choices are documented in docs/protocol.md.
 */
import type { Channel } from '../entities';

export type TeamSubject = Pick<Channel, 'channel_type' | 'etype' | 'member_type' | 'company_guid'>;
export interface TeamActor {
  company_guid: string;
  is_company_admin: boolean;
}

export const TEAM_REASONS = {
  notManager: 'Only the team’s admins or a company admin can do that.',
  notTeam: 'Only teams and departments can be managed.',
  departmentsAdminsOnly: 'Only company admins can create departments.',
  cannotLeave: 'You cannot leave this conversation.',
  lastAdmin: 'A team needs at least one admin: make someone else an admin first.',
  moveToCompany: 'Only a company admin who is an admin of the team can move it to their company.',
  alreadyInCompany: 'This team already belongs to your company.',
  blockAdminsOnly: 'Only company admins can block people.',
  blockOwnCompany: 'People of your own company cannot be blocked from it.',
  externalNeedsConfirmation: 'Adding people from another company needs confirmation.',
  noExternalInDepartments: 'Departments cannot have members from another company.',
} as const;

const isTeamLike = (t: Pick<Channel, 'channel_type'>): boolean => t.channel_type === 1;

/** Team admins (member_type 2) and the company admins of the team's company manage a team. */
export function canManageTeam(team: TeamSubject, actor: TeamActor): boolean {
  if (!isTeamLike(team)) return false;
  return team.member_type === 2 || (actor.is_company_admin && team.company_guid === actor.company_guid);
}

/**
 * Members may leave teams and departments; nobody leaves the company channel,
 * an announcement channel, a direct message or a task (the server also keeps
 * the last admin from leaving).
 */
export function canLeave(channel: Pick<Channel, 'channel_type' | 'etype' | 'is_member'>): boolean {
  return isTeamLike(channel) && channel.etype !== 'announcement' && channel.is_member;
}

/** A team of another company moves into the actor's company only by someone who is both its admin and a company admin. */
export function canMoveToCompany(team: TeamSubject, actor: TeamActor): boolean {
  return isTeamLike(team) && team.member_type === 2 && actor.is_company_admin && team.company_guid !== actor.company_guid;
}

/** Company admins block (and reinstate) people of other companies from their own company. */
export function canBlock(actor: TeamActor, target: { company_guid: string }): boolean {
  return actor.is_company_admin && target.company_guid !== actor.company_guid;
}

export interface CreationFlags {
  is_private: boolean;
  read_only: boolean;
  is_open: boolean;
}

/**
 * Channel creation defaults (spec 1 §5): is_private true, read_only false,
 * is_open true. As coded in the product, when `read_only` is given the open
 * flag is taken from it (a read-only team is open, a writable one is not),
 * whatever `is_open` says. Plaza keeps that quirk exactly; the create form
 * shows the effective flags so nobody is surprised.
 */
export function creationFlags(input: { is_private?: boolean | undefined; read_only?: boolean | undefined; is_open?: boolean | undefined }): CreationFlags {
  return {
    is_private: input.is_private ?? true,
    read_only: input.read_only ?? false,
    is_open: input.read_only !== undefined ? input.read_only : (input.is_open ?? true),
  };
}

/** Team and folder names: trimmed, 1–100 characters. */
export const NAME_MAX = 100;
