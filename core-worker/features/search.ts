/**
 * Search (spec 2 §3, §5, §7): in one conversation, across everything, and
 * jumping to a hit. A search runs only with a term or a filter; an empty term
 * with a filter is sent as a single space. Global search asks each source the
 * query selects: channels are matched locally, messages with global_search
 * once per channel source, people with members/search; meetings and files do
 * not exist in Plaza yet and show as unavailable (projections/views/search-view.ts).
 */
import type { SearchHit } from '../../protocol/rest/search';
import { canSearchChannel, canSearchGlobal, hasGlobalSource, SEARCH_NO_SOURCE, SEARCH_REFUSED, searchWords, wireTerm } from '../../protocol/rules/search-query';
import { fail, ok, type Result } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';

type Methods =
  | '$searchChannel'
  | '$searchChannelMore'
  | '$closeChannelSearch'
  | '$searchGlobal'
  | '$closeGlobalSearch'
  | '$openSearchHit'
  | '$loadContext'
  | '$closeContext';

const refused = () => fail({ name: 'InvalidRequest', message: SEARCH_REFUSED, field: 'term' });

export function createSearchFeature(ctx: CoreContext, loadNewest: (address: string) => Promise<unknown>): Feature<Methods> {
  const current = () => ctx.projections.search;

  async function channelPage(id: string, page: number): Promise<Result<null>> {
    const s = current().channel;
    if (!s) return ok(null);
    const { query, address } = s;
    const result = await ctx.api.call('messageSearch', {
      address,
      term: wireTerm(query.term),
      page,
      flags: query.flags,
      include_files: query.include_files,
      date_range: query.date_range,
      from_name: query.from_name.trim(),
    });
    if (current().channel?.id !== id) return ok(null); // a newer search took over
    if (!result.ok) {
      ctx.dispatch('rest', [{ type: 'channel_search.failed', id, message: result.error.message }]);
      return result;
    }
    const hits = result.value.messages.filter((h) => h.message.address === address);
    if (hits.length !== result.value.messages.length) ctx.rejections.reject('messageSearch', `hits of another channel in a search of ${address}`);
    ctx.dispatch('rest', [{ type: 'channel_search.results', id, page, hits, result_count: result.value.result_count, terms: result.value.terms }]);
    return ok(null);
  }

  /** Messages from every channel source the user has (one call each), merged newest first. */
  async function globalMessages(id: string): Promise<void> {
    const g = current().global;
    if (!g) return;
    const sources = new Set([...ctx.projections.channels.byAddress.values()].map((r) => r.channel.source));
    if (sources.size === 0) sources.add('local');
    const results = await Promise.all(
      [...sources].map(() =>
        // Plaza's server is the one source ('local'); a multi-source client would send each call to its source's host.
        ctx.api.call('globalSearch', { term: wireTerm(g.query.term), page: 0, date_range: g.query.timeFrame, flagged: g.query.flagged }),
      ),
    );
    if (current().global?.id !== id) return;
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) {
      ctx.dispatch('rest', [{ type: 'global_search.failed', id, source: 'messages', message: failed.error.message }]);
      return;
    }
    const hits: SearchHit[] = [];
    let count = 0;
    const terms = new Set<string>();
    for (const r of results) {
      if (!r.ok) continue;
      hits.push(...r.value.messages);
      count += r.value.result_count;
      for (const t of r.value.terms) terms.add(t);
    }
    hits.sort((a, b) => b.message.created - a.message.created || (a.message.guid < b.message.guid ? 1 : -1));
    ctx.dispatch('rest', [{ type: 'global_search.results', id, source: 'messages', hits, result_count: count, terms: [...terms] }]);
  }

  async function globalPeople(id: string): Promise<void> {
    const g = current().global;
    if (!g) return;
    if (searchWords(g.query.term).length === 0) {
      // Only filters (flagged, time frame): they concern messages, not people.
      ctx.dispatch('rest', [{ type: 'global_search.results', id, source: 'people', users: [] }]);
      return;
    }
    const result = await ctx.api.call('membersSearch', { name: g.query.term.trim(), details: false, include_blocked: false });
    if (current().global?.id !== id) return;
    if (result.ok) ctx.dispatch('rest', [{ type: 'global_search.results', id, source: 'people', users: result.value.members }]);
    else ctx.dispatch('rest', [{ type: 'global_search.failed', id, source: 'people', message: result.error.message }]);
  }

  return {
    api: {
      async $searchChannel(address, query) {
        await ctx.ready();
        if (!canSearchChannel(query)) return refused();
        const id = ctx.deps.random.uuid();
        ctx.dispatch('intent', [{ type: 'channel_search.started', id, address, query, page: 0 }]);
        return channelPage(id, 0);
      },

      async $searchChannelMore() {
        await ctx.ready();
        const s = current().channel;
        if (!s || s.status === 'searching' || s.hits.length >= s.resultCount) return ok(null);
        const id = ctx.deps.random.uuid();
        ctx.dispatch('intent', [{ type: 'channel_search.started', id, address: s.address, query: s.query, page: s.page + 1 }]);
        return channelPage(id, s.page + 1);
      },

      async $closeChannelSearch() {
        await ctx.ready();
        if (current().channel) ctx.dispatch('intent', [{ type: 'channel_search.closed' }]);
      },

      async $searchGlobal(query) {
        await ctx.ready();
        if (!canSearchGlobal(query)) return refused();
        if (!hasGlobalSource(query)) return fail({ name: 'InvalidRequest', message: SEARCH_NO_SOURCE, field: 'sources' });
        const id = ctx.deps.random.uuid();
        ctx.dispatch('intent', [{ type: 'global_search.started', id, query }]);
        await Promise.all([query.messages ? globalMessages(id) : null, query.people ? globalPeople(id) : null]);
        const g = current().global;
        const failed = g?.id === id ? (g.messages?.error ?? g.people?.error) : null;
        return failed ? fail({ name: 'SearchFailed', message: failed }) : ok(null);
      },

      async $closeGlobalSearch() {
        await ctx.ready();
        if (current().global) ctx.dispatch('intent', [{ type: 'global_search.closed' }]);
      },

      async $openSearchHit(address, guid) {
        await ctx.ready();
        const at = ctx.epoch;
        const result = await ctx.api.call('loadContext', { address, guid, direction: 'both' });
        if (at !== ctx.epoch) return ok(null);
        if (!result.ok) return result;
        const messages = result.value.messages.filter((m) => m.address === address);
        if (!messages.some((m) => m.guid === guid)) {
          ctx.rejections.reject('loadContext', `the context of ${guid} does not contain it`);
          return fail({ name: 'InvalidResponse', message: 'That message could not be found.' });
        }
        ctx.dispatch('rest', [
          { type: 'channel.opened', address },
          { type: 'context.loaded', address, anchor: guid, direction: 'both', messages, has_before: result.value.has_before, has_after: result.value.has_after },
        ]);
        return ok(null);
      },

      async $loadContext(address, direction) {
        await ctx.ready();
        const w = ctx.projections.context.window;
        if (!w || w.address !== address) return ok(null);
        if ((direction === 'before' && !w.hasBefore) || (direction === 'after' && !w.hasAfter)) return ok(null);
        const edge = direction === 'before' ? w.store.order[0] : w.store.order[w.store.order.length - 1];
        if (!edge) return ok(null);
        const result = await ctx.api.call('loadContext', { address, guid: edge, direction });
        const now = ctx.projections.context.window;
        if (!now || now.address !== address || now.anchor !== w.anchor) return ok(null);
        if (!result.ok) return result;
        const messages = result.value.messages.filter((m) => m.address === address);
        ctx.dispatch('rest', [{ type: 'context.loaded', address, anchor: w.anchor, direction, messages, has_before: result.value.has_before, has_after: result.value.has_after }]);
        return ok(null);
      },

      async $closeContext(address) {
        await ctx.ready();
        if (ctx.projections.context.window?.address !== address) return;
        ctx.dispatch('intent', [{ type: 'context.closed', address }]);
        // The newest page may never have been loaded (the conversation was opened at a hit).
        if ((ctx.projections.messages.byAddress.get(address)?.page ?? -1) < 0) await loadNewest(address);
      },
    },
  };
}
