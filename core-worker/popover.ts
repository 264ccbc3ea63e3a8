/**
 * Popovers (spec 1 §2, §8): a modal notice with an Ok button, e.g. the 'Bot
 * Error' popover when a bot post fails. Any feature shows one with
 * `showPopover(ctx, {title: 'Bot Error', body: reason})`; the user closes it
 * with Ok ($closePopover). Several queue up; one is shown at a time.
 */
import type { PopoverSpec } from '../protocol/events';
import type { CoreContext } from './core-context';

/** The title of the popover shown when a bot post fails (spec 1 §8). */
export const BOT_ERROR_TITLE = 'Bot Error';

export function showPopover(ctx: CoreContext, popover: Omit<PopoverSpec, 'id' | 'kind'> & { kind?: PopoverSpec['kind'] }): string {
  const id = ctx.deps.random.uuid();
  ctx.dispatch('system', [{ type: 'popover.shown', popover: { id, title: popover.title, body: popover.body, kind: popover.kind ?? 'error' } }]);
  return id;
}
