import { describe, expect, it } from 'vitest';
import type { ChannelEntryView, PreferencesView } from '../../protocol/views';
import { channelView } from '../testing/views';
import { AZ_ORDER, ChannelIndex, RECENT_ORDER } from './channel-index';
import { nextConversation, sidebarRows, type SidebarRow } from './sidebar-model';

const prefs = (over: Partial<PreferencesView> = {}): PreferencesView => ({ tab: 'all', sort: 'az', showLast: { az: null, recent: null }, ...over });
const indexOf = (entries: ChannelEntryView[], order = AZ_ORDER) => {
  const index = new ChannelIndex(order);
  index.reset(entries);
  return index;
};
const shown = (rows: SidebarRow[]) => rows.flatMap((r) => (r.kind === 'entry' ? [r.entry.address] : r.kind === 'heading' ? [`# ${r.label}`] : [`> ${r.folder.name}`]));

const entries = [
  channelView({ address: 'news', name: 'News', group: 'announcement', sortKey: 'news', last_message_ts: 50 }),
  channelView({ address: 'alpha', name: 'Alpha', group: 'team', sortKey: 'alpha', last_message_ts: 10, unread: 2 }),
  channelView({ address: 'beta', name: 'Beta', group: 'team', sortKey: 'beta', last_message_ts: 40 }),
  channelView({ address: 'gamma', name: 'Gamma', group: 'team', sortKey: 'gamma', last_message_ts: 30, unread: 1, mentions: 1 }),
  channelView({ address: 'zed', name: 'Zed', group: 'direct', sortKey: 'zed', last_message_ts: 20 }),
  channelView({ address: 'amy', name: 'Amy', group: 'direct', sortKey: 'amy', last_message_ts: null }),
];

describe('the sidebar rows', () => {
  it('lists conversations with unread mentions first, then the groups, sorted a–z', () => {
    expect(shown(sidebarRows(indexOf(entries), prefs(), null))).toEqual(['# Mentions', 'gamma', '# Announcements', 'news', '# Teams', 'alpha', 'beta', '# Direct messages', 'amy', 'zed']);
  });

  it('sorts by recent activity, never-active last', () => {
    expect(shown(sidebarRows(indexOf(entries, RECENT_ORDER), prefs({ sort: 'recent' }), null))).toEqual(['# Mentions', 'gamma', '# Announcements', 'news', '# Teams', 'beta', 'alpha', '# Direct messages', 'zed', 'amy']);
  });

  it('the unread tab keeps unread conversations and the open one', () => {
    expect(shown(sidebarRows(indexOf(entries), prefs({ tab: 'unread' }), 'zed'))).toEqual(['# Mentions', 'gamma', '# Teams', 'alpha', '# Direct messages', 'zed']);
  });

  it('show_last keeps exactly N when several conversations share the last activity time at the edge', () => {
    // Five read conversations whose last messages came at the same instant: "Last 2" shows two of them, not five.
    const tied = ['a', 'b', 'c', 'd', 'e'].map((x) => channelView({ address: x, name: x, group: 'team', sortKey: x, last_message_ts: 70 }));
    const rows = sidebarRows(indexOf([...tied, channelView({ address: 'old', name: 'old', group: 'team', sortKey: 'old', last_message_ts: 5 })]), prefs({ showLast: { az: 2, recent: null } }), null);
    expect(shown(rows)).toEqual(['# Teams', 'a', 'b']);
    // Above the tie, the newer ones come first; the tie fills what is left.
    const newer = channelView({ address: 'z', name: 'z', group: 'team', sortKey: 'z', last_message_ts: 90 });
    expect(shown(sidebarRows(indexOf([...tied, newer]), prefs({ showLast: { az: 2, recent: null } }), null))).toEqual(['# Teams', 'a', 'z']);
  });

  it('show_last keeps the N most recently active, plus unread and open ones', () => {
    // The 2 most recent are news (50) and beta (40); alpha and gamma are unread, amy is open.
    const rows = sidebarRows(indexOf(entries), prefs({ showLast: { az: 2, recent: null } }), 'amy');
    expect(shown(rows)).toEqual(['# Mentions', 'gamma', '# Announcements', 'news', '# Teams', 'alpha', 'beta', '# Direct messages', 'amy']);
    // show_last belongs to the sort: the recent sort has no limit here.
    expect(shown(sidebarRows(indexOf(entries, RECENT_ORDER), prefs({ sort: 'recent', showLast: { az: 2, recent: null } }), null))).toContain('zed');
  });

  it('group headings carry their unread total and entries (for "mark read")', () => {
    const teams = sidebarRows(indexOf(entries), prefs(), null).find((r) => r.kind === 'heading' && r.group === 'team');
    expect(teams).toMatchObject({ unread: 2 });
    expect(teams?.kind === 'heading' && teams.entries.map((e) => e.address)).toEqual(['alpha', 'beta']);
  });
});

