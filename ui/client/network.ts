/** Tells the core when the browser's network comes back, so it reconnects and retries at once rather than after its delay. */
import type { CoreApi } from '../../protocol/core-api';

/** Reports online/offline changes; returns the unsubscribe. */
export function watchNetwork(core: Pick<CoreApi, '$setNetwork'>, win: Window = window): () => void {
  const online = (): void => void core.$setNetwork(true);
  const offline = (): void => void core.$setNetwork(false);
  win.addEventListener('online', online);
  win.addEventListener('offline', offline);
  return () => {
    win.removeEventListener('online', online);
    win.removeEventListener('offline', offline);
  };
}
