/** Tells the core whether the user can see the page: unread messages are only marked viewed while seen. */
import type { CoreApi } from '../../protocol/core-api';

/** Reports attention now and on every visibility/focus change; returns the unsubscribe. */
export function watchAttention(core: Pick<CoreApi, '$setAttention'>, win: Window = window): () => void {
  const doc = win.document;
  let last: boolean | null = null;
  const report = (): void => {
    const attentive = doc.visibilityState === 'visible' && doc.hasFocus();
    if (attentive === last) return;
    last = attentive;
    void core.$setAttention(attentive);
  };
  // Some browsers still answer hasFocus() === true during 'blur': check again once it has settled.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onBlur = (): void => {
    report();
    clearTimeout(timer);
    timer = setTimeout(report, 0);
  };
  doc.addEventListener('visibilitychange', report);
  win.addEventListener('focus', report);
  win.addEventListener('blur', onBlur);
  report();
  return () => {
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', report);
    win.removeEventListener('focus', report);
    win.removeEventListener('blur', onBlur);
  };
}
