/**
 * Search (spec 2 §5, §7): in one channel, around a message, and across every
 * channel the user belongs to. Refused without a term or a filter, as the
 * client refuses it; membership is checked like every channel call (404).
 */
import { SEARCH_REFUSED } from '../../protocol/rules/search-query';
import { listMemberChannels } from '../channel-store';
import { messageFor } from '../message-store';
import { reject } from '../http-util';
import { loadContext, searchMessages } from '../search-store';
import { memberChannel, MESSAGES, type Handlers, type RouteDeps } from './context';

const refused = () => reject(400, SEARCH_REFUSED, { term: SEARCH_REFUSED });

export function searchHandlers({ db }: RouteDeps): Handlers<'messageSearch' | 'loadContext' | 'globalSearch'> {
  return {
    async messageSearch(user, body) {
      const channel = await memberChannel(db, user, body.address);
      const hasFilter = body.include_files || body.flags.length > 0 || body.from_name.trim() !== '' || !!(body.date_range && (body.date_range.start !== null || body.date_range.end !== null));
      if (body.term.trim() === '' && !hasFilter) throw refused();
      const { hits, count, terms } = await searchMessages(
        db,
        [channel.guid],
        { term: body.term, flags: body.flags, filesOnly: body.include_files, dateRange: body.date_range, fromName: body.from_name, viewerGuid: user.guid },
        body.page,
      );
      return { isOk: true, messages: hits, result_count: count, terms };
    },

    async loadContext(user, body) {
      const channel = await memberChannel(db, user, body.address);
      const anchor = await messageFor(db, body.guid, user.guid);
      if (!anchor || anchor.channel_guid !== channel.guid || anchor.deleted) throw reject(404, MESSAGES.noMessage);
      const result = await loadContext(db, channel.guid, { created: anchor.wire.created, wire: anchor.wire }, body.direction, user.guid);
      return { isOk: true, ...result };
    },

    async globalSearch(user, body) {
      const hasFilter = body.flagged || !!(body.date_range && (body.date_range.start !== null || body.date_range.end !== null));
      if (body.term.trim() === '' && !hasFilter) throw refused();
      const channels = await listMemberChannels(db, user.guid);
      const { hits, count, terms } = await searchMessages(
        db,
        channels.map((c) => c.guid),
        { term: body.term, flags: [], filesOnly: false, dateRange: body.date_range, fromName: '', flaggedOnly: body.flagged, viewerGuid: user.guid },
        body.page,
      );
      return { isOk: true, messages: hits, result_count: count, terms };
    },
  };
}
