/** Sidebar entries: only those that changed, compared with what the UI already has. */
import type { ChannelEntryView } from '../../protocol/views';
import { channelEntryView } from '../../projections/views/channel-view';
import { sameView, type ViewSection } from './section';

export function createChannelsSection(): ViewSection {
  let sent = new Map<string, ChannelEntryView>();
  return {
    build(patch, { p, changes, reset }) {
      const addresses = reset || changes.allChannels ? new Set([...p.channels.byAddress.keys(), ...sent.keys()]) : changes.channels;
      if (reset) sent = new Map();
      const put: ChannelEntryView[] = [];
      const remove: string[] = [];
      for (const address of addresses) {
        const record = p.channels.byAddress.get(address);
        if (!record) {
          if (sent.delete(address)) remove.push(address);
          continue;
        }
        const view = channelEntryView(record, p.unread.byAddress.get(address), p.session.user, p.folders);
        const before = sent.get(address);
        if (before === undefined || !sameView(before, view)) {
          sent.set(address, view);
          put.push(view);
        }
      }
      if (reset || put.length || remove.length) patch.channels = { put, remove };
    },
    forget() {
      sent = new Map();
    },
  };
}
