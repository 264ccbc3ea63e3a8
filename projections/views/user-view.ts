/** A company user as the people picker shows them. */
import type { User } from '../../protocol/entities';
import type { UserView } from '../../protocol/views';
import { connectionStatus } from '../connection';

export function userView(user: User): UserView {
  return {
    guid: user.target_user_guid,
    name: user.name || `${user.first_name} ${user.last_name}`.trim(),
    email: user.email ?? '',
    status: connectionStatus(user.connection_state),
    is_bot: user.user_type === 2,
  };
}
