/**
 * The open conversation: everything when it changed, else only the touched
 * messages. While a window around a search hit is open for it (projections/
 * context.ts), the messages come from that window and the meta names the hit.
 * The user's unsent posts (the outbox) follow the newest messages — replies
 * show in their thread instead (thread-section.ts) — and a message whose
 * deletion is waiting or was refused says so.
 */
import { indexOfMessage, latestMessage, type MessageStore } from '../../projections/messages';
import type { Projections } from '../../projections/fold';
import { outboxDeletions, outboxPosts } from '../../projections/outbox';
import { messageView, pendingPostView } from '../../projections/views/message-view';
import { viewerFor } from '../../projections/views/viewer';
import type { ConversationMeta, MessageView, RecordsDiff } from '../../protocol/views';
import type { RuntimeState } from '../publisher';
import type { ViewSection } from './section';

/** Where the open conversation's messages come from: the window around a hit, or the paged store. */
function sourceOf(p: Projections, address: string): MessageStore | undefined {
  const w = p.context.window;
  return w && w.address === address ? w.store : p.messages.byAddress.get(address);
}

function metaView(p: Projections, runtime: RuntimeState, address: string): ConversationMeta {
  const store = p.messages.byAddress.get(address);
  const reading = p.reading;
  const divider = reading.address === address && reading.firstUnread !== null ? { guid: reading.firstUnread, count: reading.unreadAtOpen } : null;
  const w = p.context.window;
  return {
    address,
    isComplete: store?.isComplete ?? false,
    loading: runtime.loadingHistory.has(address),
    error: runtime.historyError.get(address) ?? null,
    newMessages: divider,
    context: w && w.address === address ? { anchor: w.anchor, hasBefore: w.hasBefore, hasAfter: w.hasAfter } : null,
  };
}

function allMessages(p: Projections, address: string): MessageView[] {
  const store = sourceOf(p, address);
  if (!store) return [];
  const viewer = viewerFor(p, address);
  const deletions = outboxDeletions(p.outbox, address);
  return store.order.map((guid, i) => messageView(store, i, viewer, deletions.get(guid)));
}

/** The unsent top-level posts of a channel, each merged with the message before it; none beside a window around a search hit. */
function pendingViews(p: Projections, address: string): MessageView[] {
  const posts = outboxPosts(p.outbox, address).filter((entry) => entry.payload.reply_to === null);
  if (posts.length === 0 || p.context.window?.address === address) return [];
  let previous: { from_guid: string; created: number } | undefined = latestMessage(p.messages.byAddress.get(address));
  return posts.map((entry) => {
    const view = pendingPostView(entry, p.session.user, previous);
    previous = view;
    return view;
  });
}

export function createConversationSection(): ViewSection {
  let sentOpen: string | null = null;
  /** The unsent posts the UI holds, as JSON by id, to send only what changed. */
  let sentPending = new Map<string, string>();

  const everything = (p: Projections, address: string): RecordsDiff<MessageView> => {
    const pending = pendingViews(p, address);
    sentPending = new Map(pending.map((v) => [v.guid, JSON.stringify(v)]));
    return { put: [...allMessages(p, address), ...pending], remove: [] };
  };

  return {
    build(patch, { p, changes, runtime, reset }) {
      const open = p.session.openAddress;
      if (reset || open !== sentOpen) {
        sentPending = new Map();
        patch.conversation = { address: open, reset: true, meta: open ? metaView(p, runtime, open) : null, messages: open ? everything(p, open) : { put: [], remove: [] } };
        sentOpen = open;
        return;
      }
      if (!open) return;
      const touched = changes.messages.get(open);
      if (touched === 'all') {
        patch.conversation = { address: open, reset: true, meta: metaView(p, runtime, open), messages: everything(p, open) };
      } else if (touched || changes.conversationMeta.has(open) || changes.outbox.has(open)) {
        const store = sourceOf(p, open);
        const viewer = viewerFor(p, open);
        const deletions = touched ? outboxDeletions(p.outbox, open) : undefined;
        const messages = { put: [] as MessageView[], remove: [] as string[] };
        for (const guid of touched ?? []) {
          const index = store ? indexOfMessage(store, guid) : -1;
          if (store && index >= 0) messages.put.push(messageView(store, index, viewer, deletions?.get(guid)));
          else messages.remove.push(guid);
        }
        // Unsent posts: new ones, changed ones (failed, retried, merged differently), and those that left.
        const pending = new Map<string, string>();
        for (const view of pendingViews(p, open)) {
          const json = JSON.stringify(view);
          pending.set(view.guid, json);
          if (sentPending.get(view.guid) !== json) messages.put.push(view);
        }
        for (const id of sentPending.keys()) if (!pending.has(id)) messages.remove.push(id);
        sentPending = pending;
        patch.conversation = { address: open, reset: false, meta: metaView(p, runtime, open), messages };
      }
    },
    forget() {
      sentOpen = null;
      sentPending = new Map();
    },
  };
}
