/** Alerts (spec 1 §7 "General"): the latest alerts and dismissing them. */
import { z } from 'zod';
import { Alert } from '../entities';
import { guid, ok, secure } from './endpoint';

/** last_alerts takes an empty body. */
export const LastAlertsRequest = z.object({}).strict();
export const LastAlertsResponse = z.object({ isOk: ok, alerts: z.array(Alert).max(10_000) });

export const DismissAlertsRequest = z.object({ alerts: z.array(guid).min(1).max(1_000) });
export const DismissAlertsResponse = z.object({ isOk: ok });

export const alertEndpoints = {
  lastAlerts: secure('/confirmed/corporate/last_alerts', LastAlertsRequest, LastAlertsResponse),
  dismissAlerts: secure('/confirmed/corporate/alerts/dismiss', DismissAlertsRequest, DismissAlertsResponse),
} as const;
