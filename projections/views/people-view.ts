/** The people view: own status, statuses, directory search results, connections, the bot's error. */
import { connectLinkPath } from '../../protocol/connections';
import { STATUS_ICONS } from '../../protocol/custom-status';
import type { User } from '../../protocol/entities';
import type { ContactResultView, PeopleView } from '../../protocol/views-people';
import type { PeopleState } from '../people';
import type { PresenceState } from '../presence';
import { customStatusView, presenceLabel } from './user-view';

const AVATAR_COLORS = ['#6b5bd2', '#2f855a', '#c05621', '#2b6cb0', '#b83280', '#2c7a7b', '#975a16', '#4a5568'];

/** A stable colour per address (the same person looks the same everywhere). */
export function avatarColor(address: string): string {
  let h = 0;
  for (const ch of address) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[h % AVATAR_COLORS.length]!;
}

/** How well a user matches a term, 0–1: name prefix 1, a name word's prefix 0.8, elsewhere in name or email 0.5. */
export function matchScore(user: Pick<User, 'name' | 'first_name' | 'last_name' | 'email'>, term: string): number {
  const t = term.trim().toLowerCase();
  if (!t) return 1;
  const name = (user.name || `${user.first_name} ${user.last_name}`).toLowerCase();
  if (name.startsWith(t)) return 1;
  if (name.split(/\s+/).some((w) => w.startsWith(t))) return 0.8;
  if (name.includes(t) || (user.email ?? '').toLowerCase().includes(t)) return 0.5;
  return 0.3;
}

/**
 * Contact search results (spec 1 §5, spec 2 §5): contacts without an email
 * address are dropped, blocked users are excluded, results are de-duplicated
 * by lower-cased address (the best score wins), best first then by name.
 */
export function contactResults(users: readonly User[], term: string, presence: PresenceState, options: { myCompany?: string | undefined; me?: string | undefined } = {}): ContactResultView[] {
  const byAddress = new Map<string, ContactResultView>();
  for (const u of users) {
    const email = (u.email ?? '').trim();
    if (!email || u.is_blocked || u.user_type === 2 || u.target_user_guid === options.me) continue;
    const address = email.toLowerCase();
    const name = u.name || `${u.first_name} ${u.last_name}`.trim() || email;
    const entry = presence.byGuid.get(u.target_user_guid);
    const external = options.myCompany !== undefined && u.company_guid !== options.myCompany;
    const result: ContactResultView = {
      type: external ? 'connection' : 'user',
      address,
      name,
      user_guid: u.target_user_guid,
      score: matchScore(u, term),
      status: presenceLabel(u, entry?.connection_state ?? u.connection_state),
      customStatus: customStatusView(entry ? entry.custom_status : u.custom_status),
      is_external: external,
      initial: name.charAt(0).toUpperCase(),
      color: avatarColor(address),
    };
    const seen = byAddress.get(address);
    if (!seen || result.score > seen.score) byAddress.set(address, result);
  }
  return [...byAddress.values()].sort((a, b) => b.score - a.score || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.address < b.address ? -1 : 1));
}

/** `offline`: the socket is down — the automatic status says so, as the spec's connection status does (spec 3 §4.1). */
export function peopleView(people: PeopleState, presence: PresenceState, me: User | null, offline = false): PeopleView {
  const mine = me ? presence.byGuid.get(me.target_user_guid) : undefined;
  const selected = people.statuses.find((s) => s.selected) ?? null;
  const order = (icon: string) => STATUS_ICONS.indexOf(icon as (typeof STATUS_ICONS)[number]);
  return {
    self: {
      presence: offline ? 'Offline' : presence.selfIdle ? 'Idle' : 'Active',
      // Our own list is the freshest word on our status; before it loads, what others were told.
      customStatus: people.statusesLoaded ? customStatusView(selected) : customStatusView(mine?.custom_status ?? null),
    },
    statuses: [...people.statuses]
      .sort((a, b) => order(a.icon) - order(b.icon))
      .map((s) => ({ ...customStatusView(s)!, selected: s.selected })),
    statusesLoaded: people.statusesLoaded,
    search: people.search
      ? { term: people.search.term, results: contactResults(people.search.users, people.search.term, presence, { myCompany: me?.company_guid, me: me?.target_user_guid }) }
      : null,
    requests: [...people.requests.values()]
      .sort((a, b) => a.created - b.created || (a.guid < b.guid ? -1 : 1))
      .map((r) => ({ guid: r.guid, user_guid: r.target_user_guid, name: `${r.first_name} ${r.last_name}`.trim() || r.email, email: r.email, created: r.created })),
    links: [...people.links.values()]
      .sort((a, b) => b.expires - b.ttl_seconds * 1_000 - (a.expires - a.ttl_seconds * 1_000) || (a.cl_guid < b.cl_guid ? -1 : 1))
      .map((l) => ({
        cl_guid: l.cl_guid,
        code: l.code,
        path: connectLinkPath(l.cl_guid),
        expires: l.expires,
        usedUp: l.clicks >= l.max_clicks,
        clicks: l.clicks,
        max_clicks: l.max_clicks,
        ttl_seconds: l.ttl_seconds,
        team_guid: l.team_guid,
      })),
    botError: people.botError,
  };
}
