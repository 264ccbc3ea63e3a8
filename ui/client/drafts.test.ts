import { describe, expect, it } from 'vitest';
import { createDrafts, DRAFTS_STORAGE_KEY, draftsStorageKey, legacyThreadDraftKey, threadDraftKey, threadDraftsIn } from './drafts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

/** Drafts of `user` over `storage`, as a signed-in page has them. */
function draftsOf(storage: ReturnType<typeof memoryStorage> | null, user = 'u-alice') {
  const drafts = createDrafts(storage);
  drafts.setUser(user);
  return drafts;
}

const ALICE_KEY = draftsStorageKey('u-alice');

describe('drafts', () => {
  it('keeps a draft per address and persists it', () => {
    const storage = memoryStorage();
    const drafts = draftsOf(storage);
    drafts.set('a', 'hello');
    drafts.set('b', 'other');
    expect(drafts.get('a')).toBe('hello');
    expect(JSON.parse(storage.data.get(ALICE_KEY)!)).toEqual({ a: 'hello', b: 'other' });
    // A reload reads them back.
    expect(draftsOf(storage).get('b')).toBe('other');
  });

  it('clearing (or setting empty) removes the draft, and the key when none is left', () => {
    const storage = memoryStorage();
    const drafts = draftsOf(storage);
    drafts.set('a', 'x');
    drafts.set('a', '');
    expect(drafts.get('a')).toBe('');
    expect(storage.data.has(ALICE_KEY)).toBe(false);
  });

  it('ignores corrupt storage', () => {
    expect(draftsOf(memoryStorage({ [ALICE_KEY]: '{nope' })).byAddress.value).toEqual({});
    expect(draftsOf(memoryStorage({ [ALICE_KEY]: '{"a":1,"b":"ok"}' })).byAddress.value).toEqual({ b: 'ok' });
  });

  it('works without storage', () => {
    const drafts = draftsOf(null);
    drafts.set('a', 'x');
    expect(drafts.get('a')).toBe('x');
  });

  it("are the signed-in user's own: the next user in the browser sees none of them, and gets them back on return", () => {
    const storage = memoryStorage();
    const drafts = draftsOf(storage, 'u-alice');
    drafts.set('design', 'not for Bob');
    drafts.setUser(null);
    expect(drafts.byAddress.value).toEqual({});
    drafts.setUser('u-bob');
    expect(drafts.get('design')).toBe('');
    drafts.set('design', "Bob's own");
    drafts.setUser('u-alice');
    expect(drafts.get('design')).toBe('not for Bob');
    expect(JSON.parse(storage.data.get(draftsStorageKey('u-bob'))!)).toEqual({ design: "Bob's own" });
  });

  it("a tab's write keeps the drafts another tab stored meanwhile, and a tab takes in what another wrote", () => {
    const storage = memoryStorage();
    const one = draftsOf(storage);
    const two = draftsOf(storage);
    one.set('design', 'typed in tab one');
    two.set('engineering', 'typed in tab two');
    expect(JSON.parse(storage.data.get(ALICE_KEY)!)).toEqual({ design: 'typed in tab one', engineering: 'typed in tab two' });
    // Sent in tab one: gone from what is stored, and tab two (told by its storage event) does not bring it back.
    one.clear('design');
    two.reloadFrom(ALICE_KEY);
    expect(two.get('design')).toBe('');
    two.set('engineering', 'typed on in tab two');
    expect(JSON.parse(storage.data.get(ALICE_KEY)!)).toEqual({ engineering: 'typed on in tab two' });
    // Another user's key (or another app's) changes nothing here.
    storage.data.set(ALICE_KEY, '{}');
    two.reloadFrom('something-else');
    expect(two.get('engineering')).toBe('typed on in tab two');
  });

  it('drafts stored before they were per user go to the first user who signs in', () => {
    const storage = memoryStorage({ [DRAFTS_STORAGE_KEY]: '{"design":"from before"}' });
    expect(draftsOf(storage, 'u-alice').get('design')).toBe('from before');
    expect(storage.data.has(DRAFTS_STORAGE_KEY)).toBe(false);
    expect(draftsOf(storage, 'u-bob').get('design')).toBe('');
  });

  it('moves a draft to another key, after the text already there', () => {
    const storage = memoryStorage();
    const drafts = draftsOf(storage);
    drafts.set('thread:p1', 'older');
    drafts.move('thread:p1', threadDraftKey('design', 'p1'));
    expect(JSON.parse(storage.data.get(ALICE_KEY)!)).toEqual({ 'thread:design/p1': 'older' });
    drafts.set('thread:p1', 'typed in an old tab');
    drafts.move('thread:p1', threadDraftKey('design', 'p1'));
    expect(drafts.byAddress.value).toEqual({ 'thread:design/p1': 'older\ntyped in an old tab' });
    // Nothing to move: nothing changes.
    drafts.move('thread:p9', threadDraftKey('design', 'p9'));
    expect(drafts.byAddress.value).toEqual({ 'thread:design/p1': 'older\ntyped in an old tab' });
  });

  it("finds a conversation's thread replies, and those kept before their key named the conversation", () => {
    const byAddress = { design: 'not a reply', [threadDraftKey('design', 'p1')]: 'one', [threadDraftKey('general', 'p2')]: 'two', [legacyThreadDraftKey('p3')]: 'three' };
    expect(threadDraftsIn(byAddress, 'design')).toEqual([
      { key: 'thread:design/p1', address: 'design', guid: 'p1', text: 'one' },
      { key: 'thread:p3', address: null, guid: 'p3', text: 'three' },
    ]);
  });
});
