/**
 * Flags (spec 1 §3: 12 colours, ids 1–12; per user) and the "Flagged
 * messages" view, which pages through history with is_favorites across every
 * conversation. setFlag is one small mutation delivered by the outbox:
 * applied at once with the entry, the previous flag restored on refusal.
 */
import { fail, ok, type Result } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';
import type { OutboxFeature } from './outbox';
import { findMessage } from './reactions';

export function createFlagsFeature(ctx: CoreContext, outbox: Pick<OutboxFeature, 'enqueue'>): Feature<'$setFlag' | '$loadFlagged'> {
  const { runtime, publisher } = ctx;

  /** Sets the user's flag (0 removes it): applied at once, delivered by the outbox. */
  async function setFlag(address: string, guid: string, flag: number): Promise<Result<null>> {
    const previous = findMessage(ctx.projections, address, guid)?.flag ?? 0;
    await outbox.enqueue('flag', address, { guid, flag, previous }, { applied: [{ type: 'flag.set', address, guid, flag }] });
    return ok(null);
  }

  const setMeta = (state: { loading: boolean; error: string | null }): void => {
    runtime.flagged = state;
    publisher.changes.flagged = true;
    publisher.schedule();
  };

  return {
    api: {
      async $setFlag(address, guid, flag) {
        await ctx.ready();
        if (!Number.isInteger(flag) || flag < 0 || flag > 12) return fail({ name: 'InvalidRequest', message: 'Choose a flag colour from 1 to 12.', field: 'flag' });
        return setFlag(address, guid, flag);
      },

      async $loadFlagged(page) {
        await ctx.ready();
        if (!runtime.signedIn || runtime.flagged.loading) return ok(null);
        const at = ctx.epoch;
        setMeta({ loading: true, error: null });
        const result = await ctx.api.call('history', { page, address: null, is_favorites: true, task_guid: null });
        if (at !== ctx.epoch) return ok(null);
        if (!result.ok) {
          setMeta({ loading: false, error: `Could not load flagged messages: ${result.error.message}` });
          return result;
        }
        ctx.dispatch('rest', [{ type: 'flagged.loaded', page, page_size: result.value.page_size, messages: result.value.data }]);
        setMeta({ loading: false, error: null });
        return ok(null);
      },
    },
    onLogOpened() {
      runtime.flagged = { loading: false, error: null };
    },
  };
}
