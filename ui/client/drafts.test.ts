import { describe, expect, it } from 'vitest';
import { createDrafts, DRAFTS_STORAGE_KEY, draftsEditedKey, draftsStorageKey, legacyThreadDraftKey, threadDraftKey, threadDraftsIn } from './drafts';

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
function draftsOf(storage: ReturnType<typeof memoryStorage> | null, user = 'u-alice', now?: () => number) {
  const drafts = createDrafts(storage, now ? { now } : {});
  drafts.setUser(user);
  return drafts;
}

const ALICE_KEY = draftsStorageKey('u-alice');
const ALICE_EDITED = draftsEditedKey('u-alice');

/** A clock that reads `t` and can be moved on. */
function clock(t = 1_000) {
  const c = { t, now: () => c.t };
  return c;
}

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

  describe('edit times', () => {
    it('dates each edit, beside the texts, which stay stored as before', () => {
      const storage = memoryStorage();
      const time = clock(1_000);
      const drafts = draftsOf(storage, 'u-alice', time.now);
      drafts.set('a', 'hello');
      time.t = 2_000;
      drafts.set('b', 'other');
      time.t = 3_000;
      drafts.set('a', 'hello again');
      expect(drafts.editedAt.value).toEqual({ a: 3_000, b: 2_000 });
      expect(JSON.parse(storage.data.get(ALICE_KEY)!)).toEqual({ a: 'hello again', b: 'other' });
      expect(JSON.parse(storage.data.get(ALICE_EDITED)!)).toEqual({ a: 3_000, b: 2_000 });
      // A reload reads them back; setting the same text again is no edit.
      const reloaded = draftsOf(storage, 'u-alice', clock(9_000).now);
      reloaded.set('b', 'other');
      expect(reloaded.editedAt.value).toEqual({ a: 3_000, b: 2_000 });
      // Cleared, a draft's time goes with it, and the times' key when none is left.
      reloaded.clear('a');
      expect(JSON.parse(storage.data.get(ALICE_EDITED)!)).toEqual({ b: 2_000 });
      reloaded.clear('b');
      expect(storage.data.has(ALICE_EDITED)).toBe(false);
    });

    it('loads drafts stored before edit times were kept: they have none until edited', () => {
      const storage = memoryStorage({ [ALICE_KEY]: JSON.stringify({ a: 'from last year', b: 'also old' }) });
      const drafts = draftsOf(storage, 'u-alice', clock(5_000).now);
      expect(drafts.byAddress.value).toEqual({ a: 'from last year', b: 'also old' });
      expect(drafts.editedAt.value).toEqual({});
      drafts.set('b', 'also old, edited');
      expect(drafts.editedAt.value).toEqual({ b: 5_000 });
      // Corrupt or odd times are ignored, never fatal.
      storage.data.set(ALICE_EDITED, JSON.stringify({ a: 'yesterday', b: 7 }));
      expect(draftsOf(storage).editedAt.value).toEqual({ b: 7 });
      storage.data.set(ALICE_EDITED, '{nope');
      expect(draftsOf(storage).byAddress.value).toEqual({ a: 'from last year', b: 'also old, edited' });
    });

    it("take in another tab's edit times, and keep no time for a draft an older build's tab cleared", () => {
      const storage = memoryStorage();
      const one = draftsOf(storage, 'u-alice', clock(1_000).now);
      const two = draftsOf(storage, 'u-alice', clock(2_000).now);
      one.set('design', 'typed in tab one');
      two.set('engineering', 'typed in tab two');
      // Tab two heard of tab one's write of the texts first, then of the times: either brings both in.
      one.reloadFrom(ALICE_KEY);
      expect(one.editedAt.value).toEqual({ design: 1_000, engineering: 2_000 });
      two.reloadFrom(ALICE_EDITED);
      expect(two.editedAt.value).toEqual({ design: 1_000, engineering: 2_000 });
      // A tab of an older build sends the design draft: it rewrites the texts only.
      storage.data.set(ALICE_KEY, JSON.stringify({ engineering: 'typed in tab two' }));
      one.reloadFrom(ALICE_KEY);
      expect(one.editedAt.value).toEqual({ engineering: 2_000 });
      one.set('design', 'new');
      expect(JSON.parse(storage.data.get(ALICE_EDITED)!)).toEqual({ design: 1_000, engineering: 2_000 });
    });

    it('a moved draft keeps the later of its times', () => {
      const time = clock(1_000);
      const drafts = draftsOf(memoryStorage(), 'u-alice', time.now);
      drafts.set(threadDraftKey('design', 'p1'), 'newer');
      drafts.move('thread:p9', threadDraftKey('design', 'p1'));
      time.t = 500;
      drafts.set('thread:p1', 'older');
      time.t = 9_000;
      drafts.move('thread:p1', threadDraftKey('design', 'p1'));
      expect(drafts.editedAt.value).toEqual({ 'thread:design/p1': 1_000 });
      // One stored before edit times were kept moves without a time.
      const old = draftsOf(memoryStorage({ [ALICE_KEY]: JSON.stringify({ 'thread:p2': 'old' }) }));
      old.move('thread:p2', threadDraftKey('design', 'p2'));
      expect(old.editedAt.value).toEqual({});
      expect(old.byAddress.value).toEqual({ 'thread:design/p2': 'old' });
    });
  });
});
