/** What each decoded server frame means in the event log's vocabulary. */
import type { DomainEvent } from '../protocol/events';
import type { DownFrame } from '../protocol/frames/down';

/**
 * Events for one frame. Connection-level frames (CHK, ACK, OUT) produce none
 * here: the core acts on them directly.
 */
export function eventsFromFrame(frame: DownFrame, me: string | undefined): DomainEvent[] {
  switch (frame.code) {
    case 'MSG':
      return [{ type: 'message.received', message: frame.data.message }];
    case 'DEL': {
      const { address, guid, from_guid, created } = frame.data;
      return [{ type: 'message.deleted', address, guid, ...(from_guid !== undefined ? { from_guid } : {}), ...(created !== undefined ? { created } : {}) }];
    }
    case 'REA':
      return [{ type: 'reactions.changed', address: frame.data.address, guid: frame.data.guid, reactions: frame.data.reactions }];
    case 'TYP': {
      const { address, user_guid, first_name, last_name } = frame.data;
      if (user_guid === me) return [];
      return [{ type: 'typing.started', address, user_guid, name: `${first_name} ${last_name}`.trim() || 'Someone' }];
    }
    case 'CHA': {
      const { action, channel, address, target_user_guid } = frame.data;
      const removedAddress = address ?? channel?.address;
      if (action === 'remove' || (action === 'member_removed' && target_user_guid === me)) {
        return removedAddress ? [{ type: 'channel.removed', address: removedAddress }] : [];
      }
      return channel ? [{ type: 'channel.upserted', channel }] : [];
    }
    case 'ALR':
      return [{ type: 'alert.received', alert: frame.data.alert }];
    case 'ALD':
      return [{ type: 'alerts.dismissed', guids: frame.data.alerts }];
    case 'CHK':
    case 'ACK':
    case 'OUT':
      return [];
  }
}
