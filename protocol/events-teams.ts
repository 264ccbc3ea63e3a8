/**
 * Events of conversation folders and teams: the folder tree, where channels
 * are kept, the "Browse teams" directory, joining, and members panels. Part of
 * the DomainEvent union (events.ts).
 */
import type { Folder, Invite, TeamMember, TeamSummary } from './team-entities';

export type TeamEvent =
  /** The user's conversation folders (folders/list, or the answer to a delete). Replaces what was known. */
  | { type: 'folders.listed'; folders: Folder[] }
  /** A folder was created, renamed or moved. */
  | { type: 'folder.upserted'; folder: Folder }
  /** A folder was deleted: its channels and subfolders move up to `parent_guid`. */
  | { type: 'folder.deleted'; guid: string; parent_guid: string | null }
  /** A channel was put into a folder (null: out of every folder). */
  | { type: 'channel.folder_changed'; address: string; folder_guid: string | null }
  /** The company's teams and departments (teams/list, departments_list). Replaces what was known. */
  | { type: 'teams.listed'; teams: TeamSummary[]; departments: TeamSummary[] }
  /** The answer to asking to join (or cancelling): 'joined' makes the user a member (spec 1 §4). */
  | { type: 'team.join_result'; team_guid: string; result: 'joined' | 'requested' | 'cancelled' }
  /** A team's members and pending email invitations (team/members). Replaces what was known of that team. */
  | { type: 'team.members_listed'; address: string; members: TeamMember[]; invites: Invite[] }
  /** Someone was added to a team or their member type changed (CHA member_added / member_updated). */
  | { type: 'team.member_upserted'; address: string; member: TeamMember }
  /** Someone left or was removed from a team (CHA member_removed). */
  | { type: 'team.member_removed'; address: string; user_guid: string }
  /** Email invitations were sent or re-sent (CHA invite_added, email_invite, reminders). */
  | { type: 'team.invites_upserted'; address: string; invites: Invite[] }
  /** An email invitation was withdrawn or its reminders dismissed (CHA invite_removed). */
  | { type: 'team.invite_removed'; address: string; guid: string };
