/** The open conversation: everything when it changed, else only the touched messages. */
import { indexOfMessage } from '../../projections/messages';
import type { Projections } from '../../projections/fold';
import { messageView } from '../../projections/views/message-view';
import type { ConversationMeta, MessageView } from '../../protocol/views';
import type { RuntimeState } from '../publisher';
import type { ViewSection } from './section';

function metaView(p: Projections, runtime: RuntimeState, address: string): ConversationMeta {
  const store = p.messages.byAddress.get(address);
  return {
    address,
    isComplete: store?.isComplete ?? false,
    loading: runtime.loadingHistory.has(address),
    error: runtime.historyError.get(address) ?? null,
  };
}

function allMessages(p: Projections, address: string): MessageView[] {
  const store = p.messages.byAddress.get(address);
  if (!store) return [];
  const me = p.session.user?.target_user_guid;
  return store.order.map((_, i) => messageView(store, i, me));
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
        const store = p.messages.byAddress.get(open);
        const me = p.session.user?.target_user_guid;
        const messages = { put: [] as MessageView[], remove: [] as string[] };
        for (const guid of touched ?? []) {
          const index = store ? indexOfMessage(store, guid) : -1;
          if (store && index >= 0) messages.put.push(messageView(store, index, me));
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
