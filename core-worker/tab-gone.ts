/**
 * The core worker's half of the outbox handoff's last race (ui/client/outbox-handoff.ts): it waits for the
 * locks of the tabs whose entries its load set aside, and says when one is gone. Apart from browser-deps.ts
 * so that tests can run it beside the page's half on fake locks and channels.
 */
import { OUTBOX_HANDOFF_CHANNEL, tabLockName, type TabGone } from '../protocol/core-api';
import type { SetAsideTabs } from './storage-idb';

/** The part of the Web Locks API announceGoneTabs waits with. */
export interface LockWaiter {
  request(name: string, granted: () => unknown): Promise<unknown>;
}

/**
 * Says on the outbox handoff channel when a tab whose entries a load set aside is gone (its Web Lock is
 * released), so this tab's page takes them over (`tab-gone`, ui/client/outbox-handoff.ts).
 *
 * The page waits for the locks of the tabs it finds open when it signs in, but it queries them apart from
 * the core's load: a tab whose lock was held when the load marked its entries, and released before the page
 * queried, was waited for by no one, and its entries stayed stored until the next start. Waiting here for
 * exactly the tabs the load set aside closes that gap. The core itself never sees a lock: the page's
 * takeover is an intent ($adoptStoredOutbox), so a replay reads the store at the same point.
 * Each tab is waited for once per user; the worker's waits end with it.
 */
export function announceGoneTabs(locks: LockWaiter | undefined, Channel: (new (name: string) => Pick<BroadcastChannel, 'postMessage'>) | undefined): SetAsideTabs | undefined {
  if (!locks || typeof Channel !== 'function') return undefined;
  const channel = new Channel(OUTBOX_HANDOFF_CHANNEL);
  const waiting = new Set<string>();
  return (user, tabs) => {
    for (const tab of tabs) {
      const key = tabLockName(user, tab);
      if (waiting.has(key)) continue;
      waiting.add(key);
      // Granted: the tab no longer holds its lock. Returning lets go of it at once.
      void locks
        .request(key, () => {
          waiting.delete(key);
          channel.postMessage({ type: 'tab-gone', user, tab } satisfies TabGone);
        })
        .catch(() => waiting.delete(key));
    }
  };
}
