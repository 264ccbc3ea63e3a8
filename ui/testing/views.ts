/** Builders for view records in UI tests: complete objects with overridable fields. */
import { alertAction, alertBehaviour } from '../../protocol/rules/alerts';
import type { AlertView, ChannelEntryView, ConnectionView, ConversationMeta, MessageView, ReactionView, SessionView, ToastView, UserView, ViewPatch } from '../../protocol/views';

export function channelView(over: Partial<ChannelEntryView> & { address: string }): ChannelEntryView {
  return {
    name: over.address,
    group: 'team',
    etype: 'channel',
    is_external: false,
    is_private: false,
    unread: 0,
    mentions: 0,
    preview: '',
    last_message_ts: null,
    sortKey: over.name ?? over.address,
    canPost: true,
    postingBlockedReason: null,
    target_user_guid: null,
    folder: null,
    team: null,
    ...over,
  };
}

export function messageView(over: Partial<MessageView> & { guid: string; address: string }): MessageView {
  return {
    created: Date.UTC(2025, 4, 20, 9, 30),
    from_guid: 'u-bob',
    author: 'Bob Builder',
    isOwn: false,
    parts: [{ type: 'text', text: `message ${over.guid}` }],
    reactions: [],
    is_urgent: false,
    flag: 0,
    reply_to: null,
    reply_count: 0,
    last_reply_ts: null,
    canDelete: over.isOwn ?? false,
    file: null,
    continued: false,
    sortKey: over.guid,
    delivery: 'sent',
    deleting: false,
    error: null,
    outboxId: null,
    ...over,
  };
}

export function userView(over: Partial<UserView> & { guid: string; name: string }): UserView {
  return {
    email: `${over.name.split(' ')[0]!.toLowerCase()}@acme.test`,
    status: 'Active',
    customStatus: null,
    is_bot: false,
    is_external: false,
    details: null,
    ...over,
  };
}

/** An alert view; behaviour and action follow from the type (as the worker decides them) unless given. */
export function alertView(over: Partial<AlertView> & { guid: string; type: number }): AlertView {
  const address = over.address ?? null;
  const cancelled = over.cancelled ?? false;
  return {
    typeName: `Alert ${over.type}`,
    message: `alert ${over.guid}`,
    created: Date.UTC(2025, 4, 20, 9, 30),
    dismissed: false,
    behaviour: alertBehaviour(over.type),
    address,
    action: alertAction(over.type, { address, cancelled }),
    cancelled,
    tone: over.type === 1003 ? 'error' : 'normal',
    ...over,
  };
}

export function toastView(over: Partial<ToastView> & { id: string }): ToastView {
  return { title: `Toast ${over.id}`, body: '', kind: 'info', alertGuid: null, address: null, ...over };
}

export function metaView(address: string, over: Partial<ConversationMeta> = {}): ConversationMeta {
  return { address, isComplete: true, loading: false, error: null, newMessages: null, context: null, ...over };
}

export const ALICE = { guid: 'u-alice', name: 'Alice Adams', email: 'alice@acme.test', is_company_admin: false };

export const signedIn: SessionView = { status: 'signed-in', user: ALICE, endedReason: null, unconfirmed: false };
export const signedOut: SessionView = { status: 'signed-out', user: null, endedReason: null, unconfirmed: false };

export function connectionView(over: Partial<ConnectionView> = {}): ConnectionView {
  return { socket: 'online', resyncing: false, unsent: 0, ...over };
}

/** A full snapshot patch (reset) with the given parts. */
export function snapshot(over: Partial<ViewPatch> = {}): ViewPatch {
  return {
    seq: 1,
    reset: true,
    session: signedIn,
    connection: connectionView(),
    channels: { put: [], remove: [] },
    users: { put: [], remove: [] },
    typing: {},
    ...over,
  };
}

export function reactionView(over: Partial<ReactionView> & { content: string }): ReactionView {
  const users = over.users ?? ['u-bob'];
  return { count: users.length, mine: users.includes(ALICE.guid), users, name: over.content, ...over };
}
