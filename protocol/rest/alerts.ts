/** Alerts (spec 1 §7 "General"): the latest alerts and dismissing them. */
import { z } from 'zod';
import { Alert } from '../entities';
import { guid, ok, secure } from './endpoint';

/** last_alerts takes an empty body. */
export const LastAlertsRequest = z.object({}).strict();
export const LastAlertsResponse = z.object({ isOk: ok, alerts: z.array(Alert).max(10_000) });

export const DismissAlertsRequest = z.object({ alerts: z.array(guid).min(1).max(1_000) });
export const DismissAlertsResponse = z.object({ isOk: ok });

/**
 * alerts/broadcast (Plaza's): a company admin sends an information alert (type
 * 17) to everyone else in the company; `promotion` makes it a promotion, shown
 * as a toast for 60 s instead of 5 s (spec 1 §9).
 */
export const BroadcastAlertRequest = z.object({ message: z.string().trim().min(1).max(500), promotion: z.boolean().default(false) });
export const BroadcastAlertResponse = z.object({ isOk: ok, sent: z.number().int().nonnegative() });

export const alertEndpoints = {
  lastAlerts: secure('/confirmed/corporate/last_alerts', LastAlertsRequest, LastAlertsResponse),
  dismissAlerts: secure('/confirmed/corporate/alerts/dismiss', DismissAlertsRequest, DismissAlertsResponse),
  broadcastAlert: secure('/confirmed/corporate/alerts/broadcast', BroadcastAlertRequest, BroadcastAlertResponse),
} as const;
