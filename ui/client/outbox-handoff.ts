/**
 * Unsent changes a closing tab leaves behind are handed to the user's other open tabs.
 *
 * Each tab's core keeps its outbox in the user's store, but reads the store only when it starts. So a post a
 * tab left unsent when it was closed (offline, say) used to wait for the next tab to start — while the user, who
 * saw it nowhere, might type it again. Now a tab closing (`pagehide`) with unsent changes says so on a
 * BroadcastChannel, and the user's other tabs take over what the store holds that they do not know
 * ($adoptStoredOutbox): it shows there as unsent and goes out from there. The server takes a post once by its
 * client_guid, so a tab that was only reloading and sends it too does no harm. A tab that crashes says nothing:
 * what it left waits for the next start, as before.
 */
import type { CoreApi } from '../../protocol/core-api';
import type { ViewStore } from './view-store';

export const OUTBOX_HANDOFF_CHANNEL = 'plaza.outbox-handoff';

/** What a closing tab says: whose changes it left unsent. */
interface LeftUnsent {
  type: 'left-unsent';
  user: string;
}

const isLeftUnsent = (data: unknown): data is LeftUnsent =>
  typeof data === 'object' && data !== null && (data as LeftUnsent).type === 'left-unsent' && typeof (data as LeftUnsent).user === 'string';

/** Says so when this tab closes with unsent changes, and takes over those another tab of the same user left; returns the unsubscribe. */
export function watchOutboxHandoff(
  core: Pick<CoreApi, '$adoptStoredOutbox'>,
  store: Pick<ViewStore, 'session' | 'connection'>,
  win: Pick<Window, 'addEventListener' | 'removeEventListener'> & { BroadcastChannel?: typeof BroadcastChannel } = window,
): () => void {
  const Channel = win.BroadcastChannel;
  if (typeof Channel !== 'function') return () => {};
  const channel = new Channel(OUTBOX_HANDOFF_CHANNEL);
  const me = (): string | undefined => store.session.peek().user?.guid;
  channel.onmessage = (e: MessageEvent<unknown>) => {
    const user = me();
    if (user !== undefined && isLeftUnsent(e.data) && e.data.user === user) void core.$adoptStoredOutbox();
  };
  const onPageHide = (): void => {
    const user = me();
    if (user !== undefined && store.connection.peek().unsent > 0) channel.postMessage({ type: 'left-unsent', user } satisfies LeftUnsent);
  };
  win.addEventListener('pagehide', onPageHide);
  return () => {
    win.removeEventListener('pagehide', onPageHide);
    channel.close();
  };
}
