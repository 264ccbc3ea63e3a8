/**
 * The quick switcher's list (Ctrl/Cmd+K K): every conversation and every
 * person of the company, ranked by the kind of fuzzy match (fuzzy.ts: exact,
 * prefix, word start, …), then by what a heavy user most likely wants —
 * unread mentions, unread, recent activity (so a conversation the user has
 * comes before a person without one) — and only then by the match's score
 * (letters scattered through a name excepted: their score comes first),
 * which within a kind mostly rewards a shorter name: "hana" puts the direct
 * message with Hana Hayes before Hana Ueda, a stranger whose name is shorter.
 * A person who already has a direct message with the user appears as that
 * conversation, once. An empty query lists recent conversations, unread first.
 */
import type { ChannelGroup, QuickSwitchItem } from '../../protocol/views';
import { lastMessageTs } from '../channels';
import type { Projections } from '../fold';
import { foldQuery, fuzzyMatch, matchTier } from '../fuzzy';
import { groupOf } from './channel-view';

interface Ranked {
  item: QuickSwitchItem;
  /** The kind of match (matchTier): ranked before everything else. */
  tier: number;
  score: number;
  mentions: number;
  unread: number;
  recent: number;
}

/** Letters scattered through a name (tier 0) are ranked by their score first: how scattered says how likely. */
const better = (a: Ranked, b: Ranked): number =>
  b.tier - a.tier || (a.tier === 0 ? b.score - a.score : 0) || b.mentions - a.mentions || b.unread - a.unread || b.recent - a.recent || b.score - a.score || a.item.name.length - b.item.name.length || (a.item.name < b.item.name ? -1 : a.item.name > b.item.name ? 1 : 0);

export function quickSwitchItems(p: Projections, rawQuery: string, limit = 20): QuickSwitchItem[] {
  const query = foldQuery(rawQuery.trim().replace(/^[@#]/, ''));
  const me = p.session.user?.target_user_guid;
  const ranked: Ranked[] = [];
  const dmPeople = new Set<string>();

  for (const record of p.channels.byAddress.values()) {
    const { channel } = record;
    const group: ChannelGroup = groupOf(channel);
    if (group === 'direct' && channel.target_user_guid) dmPeople.add(channel.target_user_guid);
    const match = query ? fuzzyMatch(query, channel.name) : { score: 0, positions: [] };
    if (!match) continue;
    const unread = p.unread.byAddress.get(channel.address);
    ranked.push({
      item: { kind: 'conversation', address: channel.address, name: channel.name, group, unread: unread?.count ?? 0, mentions: unread?.mentions ?? 0, matches: match.positions },
      tier: matchTier(match.score),
      score: match.score,
      mentions: unread?.mentions ?? 0,
      unread: unread?.count ?? 0,
      recent: lastMessageTs(record) ?? 0,
    });
  }
  if (query) {
    for (const user of p.session.usersByGuid.values()) {
      if (user.target_user_guid === me || dmPeople.has(user.target_user_guid) || user.is_blocked) continue;
      const name = user.name || `${user.first_name} ${user.last_name}`.trim();
      const byName = fuzzyMatch(query, name);
      const byEmail = user.email ? fuzzyMatch(query, user.email) : null;
      const match = byName ?? (byEmail ? { score: byEmail.score - 500, positions: [] } : null);
      if (!match) continue;
      ranked.push({ item: { kind: 'person', user_guid: user.target_user_guid, name, email: user.email ?? '', matches: match.positions }, tier: matchTier(match.score), score: match.score, mentions: 0, unread: 0, recent: 0 });
    }
  }
  return topK(ranked, limit).map((r) => r.item);
}

/** The best `k` without sorting everything: a bounded insertion list (k is small, n is thousands). */
function topK(items: Ranked[], k: number): Ranked[] {
  const best: Ranked[] = [];
  for (const item of items) {
    if (best.length === k && better(item, best[k - 1]!) >= 0) continue;
    let i = best.length;
    while (i > 0 && better(item, best[i - 1]!) < 0) i--;
    best.splice(i, 0, item);
    if (best.length > k) best.pop();
  }
  return best;
}
