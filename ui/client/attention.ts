/**
 * Tells the core what the user is doing, for two decisions the worker makes:
 * whether unread messages are seen (visible and focused: $setAttention), and
 * presence (spec 3 §4.1: idle after 30 s without activity, on blur or when the
 * pointer leaves; active again on activity, focus or the pointer entering).
 * Activity is reported at most once a second (the 1 s debounce, leading edge:
 * the first sign of life counts at once); the worker keeps the clock.
 */
import type { CoreApi } from '../../protocol/core-api';

export const ACTIVITY_DEBOUNCE_MS = 1_000;
const ACTIVITY_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Reports attention now and on every visibility/focus change, and activity as it happens; returns the unsubscribe. */
export function watchAttention(core: Pick<CoreApi, '$setAttention' | '$reportActivity'>, win: Window = window): () => void {
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

  let lastActivity = Number.NEGATIVE_INFINITY;
  const onActivity = (): void => {
    const now = Date.now();
    if (now - lastActivity < ACTIVITY_DEBOUNCE_MS) return;
    lastActivity = now;
    void core.$reportActivity('activity');
  };
  // The pointer leaving the page: relatedTarget null on the root means it left the window.
  const onOut = (e: MouseEvent): void => {
    if (e.relatedTarget === null) void core.$reportActivity('pointer-leave');
  };
  const onEnter = (): void => {
    lastActivity = Date.now();
    void core.$reportActivity('pointer-enter');
  };

  doc.addEventListener('visibilitychange', report);
  win.addEventListener('focus', report);
  win.addEventListener('blur', onBlur);
  for (const type of ACTIVITY_EVENTS) win.addEventListener(type, onActivity, { passive: true, capture: true });
  doc.addEventListener('mouseout', onOut);
  doc.documentElement.addEventListener('mouseenter', onEnter);
  report();
  return () => {
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', report);
    win.removeEventListener('focus', report);
    win.removeEventListener('blur', onBlur);
    for (const type of ACTIVITY_EVENTS) win.removeEventListener(type, onActivity, { capture: true });
    doc.removeEventListener('mouseout', onOut);
    doc.documentElement.removeEventListener('mouseenter', onEnter);
  };
}
