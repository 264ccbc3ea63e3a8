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
  if (anyDue(state.shown, now)) dropExpired(state, now, changes);
}

// The lists are filtered in functions of their own: a function whose closure captures one of its variables
// allocates a scope at every call, and applyToasts and expire run for most envelopes of a busy session.

function dropExpired(state: ToastsState, now: number, changes: ChangeSet): void {
  const live = state.shown.filter((t) => t.expiresAt > now);
  if (live.length === state.shown.length) return;
  state.shown = live;
  changes.toasts = true;
}

function show(state: ToastsState, toast: ToastSpec, at: number, changes: ChangeSet): void {
  const timeout = toast.kind === 'promotion' ? TOAST_LIMITS.promotionTimeoutMs : TOAST_LIMITS.timeoutMs;
  const rest = state.shown.filter((t) => t.id !== toast.id);
  state.shown = [{ ...toast, expiresAt: at + timeout }, ...rest].slice(0, TOAST_LIMITS.maxOnScreen);
  changes.toasts = true;
}

function close(state: ToastsState, id: string, changes: ChangeSet): void {
  const rest = state.shown.filter((t) => t.id !== id);
  if (rest.length === state.shown.length) return;
  state.shown = rest;
  changes.toasts = true;
}

export function applyToasts(state: ToastsState, { event, at }: Envelope, changes: ChangeSet): void {
  // Expiry is judged on every event: the core ticks the clock at the next expiry (features/expiry.ts).
  if (state.shown.length) expire(state, at, changes);
  switch (event.type) {
    case 'toast.shown':
      show(state, event.toast, at, changes);
      return;
    case 'toast.closed':
      close(state, event.id, changes);
      return;
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
