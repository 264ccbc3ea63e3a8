/** last_alerts and alerts/dismiss (spec 1 §7 "General"). */
import { dismissAlerts, lastAlerts } from '../alert-store';
import type { Handlers, RouteDeps } from './context';

export function alertHandlers({ db, hub }: RouteDeps): Handlers<'lastAlerts' | 'dismissAlerts'> {
  return {
    async lastAlerts(user) {
      return { isOk: true, alerts: await lastAlerts(db, user.guid) };
    },

    async dismissAlerts(user, body) {
      // Only the user's own alerts change; unknown or already dismissed guids are a harmless retry.
      await dismissAlerts(db, hub, user.guid, body.alerts);
      return { isOk: true };
    },
  };
}
