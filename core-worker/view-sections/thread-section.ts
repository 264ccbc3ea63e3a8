/**
 * The open thread panel: its first message and replies, only what changed since the last patch.
 * The user's unsent replies (the outbox) follow the replies the server has; a reply whose deletion
 * is waiting or was refused says so.
 */
import type { Projections } from '../../projections/fold';
import type { ThreadStore } from '../../projections/threads';
import { outboxDeletions, outboxPosts } from '../../projections/outbox';
import { messageView, pendingPostView, viewOfMessage } from '../../projections/views/message-view';
import { viewerFor } from '../../projections/views/viewer';
import type { Message } from '../../protocol/entities';
import type { MessageView, ThreadMeta } from '../../protocol/views';
import type { RuntimeState } from '../publisher';
import { sameView, type ViewSection } from './section';

function metaOf(p: Projections, runtime: RuntimeState): ThreadMeta | null {
  const open = p.threads.open;
  if (!open) return null;
  const loaded = p.threads.byParent.has(open.guid);
  return {
    address: open.address,
    guid: open.guid,
    loading: runtime.thread.loading,
    error: runtime.thread.error,
    gone: !loaded && !runtime.thread.loading && runtime.thread.error === null && p.messages.deleted.has(open.guid),
  };
}

/** The thread's first message with its reply count and last reply time taken from the thread's replies. */
function withThreadSummary(thread: ThreadStore): Message {
  const last = thread.order.at(-1);
  return { ...thread.parent, reply_count: thread.order.length, last_reply_ts: last === undefined ? null : thread.byGuid.get(last)!.created };
}

export function createThreadSection(): ViewSection {
  let sentKey: string | null = null;
  let sentMeta: ThreadMeta | null = null;
  let sentParent: MessageView | null = null;
  let sent = new Map<string, MessageView>();

  return {
    build(patch, { p, changes, runtime, reset }) {
      const open = p.threads.open;
      const key = open ? `${open.address}\u0000${open.guid}` : null;
      const replaced = reset || key !== sentKey;
      if (!replaced && !changes.threadOpen && !(open && (changes.threads.has(open.guid) || changes.outbox.has(open.address)))) return;
      const meta = metaOf(p, runtime);
      const thread = open ? p.threads.byParent.get(open.guid) : undefined;
      const viewer = open ? viewerFor(p, open.address) : { me: undefined, moderates: false };
      // The panel holds the whole thread, kept current: its replies are the count. The copy of the first message
      // keeps the count it had when the thread loaded, which after live replies left Delete's question short of them.
      const parent = thread ? viewOfMessage(withThreadSummary(thread), undefined, viewer) : null;
      const deletions = open ? outboxDeletions(p.outbox, open.address) : new Map();
      const views = thread ? thread.order.map((guid, i) => messageView(thread, i, viewer, deletions.get(guid))) : [];
      if (open && thread) {
        let previous = views.length ? thread.byGuid.get(thread.order.at(-1)!) : thread.parent;
        for (const entry of outboxPosts(p.outbox, open.address)) {
          if (entry.payload.reply_to !== open.guid) continue;
          const view = pendingPostView(entry, p.session.user, previous);
          views.push(view);
          previous = { ...thread.parent, from_guid: view.from_guid, created: view.created };
        }
      }
      if (replaced) sent = new Map();
      const put: MessageView[] = [];
      const next = new Map<string, MessageView>();
      for (const view of views) {
        next.set(view.guid, view);
        if (!sameView(sent.get(view.guid), view)) put.push(view);
      }
      const remove = [...sent.keys()].filter((guid) => !next.has(guid));
      const parentChanged = !sameView(sentParent, parent);
      const metaChanged = !sameView(sentMeta, meta);
      if (replaced || put.length || remove.length || parentChanged || metaChanged) {
        patch.thread = { reset: replaced, meta, parent, replies: { put, remove: replaced ? [] : remove } };
      }
      sent = next;
      sentKey = key;
      sentMeta = meta;
      sentParent = parent;
    },
    forget() {
      sentKey = null;
      sentMeta = null;
      sentParent = null;
      sent = new Map();
    },
  };
}
