/**
 * Projection snapshots: every projection as plain JSON-safe data, and back.
 * A snapshot at seq N lets the log drop its first N events (compaction) and a
 * cold start fold only the tail. It travels as a `log.snapshot` event, so a
 * log that starts with one folds exactly like the full log did — the property
 * tests/projections/snapshot.test.ts proves for random logs.
 *
 * Messages, channels and users are immutable values inside the projections
 * (folds replace them, never edit them), so a snapshot shares them; the small
 * mutable containers around them (unread entries, channel records, stores,
 * typists) are copied both ways, so folding on after a snapshot never changes
 * the snapshot itself.
 */
import type { Channel, Message, User } from '../protocol/entities';
import type { SnapshotPayload } from '../protocol/events';
import type { ChannelRecord } from './channels';
import type { ConnectionState } from './connection';
import type { Projections } from './fold';
import { restoreStore } from './messages';
import type { PreferencesState } from './preferences';
import { restoreTyping, type Typist } from './typing';
import type { UnreadEntry } from './unread';

/** Bump when the data below changes shape (LOG_SCHEMA_VERSION too: stored snapshots are then dropped). */
export const SNAPSHOT_VERSION = 1;

interface SnapshotData {
  seq: number;
  session: {
    user: User | null;
    active: boolean;
    endedReason: Projections['session']['endedReason'];
    openAddress: string | null;
    users: User[];
  };
  channels: { channel: Channel; lastMessage: Message | null }[];
  unread: { entries: [string, UnreadEntry][]; total: number; mentionTotal: number };
  messages: { address: string; messages: Message[]; page: number; page_size: number; isComplete: boolean }[];
  typing: [string, [string, Typist][]][];
  connection: ConnectionState;
  preferences: PreferencesState;
}

/** The projections as data. Maps become arrays in their iteration order, which restoring keeps. */
export function snapshotOf(p: Projections): SnapshotPayload {
  const data: SnapshotData = {
    seq: p.seq,
    session: {
      user: p.session.user,
      active: p.session.active,
      endedReason: p.session.endedReason,
      openAddress: p.session.openAddress,
      users: [...p.session.usersByGuid.values()],
    },
    channels: [...p.channels.byAddress.values()].map((r) => ({ channel: r.channel, lastMessage: r.lastMessage })),
    unread: {
      entries: [...p.unread.byAddress].map(([address, e]) => [address, { ...e }]),
      total: p.unread.total,
      mentionTotal: p.unread.mentionTotal,
    },
    messages: [...p.messages.byAddress].map(([address, store]) => ({
      address,
      messages: store.order.map((guid) => store.byGuid.get(guid)!),
      page: store.page,
      page_size: store.page_size,
      isComplete: store.isComplete,
    })),
    typing: [...p.typing.byAddress].map(([address, typists]) => [address, [...typists].map(([guid, t]) => [guid, { ...t }])]),
    connection: { ...p.connection },
    preferences: { ...p.preferences, showLast: { ...p.preferences.showLast } },
  };
  return { v: SNAPSHOT_VERSION, data };
}

/** Whether a payload is one this build can restore. */
export function isRestorable(payload: SnapshotPayload): boolean {
  return payload.v === SNAPSHOT_VERSION && typeof payload.data === 'object' && payload.data !== null;
}

/** Fresh projections equal to the ones the snapshot was taken of. */
export function restoreSnapshot(payload: SnapshotPayload): Projections {
  const data = payload.data as SnapshotData;
  const users = new Map(data.session.users.map((u) => [u.target_user_guid, u]));
  return {
    session: {
      user: data.session.user,
      active: data.session.active,
      endedReason: data.session.endedReason,
      openAddress: data.session.openAddress,
      usersByGuid: users,
    },
    channels: { byAddress: new Map(data.channels.map((r): [string, ChannelRecord] => [r.channel.address, { channel: r.channel, lastMessage: r.lastMessage }])) },
    unread: {
      byAddress: new Map(data.unread.entries.map(([address, e]) => [address, { ...e }])),
      total: data.unread.total,
      mentionTotal: data.unread.mentionTotal,
    },
    messages: { byAddress: new Map(data.messages.map((s) => [s.address, restoreStore(s.messages, s.page, s.page_size, s.isComplete)])) },
    typing: restoreTyping(data.typing),
    connection: { ...data.connection },
    preferences: { ...data.preferences, showLast: { ...data.preferences.showLast } },
    seq: data.seq,
  };
}
