/**
 * The sidebar entries by group, each group kept sorted as patches arrive: a
 * changed entry moves by binary search and one splice, so a patch of a few
 * entries costs a few microseconds even with 5,000 conversations (re-sorting
 * everything per patch cost milliseconds per frame during a burst). Only a
 * change of sort order sorts everything again.
 */
import { CHANNEL_GROUPS, type ChannelEntryView, type ChannelGroup } from '../../protocol/views';
import type { SidebarSort } from '../../protocol/events';

export type EntryOrder = (a: ChannelEntryView, b: ChannelEntryView) => number;

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** a–z by the worker's sort key (address breaks ties). */
export const AZ_ORDER: EntryOrder = (a, b) => byString(a.sortKey, b.sortKey) || byString(a.address, b.address);

/** Most recent activity first; never-active conversations last, a–z among themselves. */
export const RECENT_ORDER: EntryOrder = (a, b) => (b.last_message_ts ?? -1) - (a.last_message_ts ?? -1) || AZ_ORDER(a, b);

export const orderOf = (sort: SidebarSort): EntryOrder => (sort === 'recent' ? RECENT_ORDER : AZ_ORDER);

export class ChannelIndex {
  readonly #groups = new Map<ChannelGroup, ChannelEntryView[]>(CHANNEL_GROUPS.map((g) => [g, []]));
  #order: EntryOrder;

  constructor(order: EntryOrder = AZ_ORDER) {
    this.#order = order;
  }

  get order(): EntryOrder {
    return this.#order;
  }

  /** The entries of a group in order (do not modify). */
  group(group: ChannelGroup): readonly ChannelEntryView[] {
    return this.#groups.get(group)!;
  }

  /** Every entry, group by group. */
  *all(): Iterable<ChannelEntryView> {
    for (const list of this.#groups.values()) yield* list;
  }

  /** Puts `next` in place of `previous` (the entry the index holds for that address, if any). */
  upsert(previous: ChannelEntryView | undefined, next: ChannelEntryView): void {
    if (previous) {
      const list = this.#groups.get(previous.group)!;
      const at = this.#find(list, previous);
      // Same group and same place in the order: replace in place, no move.
      if (previous.group === next.group && at >= 0 && this.#fits(list, at, next)) {
        list[at] = next;
        return;
      }
      if (at >= 0) list.splice(at, 1);
    }
    const list = this.#groups.get(next.group)!;
    list.splice(this.#insertionPoint(list, next), 0, next);
  }

  remove(previous: ChannelEntryView): void {
    const list = this.#groups.get(previous.group)!;
    const at = this.#find(list, previous);
    if (at >= 0) list.splice(at, 1);
  }

  /** Replaces everything (a snapshot), sorted once. */
  reset(entries: Iterable<ChannelEntryView>): void {
    for (const list of this.#groups.values()) list.length = 0;
    for (const entry of entries) this.#groups.get(entry.group)!.push(entry);
    this.#sortAll();
  }

  /** Another order (the user switched a–z / recent): everything is sorted once. */
  setOrder(order: EntryOrder): void {
    if (order === this.#order) return;
    this.#order = order;
    this.#sortAll();
  }

  #sortAll(): void {
    for (const list of this.#groups.values()) list.sort(this.#order);
  }

  #insertionPoint(list: readonly ChannelEntryView[], entry: ChannelEntryView): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#order(list[mid]!, entry) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where `entry` (as the index holds it) is: binary search by order, then its address among equals. */
  #find(list: readonly ChannelEntryView[], entry: ChannelEntryView): number {
    const at = this.#insertionPoint(list, entry);
    if (list[at]?.address === entry.address) return at;
    // Not where the order says (should not happen): a scan keeps the index right anyway.
    return list.findIndex((e) => e.address === entry.address);
  }

  #fits(list: readonly ChannelEntryView[], at: number, entry: ChannelEntryView): boolean {
    const before = list[at - 1];
    const after = list[at + 1];
    return (!before || this.#order(before, entry) < 0) && (!after || this.#order(entry, after) < 0);
  }
}
