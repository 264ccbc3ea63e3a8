/**
 * Fuzzy matching for the quick switcher: is every character of the query in
 * the text, in order, and how good a match is it? Better matches start
 * earlier, hit word starts, and run consecutively; an exact name or a prefix
 * beats everything. Case- and accent-insensitive, and a word separator in the
 * query matches any in the text: "api squad" finds "api-squad-269", as people
 * type names with spaces. Pure and allocation-light: it runs over 5,000
 * conversations and 300 people per keystroke.
 */

export interface FuzzyMatch {
  score: number;
  /** Matched positions in the text (for highlighting). */
  positions: number[];
}

/** Lower case without accents, same length as the input for the characters Plaza's names use. */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // NFD splits accents off; dropping them keeps indexes aligned only when nothing was split, so check.
  const stripped = lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return stripped.length === lower.length ? stripped : lower;
}

/** In a prepared text every separator is a space (`spaced`): a word starts after one. */
const isWordStart = (text: string, i: number): boolean => i === 0 || text.charCodeAt(i - 1) === 32;

/** The word separators (- _ . / : # @), each made a space (same length: matched positions stay the text's). */
const SEPARATORS = /[-_./:#@]/g;
const spaced = (text: string): string => (text.search(SEPARATORS) < 0 ? text : text.replace(SEPARATORS, ' '));

/**
 * Each name folded and spaced once, not per keystroke: the same few thousand names are matched on every key.
 * Deterministic (a pure function's memo); cleared when it grows past what a company's names need.
 */
const prepared = new Map<string, string>();
function prepare(text: string): string {
  let done = prepared.get(text);
  if (done === undefined) {
    if (prepared.size >= 50_000) prepared.clear();
    done = spaced(foldText(text));
    prepared.set(text, done);
  }
  return done;
}

/** A query as fuzzyMatch takes it: folded and spaced like the names, once per keystroke rather than per name. */
export const foldQuery = (query: string): string => spaced(foldText(query));

/** Scores `query` (from foldQuery, non-empty) against `text`; null when it does not match. */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
  const folded = prepare(text);
  if (query.length > folded.length) return null;
  if (folded === query) return { score: 10_000, positions: range(0, query.length) };
  if (folded.startsWith(query)) return { score: 9_000 - (folded.length - query.length), positions: range(0, query.length) };
  // A run of the query starting a word ("eng" in "Team engineering").
  for (let from = folded.indexOf(query); from >= 0; from = folded.indexOf(query, from + 1)) {
    if (isWordStart(folded, from)) return { score: 8_000 - from - (folded.length - query.length) / 100, positions: range(from, from + query.length) };
  }
  const initials = acronymMatch(query, folded);
  if (initials) return initials;
  const at = folded.indexOf(query);
  if (at >= 0) return { score: 6_000 - at - (folded.length - query.length) / 100, positions: range(at, at + query.length) };
  return subsequence(query, folded);
}

/**
 * The kind of match a score stands for, 5 (the exact name) down to 0 (letters scattered through it): prefix 4,
 * a word's start 3, initials 2, inside a word 1. Within a kind the scores differ only by where the match is and
 * how long the name is — a name one letter shorter scores higher — which says little of which one the user
 * wants: the quick switcher ranks by kind, then by what the user is likely after, and by score last.
 */
export function matchTier(score: number): number {
  if (score >= 10_000) return 5;
  if (score >= 8_500) return 4; // 9,000 less the letters after the prefix
  if (score >= 7_500) return 3; // 8,000 less the word's place
  if (score >= 6_500) return 2;
  if (score >= 5_500) return 1;
  return 0; // scattered letters: about 1,000, more the closer together they are
}

/** Each query character at the start of a word, in order ("ds" → "Design System"). */
function acronymMatch(query: string, text: string): FuzzyMatch | null {
  const positions: number[] = [];
  let qi = 0;
  for (let i = 0; i < text.length && qi < query.length; i++) {
    if (isWordStart(text, i) && text[i] === query[qi]) {
      positions.push(i);
      qi++;
    }
  }
  if (qi < query.length) return null;
  return { score: 7_000 - positions[0]! - (text.length - query.length) / 100, positions };
}

/** In-order characters anywhere: bonuses for word starts and consecutive runs, penalties for gaps. */
function subsequence(query: string, text: string): FuzzyMatch | null {
  const positions: number[] = [];
  let score = 1_000;
  let qi = 0;
  let last = -1;
  for (let i = 0; i < text.length && qi < query.length; i++) {
    if (text[i] !== query[qi]) continue;
    positions.push(i);
    if (isWordStart(text, i)) score += 30;
    if (last === i - 1) score += 20;
    else if (last >= 0) score -= Math.min(30, i - last);
    last = i;
    qi++;
  }
  if (qi < query.length) return null;
  score -= positions[0]!;
  return { score, positions };
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) out.push(i);
  return out;
}
