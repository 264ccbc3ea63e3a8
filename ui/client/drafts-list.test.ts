import { describe, expect, it } from 'vitest';
import { legacyThreadDraftKey, threadDraftKey } from './drafts';
import { countDrafts, listDrafts } from './drafts-list';

const names: Record<string, string> = { c1: 'General', c2: 'design', c3: 'Zeta' };
const nameOf = (address: string): string => names[address] ?? 'A conversation no longer available to you';

describe('the drafts list', () => {
  it('lists every draft with where it was typed, most recently edited first', () => {
    const byKey = { c1: 'hello', [threadDraftKey('c2', 'p1')]: 'a reply', c3: 'zeta' };
    const list = listDrafts(byKey, { c1: 100, [threadDraftKey('c2', 'p1')]: 300, c3: 200 }, nameOf);
    expect(list).toEqual([
      { key: 'thread:c2/p1', address: 'c2', thread: 'p1', text: 'a reply', editedAt: 300 },
      { key: 'c3', address: 'c3', thread: null, text: 'zeta', editedAt: 200 },
      { key: 'c1', address: 'c1', thread: null, text: 'hello', editedAt: 100 },
    ]);
  });

  it('puts drafts without an edit time after the dated ones, by conversation name, a reply whose conversation is unknown last', () => {
    const byKey = {
      c3: 'undated zeta',
      [legacyThreadDraftKey('p9')]: 'legacy reply',
      [threadDraftKey('c1', 'p1')]: 'undated reply in General',
      c1: 'undated General',
      c2: 'undated design',
      gone: 'in a conversation no longer there',
      [threadDraftKey('c3', 'p3')]: 'dated',
    };
    expect(listDrafts(byKey, { [threadDraftKey('c3', 'p3')]: 5 }, nameOf).map((d) => d.text)).toEqual([
      'dated',
      'in a conversation no longer there',
      'undated design',
      'undated General',
      'undated reply in General',
      'undated zeta',
      'legacy reply',
    ]);
  });

  it('neither lists nor counts text of only spaces and line breaks', () => {
    const byKey = { c1: '  \n ', c2: ' x ' };
    expect(listDrafts(byKey, {}, nameOf).map((d) => d.key)).toEqual(['c2']);
    expect(countDrafts(byKey)).toBe(1);
    expect(countDrafts({})).toBe(0);
  });
});
