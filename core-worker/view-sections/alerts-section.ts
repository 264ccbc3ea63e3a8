/** The alerts list (only changed alerts after the snapshot) and the toast stack (whole, it is at most 4). */
import { alertView, toastView } from '../../projections/views/alert-view';
import type { ViewSection } from './section';

export function createAlertsSection(): ViewSection {
  return {
    build(patch, { p, changes, reset }) {
      if (reset || changes.alerts.size) {
        const guids = reset ? p.alerts.byGuid.keys() : changes.alerts;
        const put = [];
        const remove = [];
        for (const guid of guids) {
          const alert = p.alerts.byGuid.get(guid);
          if (alert) put.push(alertView(alert));
          else remove.push(guid);
        }
        patch.alerts = { put, remove };
      }
      if (reset || changes.toasts) patch.toasts = p.toasts.shown.map(toastView);
    },
    forget() {},
  };
}
