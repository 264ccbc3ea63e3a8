/** View types of the people features (presence, custom status, directory, connections, the bot). */
import type { StatusColor, StatusIcon } from './custom-status';

/** A custom status as shown: the icon, its label, text and colour. */
export interface CustomStatusView {
  icon: StatusIcon;
  /** Accessible name of the icon. */
  iconLabel: string;
  text: string;
  color: StatusColor;
}

/** Connection status label (spec 1 §3, §4 mapping); 'Blocked' for a blocked user (spec 3 §4.1). */
export type PresenceLabel = 'Active' | 'Idle' | 'Offline' | 'Blocked';

/** Details shown on a profile card (spec 3 §3 User), when known. */
export interface UserDetailsView {
  job_title: string;
  address: string;
  desk_number: string;
  cell_number: string;
}

/** A contact search result (spec 1 §3): de-duplicated by lower-cased address, blocked users and contacts without email left out. */
export interface ContactResultView {
  /** 'user' for a colleague, 'connection' for someone of another company. */
  type: 'user' | 'connection';
  /** The email address (spec 1 §3 "address"). */
  address: string;
  name: string;
  user_guid: string;
  /** 0–1, higher first. */
  score: number;
  status: PresenceLabel;
  customStatus: CustomStatusView | null;
  is_external: boolean;
  /** First letter of the name, for the avatar. */
  initial: string;
  /** Avatar colour, stable per address. */
  color: string;
}

export interface ConnectionRequestView {
  guid: string;
  user_guid: string;
  name: string;
  email: string;
  created: number;
}

export interface ConnectLinkView {
  cl_guid: string;
  code: string;
  /** The app path to share (host added by the UI). */
  path: string;
  /** Epoch ms after which it stops working (the UI compares with the time it shows). */
  expires: number;
  /** Every allowed use is spent. */
  usedUp: boolean;
  clicks: number;
  max_clicks: number;
  ttl_seconds: number;
  team_guid: string | null;
}

export interface PeopleView {
  /** The signed-in user's own presence as others see it: Offline while the socket is down. */
  self: { presence: 'Active' | 'Idle' | 'Offline'; customStatus: CustomStatusView | null };
  /** The user's custom statuses, in icon order; `selected` marks the chosen one. */
  statuses: (CustomStatusView & { selected: boolean })[];
  statusesLoaded: boolean;
  /** The directory search (members/search): its term and de-duplicated results; null when none ran. */
  search: { term: string; results: ContactResultView[] } | null;
  /** Incoming connection requests, oldest first. */
  requests: ConnectionRequestView[];
  /** The user's connect links, newest first. */
  links: ConnectLinkView[];
  /** The 'Bot Error' popover's text, or null. */
  botError: string | null;
}
