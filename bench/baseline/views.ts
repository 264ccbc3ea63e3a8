/**
 * The baseline's selectors: Redux state → the same view records Plaza's UI
 * renders, memoized per record the way Mattermost's `makeGetChannel`
 * selectors are (a view is rebuilt only when its inputs changed by identity),
 * and the diff against what the UI already holds, applied to the same view
 * store. Every state change still walks every channel: that is how selectors
 * over a normalized store behave.
 */
import { createSelector } from '@reduxjs/toolkit';
import { channelEntryView } from '../../projections/views/channel-view';
import { messageView } from '../../projections/views/message-view';
import { userView } from '../../projections/views/user-view';
import type { MessageStore } from '../../projections/messages';
import type { ChannelEntryView, MessageView, UserView, ViewPatch } from '../../protocol/views';
import type { BaselineState } from './state';

interface Memo {
  channel: unknown;
  last: unknown;
  unread: unknown;
  me: unknown;
  view: ChannelEntryView;
}

export function createViewSelectors() {
  const memo = new Map<string, Memo>();
  const selectChannelViews = createSelector(
    [(s: BaselineState) => s.channels, (s: BaselineState) => s.unread.byAddress, (s: BaselineState) => s.session.me],
    (channels, unread, me): ChannelEntryView[] => {
      const views: ChannelEntryView[] = [];
      for (const [address, channel] of Object.entries(channels.byAddress)) {
        const last = channels.lastMessage[address] ?? null;
        const u = unread[address];
        const cached = memo.get(address);
        if (cached && cached.channel === channel && cached.last === last && cached.unread === u && cached.me === me) {
          views.push(cached.view);
          continue;
        }
        const view = channelEntryView({ channel, lastMessage: last }, u, me);
        memo.set(address, { channel, last, unread: u, me, view });
        views.push(view);
      }
      return views;
    },
  );
  const selectUsers = createSelector([(s: BaselineState) => s.session.users, (s: BaselineState) => s.session.me], (users, me): UserView[] =>
    Object.values(users)
      .filter((u) => u.target_user_guid !== me?.target_user_guid)
      .map((u) => userView(u)),
  );
  const selectMessages = createSelector([(s: BaselineState) => s.session.openAddress, (s: BaselineState) => s.posts.byAddress, (s: BaselineState) => s.session.me], (open, posts, me): MessageView[] => {
    const store = open ? posts[open] : undefined;
    if (!store) return [];
    // messageView reads `byGuid.get` and `order`: the record adapts to it without copying.
    const adapter = { byGuid: { get: (g: string) => store.byGuid[g] }, order: store.order } as unknown as MessageStore;
    return store.order.map((_, i) => messageView(adapter, i, { me: me?.target_user_guid, moderates: me?.is_company_admin ?? false }));
  });
  return { selectChannelViews, selectUsers, selectMessages };
}

/** What the UI holds, to send it only what changed (as Plaza's publisher does). */
export function createViewDiffer() {
  let channels = new Map<string, ChannelEntryView>();
  let users: UserView[] | null = null;
  let messages: MessageView[] | null = null;
  let openAddress: string | null | undefined;
  let me: unknown;
  let prefs: unknown;
  let typing: BaselineState['typing']['byAddress'] = {};
  let seq = 0;
  return (state: BaselineState, views: { channels: ChannelEntryView[]; users: UserView[]; messages: MessageView[] }, reset: boolean): ViewPatch | null => {
    const patch: ViewPatch = { seq: ++seq, reset };
    const put: ChannelEntryView[] = [];
    const next = new Map<string, ChannelEntryView>();
    for (const v of views.channels) {
      next.set(v.address, v);
      if (reset || channels.get(v.address) !== v) put.push(v);
    }
    const remove = reset ? [] : [...channels.keys()].filter((a) => !next.has(a));
    channels = next;
    if (put.length || remove.length || reset) patch.channels = { put, remove };
    if (reset || views.users !== users) patch.users = { put: views.users, remove: [] };
    users = views.users;
    const open = state.session.openAddress;
    if (reset || open !== openAddress || views.messages !== messages) {
      const store = open ? state.posts.byAddress[open] : undefined;
      patch.conversation = {
        address: open,
        reset: true,
        meta: open ? { address: open, isComplete: store?.isComplete ?? false, loading: false, error: null, context: null, newMessages: null } : null,
        messages: { put: views.messages, remove: [] },
      };
    }
    openAddress = open;
    messages = views.messages;
    if (reset || state.typing.byAddress !== typing) {
      const changed: Record<string, string[]> = {};
      for (const [address, typists] of Object.entries(state.typing.byAddress)) {
        if (typing[address] !== typists) changed[address] = Object.values(typists).map((t) => t.name).sort();
      }
      for (const address of Object.keys(typing)) if (!state.typing.byAddress[address]) changed[address] = [];
      if (Object.keys(changed).length) patch.typing = changed;
      typing = state.typing.byAddress;
    }
    if (reset || state.session.me !== me || state.prefs !== prefs) {
      me = state.session.me;
      prefs = state.prefs;
      patch.session = {
        status: state.session.me ? 'signed-in' : 'signed-out',
        user: state.session.me ? { guid: state.session.me.target_user_guid, name: state.session.me.name, email: state.session.me.email ?? '', is_company_admin: state.session.me.is_company_admin } : null,
        endedReason: null,
        unconfirmed: false,
      };
      patch.connection = { socket: 'online', resyncing: false, unsent: 0 };
      const { collapsedFolders } = state.prefs;
      patch.preferences = { tab: state.prefs.tab, sort: state.prefs.sort, showLast: { ...state.prefs.showLast }, ...(collapsedFolders.length ? { collapsedFolders: [...collapsedFolders] } : {}) };
    }
    return Object.keys(patch).length > 2 ? patch : null;
  };
}
