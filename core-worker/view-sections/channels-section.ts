/**
 * Sidebar entries: only those that changed, compared with what the UI already
 * has, and at most MAX_CHANNELS_PER_PATCH per diff: a change to thousands of
 * entries at once (mark all read, a new channel list) is spread over the next
 * frames instead of one push of a megabyte. A snapshot carries everything.
 */
import type { ChannelEntryView } from '../../protocol/views';
import { channelEntryView, peerBlocked } from '../../projections/views/channel-view';
import { sameView, type ViewSection } from './section';

/** About 60 entries is 30–45 KiB of JSON (with team facts): a diff stays under 64 KiB with the rest of a patch. */
export const MAX_CHANNELS_PER_PATCH = 60;

export function createChannelsSection(): ViewSection {
  let sent = new Map<string, ChannelEntryView>();
  /** Addresses changed but not yet looked at (over the per-patch cap), in the order they changed. */
  let backlog = new Set<string>();
  /** What the UI was last told of `channelsPending`. */
  let pendingSaid = false;
  /**
   * The direct message sent for each other person, and whether they were blocked then: whether it may be posted
   * in follows their directory entry, so a directory change that blocks or reinstates them looks at it again
   * (and only then: presence reports change the directory all the time).
   */
  let dmByPeer = new Map<string, { address: string; blocked: boolean }>();
  return {
    build(patch, { p, changes, runtime, reset }) {
      if (reset) {
        sent = new Map();
        backlog = new Set();
        dmByPeer = new Map();
      }
      const changed = reset || changes.allChannels ? [...p.channels.byAddress.keys(), ...sent.keys()] : changes.channels;
      for (const address of changed) backlog.add(address);
      const recheck = (guid: string, dm: { address: string; blocked: boolean } | undefined): void => {
        if (dm && dm.blocked !== (p.session.usersByGuid.get(guid)?.is_blocked === true)) backlog.add(dm.address);
      };
      if (changes.users) for (const [guid, dm] of dmByPeer) recheck(guid, dm);
      else for (const guid of changes.userGuids) recheck(guid, dmByPeer.get(guid));
      const put: ChannelEntryView[] = [];
      const remove: string[] = [];
      const take = (address: string): void => {
        backlog.delete(address);
        const record = p.channels.byAddress.get(address);
        const before = sent.get(address);
        if (before?.target_user_guid) dmByPeer.delete(before.target_user_guid);
        if (!record) {
          if (sent.delete(address)) remove.push(address);
          return;
        }
        const view = channelEntryView(record, p.unread.byAddress.get(address), p.session.user, p.folders, true, p.session.usersByGuid);
        if (view.target_user_guid) dmByPeer.set(view.target_user_guid, { address, blocked: peerBlocked(record.channel, p.session.usersByGuid) });
        if (before === undefined || !sameView(before, view)) {
          sent.set(address, view);
          put.push(view);
        }
      };
      // The open conversation first: until its entry is there, the UI cannot name it, let the user write in it,
      // or tell it from one no longer available (just after sign-in, 4,000 entries take some 70 frames).
      const open = p.session.openAddress;
      if (open !== null && backlog.has(open)) take(open);
      for (const address of backlog) {
        if (!reset && put.length + remove.length >= MAX_CHANNELS_PER_PATCH) break;
        take(address);
      }
      if (reset || put.length || remove.length) patch.channels = { put, remove };
      // Entries are on their way while a backlog is spread over frames, and before the first channel list.
      const pending = backlog.size > 0 || runtime.channelListDue;
      if (reset || pending !== pendingSaid) patch.channelsPending = pendingSaid = pending;
    },
    hasBacklog: () => backlog.size > 0,
    forget() {
      sent = new Map();
      backlog = new Set();
      dmByPeer = new Map();
      pendingSaid = false;
    },
  };
}
