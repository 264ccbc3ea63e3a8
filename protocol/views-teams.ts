/** Views of conversation folders and teams: sidebar folders, "Browse teams", members panels. Part of protocol/views.ts. */

/** A team's flags and the user's rights in it (protocol/rules/team-rules.ts), decided in the worker. */
export interface TeamFacts {
  guid: string;
  is_hr: boolean;
  is_open: boolean;
  read_only: boolean;
  isAdmin: boolean;
  /** Rename, flags, members, invites, delete. */
  canManage: boolean;
  canLeave: boolean;
  /** It belongs to another company and the user may move it into theirs. */
  canMoveToCompany: boolean;
}

/** A conversation folder in the sidebar (spec 1 §3 Folder). */
export interface FolderView {
  guid: string;
  name: string;
  parent_guid: string | null;
  /** 0 at the top level. */
  depth: number;
  /** Pre-order position among all folders (a folder sorts right after its parent); compare as strings. */
  sortKey: string;
  /** Unread messages in its channels and in every folder inside it. */
  unread: number;
}

/** A team or department in the "Browse teams" screen. */
export interface TeamSummaryView {
  guid: string;
  address: string;
  name: string;
  is_private: boolean;
  is_open: boolean;
  read_only: boolean;
  member_count: number;
  /** member: open it; requested: waiting for an admin (may cancel); join: open, joins at once; ask: needs an admin's approval. */
  state: 'member' | 'requested' | 'join' | 'ask';
}

export interface TeamDirectoryView {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  error: string | null;
  /** By name. */
  teams: TeamSummaryView[];
  departments: TeamSummaryView[];
}

export interface TeamMemberView {
  guid: string;
  name: string;
  email: string;
  isAdmin: boolean;
  isExternal: boolean;
  /** The member's company, shown for people of another company. */
  company: string;
  /** Their access to the team's company is suspended (blocked). */
  isBlocked: boolean;
  isMe: boolean;
  /** The viewer may block (or reinstate) this person from the viewer's company. */
  canBlock: boolean;
}

export interface InviteView {
  guid: string;
  email: string;
  isAdmin: boolean;
  isExternal: boolean;
  sentCount: number;
  /** A reminder may be sent (the server's judgement: a day since the last, not dismissed). */
  remindDue: boolean;
}

/** A team's members panel, loaded when it is first opened. */
export interface TeamMembersView {
  address: string;
  status: 'loading' | 'loaded' | 'error';
  error: string | null;
  /** Admins first, then by name. */
  members: TeamMemberView[];
  invites: InviteView[];
  canManage: boolean;
}
