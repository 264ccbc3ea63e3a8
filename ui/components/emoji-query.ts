/**
 * The ":sho" being typed before the caret, and the emoji whose short code it may begin: the composer's
 * emoji autocomplete, as Slack's. Two characters after the colon at least, so a plain ":" or "10:30" never
 * opens a list; the short codes are the catalogue's (protocol/emoji.ts), aliases included.
 */
import { EMOJI, emojiEntry, withSkinTone, type EmojiEntry } from '../../protocol/emoji';
import type { Completion, CompletionQuery } from './mention-query';

/** The short code being typed right before `caret`, if any (":th", ":+1"). */
export function emojiQueryAt(text: string, caret: number): CompletionQuery | null {
  const match = /(?:^|[\s(]):([a-z0-9_+-]{2,32})$/iu.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[1]!.length - 1, query: match[1]! };
}

/** Whether the short code, or one of its aliases, begins with the query. */
function codeStarts(e: EmojiEntry, q: string): boolean {
  return e.code.startsWith(q) || e.aliases.some((a) => a.startsWith(q));
}

/**
 * Up to `limit` emoji for the query, in the person's skin tone: those whose short code begins with it first,
 * the recently used among them first (in `recent`'s order, the worker's most used first); then those a word
 * of whose name or code begins with it ("up" finds :thumbsup:).
 */
export function emojiOptions(query: string, recent: readonly string[], skinTone: number, limit = 8): Completion[] {
  const q = query.toLowerCase();
  const rank = new Map(recent.map((emoji, i) => [emojiEntry(emoji)?.code, i] as const));
  // Not recently used ranks after every recent one (a number, so two such compare as equal and keep the catalogue's order).
  const byRecency = (a: EmojiEntry, b: EmojiEntry): number => (rank.get(a.code) ?? recent.length) - (rank.get(b.code) ?? recent.length);
  const starting = EMOJI.filter((e) => codeStarts(e, q)).sort(byRecency);
  const inside = EMOJI.filter((e) => !codeStarts(e, q) && [...e.code.split(/[_-]/), ...e.name.toLowerCase().split(/\s+/)].some((w) => w.startsWith(q)));
  return [...starting, ...inside].slice(0, limit).map((e) => {
    const emoji = withSkinTone(e.emoji, skinTone);
    return { id: `emoji-${e.code}`, text: emoji, label: `${emoji} :${e.code}:`, detail: e.name, emoji };
  });
}
