/** The "Flagged messages" view: the flagged list, diffed against what the UI holds. */
import type { Projections } from '../../projections/fold';
import { viewOfMessage } from '../../projections/views/message-view';
import { viewerFor } from '../../projections/views/viewer';
import type { FlaggedMessageView, FlaggedMeta } from '../../protocol/views';
import type { RuntimeState } from '../publisher';
import { sameView, type ViewSection } from './section';

function metaOf(p: Projections, runtime: RuntimeState): FlaggedMeta {
  return { loaded: p.flagged.page >= 0, loading: runtime.flagged.loading, isComplete: p.flagged.isComplete, error: runtime.flagged.error };
}

export function createFlaggedSection(): ViewSection {
  let sent = new Map<string, FlaggedMessageView>();
  let sentMeta: FlaggedMeta | null = null;
  return {
    build(patch, { p, changes, runtime, reset }) {
      if (!reset && !changes.flagged) return;
      if (reset) {
        sent = new Map();
        sentMeta = null;
      }
      const put: FlaggedMessageView[] = [];
      const next = new Map<string, FlaggedMessageView>();
      for (const message of p.flagged.byGuid.values()) {
        const channelName = p.channels.byAddress.get(message.address)?.channel.name ?? 'Conversation';
        // Each stands alone in the list: never merged under the previous one's header.
        const view: FlaggedMessageView = { ...viewOfMessage(message, undefined, viewerFor(p, message.address)), channelName };
        next.set(view.guid, view);
        if (!sameView(sent.get(view.guid), view)) put.push(view);
      }
      const remove = [...sent.keys()].filter((guid) => !next.has(guid));
      const meta = metaOf(p, runtime);
      if (reset || put.length || remove.length || !sameView(meta, sentMeta)) patch.flagged = { reset, meta, messages: { put, remove } };
      sent = next;
      sentMeta = meta;
    },
    forget() {
      sent = new Map();
      sentMeta = null;
    },
  };
}
