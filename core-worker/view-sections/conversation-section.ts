/**
 * The open conversation: everything when it changed, else only the touched
 * messages. While a window around a search hit is open for it (projections/
 * context.ts), the messages come from that window and the meta names the hit.
 */
import { indexOfMessage, type MessageStore } from '../../projections/messages';
import type { Projections } from '../../projections/fold';
import { messageView } from '../../projections/views/message-view';
import { viewerFor } from '../../projections/views/viewer';
import type { ConversationMeta, MessageView } from '../../protocol/views';
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
  return store.order.map((_, i) => messageView(store, i, viewer));
}

export function createConversationSection(): ViewSection {
  let sentOpen: string | null = null;
  return {
    build(patch, { p, changes, runtime, reset }) {
      const open = p.session.openAddress;
      if (reset || open !== sentOpen) {
        patch.conversation = { address: open, reset: true, meta: open ? metaView(p, runtime, open) : null, messages: { put: open ? allMessages(p, open) : [], remove: [] } };
        sentOpen = open;
        return;
      }
      if (!open) return;
      const touched = changes.messages.get(open);
      if (touched === 'all') {
        patch.conversation = { address: open, reset: true, meta: metaView(p, runtime, open), messages: { put: allMessages(p, open), remove: [] } };
      } else if (touched || changes.conversationMeta.has(open)) {
        const store = sourceOf(p, open);
        const viewer = viewerFor(p, open);
        const messages = { put: [] as MessageView[], remove: [] as string[] };
        for (const guid of touched ?? []) {
          const index = store ? indexOfMessage(store, guid) : -1;
          if (store && index >= 0) messages.put.push(messageView(store, index, viewer));
          else messages.remove.push(guid);
        }
        patch.conversation = { address: open, reset: false, meta: metaView(p, runtime, open), messages };
      }
    },
    forget() {
      sentOpen = null;
    },
  };
}