describe('next unread and next mention', () => {
  const rows = sidebarRows(indexOf(entries), prefs(), null); // gamma, news, alpha, beta, amy, zed
  it('goes to the next conversation in the order shown, wrapping around', () => {
    expect(nextConversation(rows, null, 'unread')).toBe('gamma');
    expect(nextConversation(rows, 'gamma', 'unread')).toBe('alpha');
    expect(nextConversation(rows, 'alpha', 'unread')).toBe('gamma');
    expect(nextConversation(rows, 'beta', 'unread', -1)).toBe('alpha');
    expect(nextConversation(rows, 'news', 'mention')).toBe('gamma');
    expect(nextConversation(rows, 'gamma', 'mention')).toBeNull();
    expect(nextConversation(sidebarRows(indexOf([]), prefs(), null), null, 'unread')).toBeNull();
  });
});

describe('the channel index', () => {
  it('kept incrementally, always equals a full sort (random patches)', () => {
    let seed = 9;
    const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    for (const order of [AZ_ORDER, RECENT_ORDER]) {
      const index = new ChannelIndex(order);
      const current = new Map<string, ChannelEntryView>();
      for (let step = 0; step < 3_000; step++) {
        const address = `c${Math.floor(rand() * 200)}`;
        if (rand() < 0.1) {
          const previous = current.get(address);
          if (previous) index.remove(previous);
          current.delete(address);
          continue;
        }
        const next = channelView({
          address,
          group: (['team', 'direct', 'task'] as const)[Math.floor(rand() * 3)]!,
          sortKey: `k${Math.floor(rand() * 50)}`,
          last_message_ts: rand() < 0.1 ? null : Math.floor(rand() * 100),
        });
        index.upsert(current.get(address), next);
        current.set(address, next);
      }
      for (const group of ['team', 'direct', 'task'] as const) {
        const expected = [...current.values()].filter((e) => e.group === group).sort(order).map((e) => e.address);
        expect(index.group(group).map((e) => e.address)).toEqual(expected);
      }
    }
  });
});

describe('folders in the sidebar rows', () => {
  const folders = [
    { guid: 'w', name: 'Work', parent_guid: null, depth: 0, sortKey: 'w', unread: 3 },
    { guid: 'p', name: 'Projects', parent_guid: 'w', depth: 1, sortKey: 'w\u0001p', unread: 2 },
  ];
  const filed = [
    channelView({ address: 'x', name: 'X', group: 'team', sortKey: 'x', folder: 'w', unread: 1 }),
    channelView({ address: 'y', name: 'Y', group: 'direct', sortKey: 'y', folder: 'p', unread: 2 }),
    channelView({ address: 'z', name: 'Z', group: 'team', sortKey: 'z', folder: 'p', unread: 1, mentions: 1 }),
    channelView({ address: 'q', name: 'Q', group: 'team', sortKey: 'q', folder: 'gone' }),
  ];
  it('files conversations under their folders (mentions still first), a folder unknown to the UI in its group', () => {
    const rows = sidebarRows(indexOf(filed), prefs(), null, folders);
    expect(shown(rows)).toEqual(['# Mentions', 'z', '# Folders', '> Work', 'x', '> Projects', 'y', '# Teams', 'q']);
    const work = rows.find((r) => r.kind === 'folder' && r.folder.guid === 'w');
    // "Mark read" on a folder covers its subfolders too.
    expect(work?.kind === 'folder' && work.entries.map((e) => e.address)).toEqual(['x', 'y']);
    expect(shown(sidebarRows(indexOf(filed), prefs(), null, folders, new Set(['w'])))).toEqual(['# Mentions', 'z', '# Folders', '> Work', '# Teams', 'q']);
  });
});
