/**
 * Toasts on screen (spec 1 §9, spec 3 §9): at most 4, newest on top; each
 * expires 5 s after it appeared (promotions 60 s), judged by envelope time.
 * A fifth toast pushes the oldest off.
 */
import type { Envelope, ToastSpec } from '../protocol/events';
import { TOAST_LIMITS } from '../protocol/rules/alerts';
import type { ChangeSet } from './changes';

export interface Toast extends ToastSpec {
  expiresAt: number;
}

export interface ToastsState {
  /** Newest first. */
  shown: Toast[];
}

export function createToasts(): ToastsState {
  return { shown: [] };
}

/** A copy later folds cannot change (folds replace the list and its toasts, never mutate them). */
export function cloneToasts(state: ToastsState): ToastsState {
  return { shown: state.shown.slice() };
}

/** Whether a toast is due by `now`: a loop, not `some` and a closure, for it runs on every envelope while a toast shows. */
function anyDue(shown: readonly Toast[], now: number): boolean {
  for (let i = 0; i < shown.length; i++) if (shown[i]!.expiresAt <= now) return true;
  return false;
}

function expire(state: ToastsState, now: number, changes: ChangeSet): void {
  // Judged on every event while a toast shows: no copy unless one is due.
  if (!anyDue(state.shown, now)) return;
  const live = state.shown.filter((t) => t.expiresAt > now);
  if (live.length === state.shown.length) return;
  state.shown = live;
  changes.toasts = true;
}

export function applyToasts(state: ToastsState, { event, at }: Envelope, changes: ChangeSet): void {
  // Expiry is judged on every event: the core ticks the clock at the next expiry (features/expiry.ts).
  if (state.shown.length) expire(state, at, changes);
  switch (event.type) {
    case 'toast.shown': {
      const timeout = event.toast.kind === 'promotion' ? TOAST_LIMITS.promotionTimeoutMs : TOAST_LIMITS.timeoutMs;
      const rest = state.shown.filter((t) => t.id !== event.toast.id);
      state.shown = [{ ...event.toast, expiresAt: at + timeout }, ...rest].slice(0, TOAST_LIMITS.maxOnScreen);
      changes.toasts = true;
      return;
    }
    case 'toast.closed': {
      const rest = state.shown.filter((t) => t.id !== event.id);
      if (rest.length === state.shown.length) return;
      state.shown = rest;
      changes.toasts = true;
      return;
    }
    case 'session.ended':
      if (state.shown.length) {
        state.shown = [];
        changes.toasts = true;
      }
      return;
    default:
      return;
  }
}

/** When the next toast expires, or null. */
export function nextToastExpiry(state: ToastsState): number | null {
  let next: number | null = null;
  for (const t of state.shown) if (next === null || t.expiresAt < next) next = t.expiresAt;
  return next;
}
