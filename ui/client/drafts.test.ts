import { describe, expect, it } from 'vitest';
import { createDrafts, DRAFTS_STORAGE_KEY } from './drafts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('drafts', () => {
  it('keeps a draft per address and persists it', () => {
    const storage = memoryStorage();
    const drafts = createDrafts(storage);
    drafts.set('a', 'hello');
    drafts.set('b', 'other');
    expect(drafts.get('a')).toBe('hello');
    expect(JSON.parse(storage.data.get(DRAFTS_STORAGE_KEY)!)).toEqual({ a: 'hello', b: 'other' });
    // A reload reads them back.
    expect(createDrafts(storage).get('b')).toBe('other');
  });

  it('clearing (or setting empty) removes the draft, and the key when none is left', () => {
    const storage = memoryStorage();
    const drafts = createDrafts(storage);
    drafts.set('a', 'x');
    drafts.set('a', '');
    expect(drafts.get('a')).toBe('');
    expect(storage.data.has(DRAFTS_STORAGE_KEY)).toBe(false);
  });

  it('ignores corrupt storage', () => {
    expect(createDrafts(memoryStorage({ [DRAFTS_STORAGE_KEY]: '{nope' })).byAddress.value).toEqual({});
    expect(createDrafts(memoryStorage({ [DRAFTS_STORAGE_KEY]: '{"a":1,"b":"ok"}' })).byAddress.value).toEqual({ b: 'ok' });
  });

  it('works without storage', () => {
    const drafts = createDrafts(null);
    drafts.set('a', 'x');
    expect(drafts.get('a')).toBe('x');
  });
});
