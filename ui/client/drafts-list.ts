/**
 * The Drafts page's list, from the stored drafts: one entry per draft with text in it, each with where it was
 * typed, most recently edited first. Drafts stored before edit times were kept have none: they come after the
 * dated ones, by conversation name (then a conversation's own draft before its threads' replies).
 */
import { draftPlace } from './drafts';

export interface DraftEntry {
  /** The drafts key (drafts.ts): what Discard clears and Open resumes. */
  key: string;
  /** The conversation; null for a thread reply kept under its legacy key, which does not say. */
  address: string | null;
  /** The guid of the thread's first message, for a thread reply; null for a conversation's own draft. */
  thread: string | null;
  text: string;
  /** When it was last edited (epoch ms); null if stored before edit times were kept. */
  editedAt: number | null;
}

/** Plaza's choice: text of only spaces and line breaks is no draft to list or count (there is nothing to lose). */
const hasText = (text: string): boolean => text.trim() !== '';

/** How many drafts the Drafts page lists. */
export function countDrafts(byKey: Readonly<Record<string, string>>): number {
  let n = 0;
  for (const text of Object.values(byKey)) if (hasText(text)) n++;
  return n;
}

/** The drafts to list, most recently edited first; `nameOf` names a conversation, for the undated ones' order. */
export function listDrafts(
  byKey: Readonly<Record<string, string>>,
  editedAt: Readonly<Record<string, number>>,
  nameOf: (address: string) => string,
): DraftEntry[] {
  const entries: (DraftEntry & { name: string })[] = [];
  // Undated sorts as 0 (1970): after every dated one.
  for (const [key, text] of Object.entries(byKey)) {
    if (!hasText(text)) continue;
    const { address, thread } = draftPlace(key);
    entries.push({ key, address, thread, text, editedAt: editedAt[key] ?? null, name: address === null ? '' : nameOf(address) });
  }
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  entries.sort(
    (a, b) =>
      (b.editedAt ?? 0) - (a.editedAt ?? 0) ||
      // Undated: by name; a reply whose conversation is not known last.
      Number(a.address === null) - Number(b.address === null) ||
      collator.compare(a.name, b.name) ||
      Number(a.thread !== null) - Number(b.thread !== null) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return entries.map(({ name: _name, ...entry }) => entry);
}
