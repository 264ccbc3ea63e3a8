/**
 * Alerts a new message raises (spec 1 §9): an urgent message (is_urgent)
 * alerts every other member (type 0); a mention alerts the people it names
 * (type 11): scope 'user' → that person, 'channel' and 'all' → every member of
 * the conversation (Plaza has no "active members only" notion, so both reach
 * everyone).
 *
 * Never the author, never a bot, never a non-member (a mention of someone
 * outside the conversation does not let them in), and never someone whose
 * notifications for that channel are off (global_on, the setting of the
 * channel's kind, channel_on: protocol/rules/notifications.ts). Mutes do not
 * stop alerts: a muted person still finds the alert in their list, but their
 * client shows no toast and plays no sound for it. Someone both mentioned and
 * alerted as urgent gets only the urgent alert.
 */
import type { MessagePart, MessageWire } from '../protocol/entities';
import { ALERT_TYPE } from '../protocol/rules/alerts';
import { channelNotifies } from '../protocol/rules/notifications';
import { createAlert } from './alert-store';
import type { Membership } from './channel-store';
import type { Queryable } from './db';
import { channelOnFor, notificationSettingsOf } from './notify-store';
import type { SocketHub } from './socket-hub';
import { fullName, type UserRow } from './user-store';

/** Alert texts carry a preview of the message, cut to this many characters. */
export const ALERT_PREVIEW_MAX = 120;

export const POST_ALERT_TEXT = {
  urgent: (author: string, where: string | null, preview: string) => `${author}${where ? ` in ${where}` : ''}: ${preview}`,
  mentioned: (author: string, where: string | null, preview: string) => `${author} mentioned you${where ? ` in ${where}` : ''}: ${preview}`,
} as const;

function inline(parts: readonly MessagePart[]): MessagePart[] {
  return parts.flatMap((p) => (p.type === 'bullet-list' || p.type === 'ordered-list' ? p.items.flat() : [p]));
}

/** Plain text of a message for an alert: mentions as @name, links as their text. */
export function plainText(parts: readonly MessagePart[]): string {
  const text = inline(parts)
    .map((p) => {
      switch (p.type) {
        case 'text':
          return p.text;
        case 'person':
          return `@${p.name}`;
        case 'hyperlink':
          return p.text || p.url;
        case 'command':
          return p.text || p.code;
        case 'video_conference':
          return 'a video conference';
        default:
          return '';
      }
    })
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= ALERT_PREVIEW_MAX ? text : `${text.slice(0, ALERT_PREVIEW_MAX - 1)}…`;
}

interface MemberRow {
  guid: string;
  user_type: number;
}

/** Raises the urgent and mention alerts of a message that was just created. */
export async function alertForPost(
  db: Queryable,
  hub: SocketHub,
  post: { channel: Membership; author: UserRow; message: MessageWire; parts: readonly MessagePart[] },
): Promise<void> {
  const { channel, author, message, parts } = post;
  const people = inline(parts).filter((p) => p.type === 'person');
  if (!message.is_urgent && people.length === 0) return;

  const members = await db.query<MemberRow>(
    'SELECT u.guid, u.user_type FROM channel_members cm JOIN users u ON u.guid = cm.user_guid WHERE cm.channel_guid = $1',
    [channel.guid],
  );
  const others = members.filter((m) => m.guid !== author.guid && m.user_type !== 2).map((m) => m.guid);
  const urgent = new Set(message.is_urgent ? others : []);
  const mentioned = new Set<string>();
  for (const p of people) {
    if (p.scope === 'user') {
      if (others.includes(p.user_guid)) mentioned.add(p.user_guid);
    } else {
      for (const g of others) mentioned.add(g);
    }
  }
  for (const g of urgent) mentioned.delete(g);
  const recipients = [...urgent, ...mentioned];
  if (recipients.length === 0) return;

  const [settings, channelOn] = await Promise.all([notificationSettingsOf(db, recipients), channelOnFor(db, channel.guid, recipients)]);
  const c = channel.wire;
  const notifies = (guid: string): boolean =>
    channelNotifies(settings.get(guid)!, { channel_type: c.channel_type, is_hr: c.is_hr ?? false, channel_on: channelOn.get(guid) ?? true });
  // A direct message's name is the other person's, different for each side: name no place there.
  const where = c.channel_type === 0 ? null : c.name;
  const preview = plainText(parts);
  const target = { address: c.address, message_guid: message.guid, from_guid: author.guid };
  const name = fullName(author);

  for (const guid of urgent) {
    if (notifies(guid)) await createAlert(db, hub, { user_guid: guid, alert_type: ALERT_TYPE.urgentMessage, message: POST_ALERT_TEXT.urgent(name, where, preview), target });
  }
  for (const guid of mentioned) {
    if (notifies(guid)) await createAlert(db, hub, { user_guid: guid, alert_type: ALERT_TYPE.mentioned, message: POST_ALERT_TEXT.mentioned(name, where, preview), target });
  }
}
