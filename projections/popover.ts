/**
 * Popovers: modal notices with an Ok button (spec 1 §2, §8: the 'Bot Error'
 * popover). They queue; the first is shown until the user closes it.
 */
import type { Envelope, PopoverSpec } from '../protocol/events';
import type { ChangeSet } from './changes';

export interface PopoverState {
  queue: PopoverSpec[];
}

export function createPopover(): PopoverState {
  return { queue: [] };
}

export function applyPopover(state: PopoverState, { event }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'popover.shown':
      if (state.queue.some((p) => p.id === event.popover.id)) return;
      state.queue = [...state.queue, event.popover];
      changes.popover = true;
      return;
    case 'popover.closed': {
      const rest = state.queue.filter((p) => p.id !== event.id);
      if (rest.length === state.queue.length) return;
      state.queue = rest;
      changes.popover = true;
      return;
    }
    case 'session.ended':
      if (state.queue.length === 0) return;
      state.queue = [];
      changes.popover = true;
      return;
    default:
      return;
  }
}
