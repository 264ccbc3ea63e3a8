/**
 * Alerts: stored per user, delivered live as ALR frames, listed by last_alerts,
 * dismissed per guid (ALD tells the user's other sockets).
 */
import type { AlertWire } from '../protocol/entities';
import { alertTypeName } from '../protocol/rules/alerts';
import { newGuid } from './crypto';
import type { Queryable } from './db';
import type { SocketHub } from './socket-hub';

/** How many alerts last_alerts returns, newest first. */
export const LAST_ALERTS_LIMIT = 100;

interface AlertRow {
  guid: string;
  alert_type: number;
  message: string;
  target: string | null;
  created: number | bigint;
  dismissed_at: number | bigint | null;
}

export interface NewAlert {
  user_guid: string;
  alert_type: number;
  message: string;
  target?: Record<string, unknown> | string | null;
}

function toWire(r: AlertRow): AlertWire {
  let target: AlertWire['target'] = null;
  if (r.target !== null) {
    try {
      target = JSON.parse(r.target) as AlertWire['target'];
    } catch {
      target = r.target;
    }
  }
  return {
    guid: r.guid,
    alert_type: r.alert_type,
    alert_type_name: alertTypeName(r.alert_type),
    alert_created: Number(r.created),
    message: r.message,
    target,
    is_dismissed: r.dismissed_at !== null,
    toast_id: null,
  };
}

/** Stores an alert for a user and sends it to their open sockets. */
export async function createAlert(db: Queryable, hub: SocketHub, alert: NewAlert): Promise<AlertWire> {
  const row: AlertRow = {
    guid: newGuid(),
    alert_type: alert.alert_type,
    message: alert.message,
    target: alert.target === undefined || alert.target === null ? null : JSON.stringify(alert.target),
    created: Date.now(),
    dismissed_at: null,
  };
  await db.query('INSERT INTO alerts (guid, user_guid, alert_type, message, target, created) VALUES ($1, $2, $3, $4, $5, $6)', [
    row.guid,
    alert.user_guid,
    row.alert_type,
    row.message,
    row.target,
    Number(row.created),
  ]);
  const wire = toWire(row);
  hub.sendToUsers([alert.user_guid], 'ALR', { alert: wire });
  return wire;
}

export async function lastAlerts(db: Queryable, userGuid: string): Promise<AlertWire[]> {
  const rows = await db.query<AlertRow>(
    `SELECT guid, alert_type, message, target, created, dismissed_at FROM alerts WHERE user_guid = $1 ORDER BY created DESC, guid LIMIT ${LAST_ALERTS_LIMIT}`,
    [userGuid],
  );
  return rows.map(toWire);
}

export async function getAlert(db: Queryable, guid: string): Promise<(AlertWire & { user_guid: string }) | undefined> {
  const rows = await db.query<AlertRow & { user_guid: string }>(
    'SELECT guid, user_guid, alert_type, message, target, created, dismissed_at FROM alerts WHERE guid = $1',
    [guid],
  );
  const r = rows[0];
  return r ? { ...toWire(r), user_guid: r.user_guid } : undefined;
}

/**
 * Marks the user's alerts dismissed (others' guids and unknown guids are
 * ignored, so a retry is harmless) and tells the user's sockets which ones
 * changed. Returns the guids that were newly dismissed.
 */
export async function dismissAlerts(db: Queryable, hub: SocketHub, userGuid: string, guids: readonly string[]): Promise<string[]> {
  if (guids.length === 0) return [];
  const rows = await db.query<{ guid: string }>(
    'UPDATE alerts SET dismissed_at = $3 WHERE user_guid = $1 AND guid = ANY($2) AND dismissed_at IS NULL RETURNING guid',
    [userGuid, guids, Date.now()],
  );
  const changed = rows.map((r) => r.guid);
  if (changed.length) hub.sendToUsers([userGuid], 'ALD', { alerts: changed });
  return changed;
}

/** The undismissed alerts of a type whose target names `key` = `value`, for every user. */
export async function alertsByTarget(db: Queryable, alertType: number, key: string, value: string): Promise<{ guid: string; user_guid: string }[]> {
  const rows = await db.query<{ guid: string; user_guid: string; target: string | null }>(
    'SELECT guid, user_guid, target FROM alerts WHERE alert_type = $1 AND dismissed_at IS NULL ORDER BY created, guid',
    [alertType],
  );
  const found: { guid: string; user_guid: string }[] = [];
  for (const r of rows) {
    let target: unknown = null;
    try {
      target = r.target ? JSON.parse(r.target) : null;
    } catch {
      continue;
    }
    if (!target || typeof target !== 'object' || (target as Record<string, unknown>)[key] !== value) continue;
    found.push({ guid: r.guid, user_guid: r.user_guid });
  }
  return found;
}

/** Dismisses, for every user, the alerts of a type whose target names `key` = `value` (e.g. a settled join request). */
export async function dismissAlertsByTarget(db: Queryable, hub: SocketHub, alertType: number, key: string, value: string): Promise<void> {
  const byUser = new Map<string, string[]>();
  for (const r of await alertsByTarget(db, alertType, key, value)) byUser.set(r.user_guid, [...(byUser.get(r.user_guid) ?? []), r.guid]);
  for (const [user, guids] of byUser) await dismissAlerts(db, hub, user, guids);
}
