/**
 * The DevTools protocol on a dedicated worker: Playwright opens CDP sessions on pages only, so the worker's
 * target is attached through the browser's session (non-flattened) and spoken to by message.
 */
import type { Browser, CDPSession } from 'playwright-core';

export interface WorkerCdp {
  /** Sends `method` to the worker and resolves with its answer. */
  ask(method: string): Promise<{ result?: { usedSize?: number } }>;
  detach(): Promise<void>;
}

/** Attaches to the first worker whose script URL matches `url` (given `pageUrl`, one in that page's browser context); null if there is none. */
export async function attachWorker(browser: Browser, url: RegExp, pageUrl?: string): Promise<WorkerCdp | null> {
  const cdp: CDPSession = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const pageTarget = pageUrl === undefined ? undefined : targetInfos.find((t) => t.type === 'page' && t.url === pageUrl);
  const worker = targetInfos.find((t) => t.type === 'worker' && url.test(t.url) && (pageTarget === undefined || t.browserContextId === pageTarget.browserContextId));
  if (!worker) {
    await cdp.detach();
    return null;
  }
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
  let id = 0;
  return {
    ask: (method) =>
      new Promise((resolve) => {
        const mine = ++id;
        const onMessage = (e: { sessionId?: string; message: string }) => {
          const m = JSON.parse(e.message) as { id?: number; result?: { usedSize?: number } };
          if (m.id !== mine) return;
          cdp.off('Target.receivedMessageFromTarget', onMessage);
          resolve(m);
        };
        cdp.on('Target.receivedMessageFromTarget', onMessage);
        void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: mine, method }) });
      }),
    detach: () => cdp.detach(),
  };
}
