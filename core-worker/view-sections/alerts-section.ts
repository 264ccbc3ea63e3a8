/** The alerts list (only changed alerts after the snapshot) and the toast stack (whole, it is at most 4). */
import { alertView, toastView } from '../../projections/views/alert-view';
import type { AlertView } from '../../protocol/views';
import type { ViewSection } from './section';

export function createAlertsSection(): ViewSection {
  return {
    build(patch, { p, changes, reset }) {
      // A channel list may bring the team a go-to alert names: resend the alerts then (at most 100 or so).
      const all = reset || changes.allChannels;
      if (all || changes.alerts.size) {
        const guids = all ? new Set([...p.alerts.byGuid.keys(), ...changes.alerts]) : changes.alerts;
        const put: AlertView[] = [];
        const remove: string[] = [];
        for (const guid of guids) {
          const alert = p.alerts.byGuid.get(guid);
          if (alert) put.push(alertView(alert, { channels: p.channels, cancelled: p.mfa.cancelledAlerts.has(guid) }));
          else if (!reset) remove.push(guid);
        }
        patch.alerts = { put, remove };
      }
      if (reset || changes.toasts) patch.toasts = p.toasts.shown.map(toastView);
    },
    forget() {},
  };
}
