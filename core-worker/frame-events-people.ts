/** What a CRQ frame (a connection message, spec 2 §4) means in the log's vocabulary. */
import type { DomainEvent } from '../protocol/events';
import type { DownFrame } from '../protocol/frames/down';

type Crq = Extract<DownFrame, { code: 'CRQ' }>['data'];

/** A frame missing the field its action needs yields no event (the feature logs it). */
export function connectionEvents(data: Crq): DomainEvent[] {
  switch (data.action) {
    case 'request':
      return data.request ? [{ type: 'connection_request.added', request: data.request }] : [];
    case 'remove':
      return data.guid ? [{ type: 'connection_request.removed', guid: data.guid }] : [];
    case 'connect_link_added':
    case 'connect_link_used':
      return data.link ? [{ type: 'connect_link.upserted', link: data.link }] : [];
    case 'connect_link_deleted': {
      const clGuid = data.cl_guid ?? data.link?.cl_guid;
      return clGuid ? [{ type: 'connect_link.removed', cl_guid: clGuid }] : [];
    }
  }
}
