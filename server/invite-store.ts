/**
 * Email invitations to teams and their reminders. The local server sends no
 * mail: an invitation is recorded (and logged) as sent; a reminder sends it
 * again. A reminder is due a day after the last sending, unless dismissed.
 */
import type { InviteWire } from '../protocol/team-entities';
import { newGuid } from './crypto';
import type { Queryable } from './db';

export const REMIND_AFTER_MS = 24 * 3_600_000;

interface InviteRow {
  guid: string;
  email: string;
  member_type: number;
  is_external: boolean;
  sent_count: number;
  last_sent: number | bigint;
  reminders_dismissed: boolean;
}

const COLUMNS = 'guid, email, member_type, is_external, sent_count, last_sent, reminders_dismissed';

function toWire(r: InviteRow, now: number): InviteWire {
  const lastSent = Number(r.last_sent);
  return {
    guid: r.guid,
    first_name: '',
    last_name: '',
    original_email: r.email,
    // One guid per invitation: Plaza has no separate record per address.
    email_guid: r.guid,
    member_type: r.member_type === 2 ? 2 : 0,
    is_external: r.is_external,
    sent_count: r.sent_count,
    last_sent: lastSent,
    remind_due: !r.reminders_dismissed && now - lastSent >= REMIND_AFTER_MS,
  };
}

/** The team's pending invitations, oldest first. */
export async function listInvites(db: Queryable, channelGuid: string): Promise<InviteWire[]> {
  const rows = await db.query<InviteRow>(`SELECT ${COLUMNS} FROM team_invites WHERE channel_guid = $1 AND revoked_at IS NULL ORDER BY created, guid`, [
    channelGuid,
  ]);
  const now = Date.now();
  return rows.map((r) => toWire(r, now));
}

/** Records invitations; an address already invited to the team keeps its invitation (returned, not sent again). */
export async function createInvites(
  db: Queryable,
  channelGuid: string,
  invitedBy: string,
  entries: readonly { email: string; member_type: 0 | 2; is_external: boolean }[],
): Promise<{ invite: InviteWire; created: boolean }[]> {
  const now = Date.now();
  const out: { invite: InviteWire; created: boolean }[] = [];
  for (const e of entries) {
    const inserted = await db.query<InviteRow>(
      `INSERT INTO team_invites (guid, channel_guid, email, member_type, is_external, invited_by, created, last_sent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
       ON CONFLICT (channel_guid, lower(email)) WHERE revoked_at IS NULL DO NOTHING
       RETURNING ${COLUMNS}`,
      [newGuid(), channelGuid, e.email, e.member_type, e.is_external, invitedBy, now],
    );
    if (inserted[0]) {
      out.push({ invite: toWire(inserted[0], now), created: true });
      continue;
    }
    const existing = await db.query<InviteRow>(
      `SELECT ${COLUMNS} FROM team_invites WHERE channel_guid = $1 AND lower(email) = lower($2) AND revoked_at IS NULL`,
      [channelGuid, e.email],
    );
    if (existing[0]) out.push({ invite: toWire(existing[0], now), created: false });
  }
  return out;
}

export async function revokeInvite(db: Queryable, channelGuid: string, guid: string): Promise<boolean> {
  const rows = await db.query<{ guid: string }>(
    'UPDATE team_invites SET revoked_at = $3 WHERE channel_guid = $1 AND guid = $2 AND revoked_at IS NULL RETURNING guid',
    [channelGuid, guid, Date.now()],
  );
  return rows.length > 0;
}

/** Sends the invitations again: the named ones, or (without names) those whose reminder is due. */
export async function remindInvites(db: Queryable, channelGuid: string, guids: readonly string[] | undefined): Promise<InviteWire[]> {
  const now = Date.now();
  const rows = guids
    ? await db.query<InviteRow>(
        `UPDATE team_invites SET sent_count = sent_count + 1, last_sent = $3
          WHERE channel_guid = $1 AND guid = ANY($2) AND revoked_at IS NULL RETURNING ${COLUMNS}`,
        [channelGuid, guids, now],
      )
    : await db.query<InviteRow>(
        `UPDATE team_invites SET sent_count = sent_count + 1, last_sent = $2
          WHERE channel_guid = $1 AND revoked_at IS NULL AND NOT reminders_dismissed AND last_sent <= $3 RETURNING ${COLUMNS}`,
        [channelGuid, now, now - REMIND_AFTER_MS],
      );
  return rows.map((r) => toWire(r, now));
}

export async function dismissReminders(db: Queryable, channelGuid: string, guids: readonly string[]): Promise<InviteWire[]> {
  const rows = await db.query<InviteRow>(
    `UPDATE team_invites SET reminders_dismissed = true WHERE channel_guid = $1 AND guid = ANY($2) AND revoked_at IS NULL RETURNING ${COLUMNS}`,
    [channelGuid, guids],
  );
  const now = Date.now();
  return rows.map((r) => toWire(r, now));
}
