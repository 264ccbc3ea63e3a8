/** last_alerts and alerts/dismiss (spec 1 §7 "General"), and Plaza's alerts/broadcast for company admins. */
import { ALERT_TYPE } from '../../protocol/rules/alerts';
import { createAlert, dismissAlerts, lastAlerts } from '../alert-store';
import { reject } from '../http-util';
import { listCompanyUsers } from '../user-store';
import type { Handlers, RouteDeps } from './context';

export const ALERT_MESSAGES = {
  broadcastAdminsOnly: 'Only company admins can send information alerts.',
} as const;

export function alertHandlers({ db, hub }: RouteDeps): Handlers<'lastAlerts' | 'dismissAlerts' | 'broadcastAlert'> {
  return {
    async lastAlerts(user) {
      return { isOk: true, alerts: await lastAlerts(db, user.guid) };
    },

    async dismissAlerts(user, body) {
      // Only the user's own alerts change; unknown or already dismissed guids are a harmless retry.
      await dismissAlerts(db, hub, user.guid, body.alerts);
      return { isOk: true };
    },

    async broadcastAlert(user, body) {
      if (!user.is_company_admin) throw reject(400, ALERT_MESSAGES.broadcastAdminsOnly);
      const people = (await listCompanyUsers(db, user.company_guid)).filter((u) => u.guid !== user.guid && u.user_type !== 2 && !u.is_blocked);
      for (const person of people) {
        await createAlert(db, hub, {
          user_guid: person.guid,
          alert_type: ALERT_TYPE.informationAlert,
          message: body.message,
          target: body.promotion ? { promotion: true, from: user.guid } : { from: user.guid },
        });
      }
      return { isOk: true, sent: people.length };
    },
  };
}
