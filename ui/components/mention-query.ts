/** The "@…" being typed before the caret, and the people (or @channel/@all) it may mean: the composer's autocomplete. */
import type { UserView } from '../../protocol/views';
import { isContact } from './contacts';

/** What is being typed for the composer's autocomplete ("@car", ":thu"). */
export interface CompletionQuery {
  /** Index of the "@" or ":" that starts it. */
  start: number;
  /** What follows that character, up to the caret. */
  query: string;
}

/** One choice of the composer's autocomplete. */
export interface Completion {
  id: string;
  /** What replaces the query, its "@" or ":" included. */
  text: string;
  label: string;
  detail: string;
  /** An emoji chosen (counted as used, as the picker's are). */
  emoji?: string;
}

/** The mention being typed right before `caret`, if any ("@car", "@Carol C"). */
export function mentionQueryAt(text: string, caret: number): CompletionQuery | null {
  const before = text.slice(0, caret);
  const match = /(?:^|[\s(])@([^\s@]{0,40}(?: [^\s@]{0,40})?)$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[1]!.length - 1, query: match[1]! };
}

const WIDE: Completion[] = [
  { id: 'scope-channel', text: '@channel', label: '@channel', detail: 'Everyone in this conversation' },
  { id: 'scope-all', text: '@all', label: '@all', detail: 'Everyone, even with notifications off' },
];

/** Up to `limit` options whose name (or a word of it) starts with the query; @channel/@all where they make sense. */
export function mentionOptions(users: readonly UserView[], query: string, wide: boolean, limit = 8): Completion[] {
  const q = query.toLowerCase();
  const people = users
    .filter((u) => !u.is_bot && isContact(u))
    .filter((u) => {
      const name = u.name.toLowerCase();
      return name.startsWith(q) || name.split(/\s+/).some((w) => w.startsWith(q));
    })
    .map((u) => ({ id: `user-${u.guid}`, text: `@${u.name}`, label: u.name, detail: u.email }));
  const scopes = wide ? WIDE.filter((w) => w.text.slice(1).startsWith(q)) : [];
  return [...people, ...scopes].slice(0, limit);
}
