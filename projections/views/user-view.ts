/** A user as the people picker, the directory and the profile card show them. */
import { isKnownStatus, STATUS_ICON_LABELS, type UserCustomStatus } from '../../protocol/custom-status';
import type { User } from '../../protocol/entities';
import type { UserView } from '../../protocol/views';
import type { CustomStatusView, PresenceLabel, UserDetailsView } from '../../protocol/views-people';
import { connectionStatus } from '../connection';
import type { PresenceEntry } from '../presence';

/** A custom status as shown; null for none, and for an unknown icon or colour (logged by the core, spec 3 §8). */
export function customStatusView(status: UserCustomStatus | null | undefined): CustomStatusView | null {
  if (!status || !isKnownStatus(status)) return null;
  return { icon: status.icon, iconLabel: STATUS_ICON_LABELS[status.icon], text: status.text, color: status.color };
}

/** Automatic status from the connection state (spec 1 §4 mapping); a blocked user shows as blocked (spec 3 §4.1). */
export function presenceLabel(user: Pick<User, 'is_blocked'>, connectionState: string): PresenceLabel {
  return user.is_blocked ? 'Blocked' : connectionStatus(connectionState);
}

function detailsView(u: User): UserDetailsView | null {
  const address = [u.address1, u.address2, [u.zip, u.city].filter(Boolean).join(' '), u.state].filter((x) => x && x.trim() !== '').join(', ');
  const view = { job_title: u.job_title ?? '', address, desk_number: u.desk_number ?? '', cell_number: u.cell_number ?? '' };
  return Object.values(view).some((v) => v !== '') ? view : null;
}

/**
 * The view of a user: presence and custom status from the presence projection
 * (newer than the list), details from users/details when loaded. Blocked or not
 * is the directory entry's (`user`): the session fold keeps it the newest word —
 * the list, the details, or a block heard since — where details loaded before a
 * block would say otherwise.
 */
export function userView(user: User, options: { presence?: PresenceEntry | undefined; detailed?: User | undefined; myCompany?: string | undefined } = {}): UserView {
  const source = options.detailed ?? user;
  const presence = options.presence ?? { connection_state: user.connection_state, custom_status: user.custom_status ?? null };
  return {
    guid: user.target_user_guid,
    name: user.name || `${user.first_name} ${user.last_name}`.trim(),
    email: user.email ?? '',
    status: presenceLabel(user, presence.connection_state),
    customStatus: user.is_blocked ? null : customStatusView(presence.custom_status),
    is_bot: user.user_type === 2,
    is_external: options.myCompany !== undefined && user.company_guid !== options.myCompany,
    details: detailsView(source),
  };
}
