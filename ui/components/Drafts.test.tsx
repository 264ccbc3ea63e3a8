// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageView, ViewPatch } from '../../protocol/views';
import { draftsEditedKey, draftsStorageKey, legacyThreadDraftKey, threadDraftKey } from '../client/drafts';
import { renderApp } from '../testing/render-app';
import { ALICE, channelView, messageView, metaView, snapshot } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const general = channelView({ address: 'c1', name: 'General' });
const design = channelView({ address: 'c2', name: 'Design' });
const parent = messageView({ guid: 'p1', address: 'c1', reply_count: 1, last_reply_ts: Date.now(), parts: [{ type: 'text', text: 'thread start' }] });

/** Alice's stored drafts (and when each was edited), as an earlier visit left them. */
function stored(texts: Record<string, string>, edited: Record<string, number> = {}): void {
  localStorage.setItem(draftsStorageKey(ALICE.guid), JSON.stringify(texts));
  if (Object.keys(edited).length) localStorage.setItem(draftsEditedKey(ALICE.guid), JSON.stringify(edited));
}

function app(path = '/drafts', messages: MessageView[] = [parent]) {
  return renderApp({
    path,
    patches: [
      snapshot({
        channels: { put: [general, design], remove: [] },
        conversation: { address: 'c1', reset: true, meta: metaView('c1'), messages: { put: messages, remove: [] } },
      }),
    ],
  });
}

const threadPatch = (): ViewPatch => ({
  seq: 2,
  reset: false,
  thread: { reset: true, meta: { address: 'c1', guid: 'p1', loading: false, error: null, gone: false }, parent: { ...parent }, replies: { put: [], remove: [] } },
});

const sidebar = () => screen.getByRole('navigation', { name: 'Conversations' });
const page = () => screen.getByRole('region', { name: 'Drafts' });
const entry = (name: string) => within(page()).getByRole('group', { name });
const entryNames = () => within(page()).queryAllByRole('group').map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent);

describe('the Drafts link', () => {
  it('is in the sidebar, says how many drafts there are, and follows what is typed', async () => {
    const a = app('/conversations/c1');
    // None yet: no count.
    expect(within(sidebar()).getByRole('link', { name: 'Drafts' }).getAttribute('href')).toBe('/drafts');
    const composer = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(composer, { target: { value: 'half a thought' } });
    expect(within(sidebar()).getByRole('link', { name: 'Drafts 1' })).toBeTruthy();
    // Spaces alone are nothing to lose: not counted.
    fireEvent.change(composer, { target: { value: '   ' } });
    expect(within(sidebar()).getByRole('link', { name: 'Drafts' })).toBeTruthy();
    fireEvent.change(composer, { target: { value: 'again' } });
    // A link, in the Tab order; followed, the page says it is the current one.
    const link = within(sidebar()).getByRole('link', { name: 'Drafts 1' });
    expect(link.tabIndex).toBe(0);
    await act(async () => fireEvent.click(link));
    expect(a.location()).toBe('/drafts');
    expect(within(sidebar()).getByRole('link', { name: 'Drafts 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(page()).getByRole('heading', { level: 1, name: 'Drafts' })).toBeTruthy();
    // The Drafts page shows no conversation: the core is told none is open (nothing is marked read behind it).
    expect(a.core.callsTo('$openConversation').at(-1)).toEqual([null]);
  });
});

describe('the Drafts page', () => {
  it('says so when there are no drafts', () => {
    app();
    expect(within(page()).getByText(/^No drafts\./)).toBeTruthy();
    expect(within(page()).queryAllByRole('group')).toEqual([]);
  });

  it('lists every draft, most recently edited first, naming where it was typed', async () => {
    stored(
      {
        c1: 'for General',
        [threadDraftKey('c1', 'p1')]: 'a reply',
        [threadDraftKey('c1', 'p9')]: 'a reply to a deleted thread',
        gone: 'typed where I was removed',
        [legacyThreadDraftKey('p5')]: 'an old reply',
        c2: 'stored before edit times',
      },
      { c1: 3_000, [threadDraftKey('c1', 'p1')]: 4_000, [threadDraftKey('c1', 'p9')]: 2_000, gone: 1_000, [legacyThreadDraftKey('p5')]: 500 },
    );
    const a = renderApp({ path: '/drafts', patches: [] });
    a.core.deletedMessages = ['p9'];
    await act(async () => a.push(snapshot({ channels: { put: [general, design], remove: [] } })));
    expect(a.core.callsTo('$deletedMessages').at(-1)).toEqual([['p1', 'p9']]);
    expect(entryNames()).toEqual([
      'General, reply in a thread',
      'General',
      'General, reply in a deleted thread',
      'A conversation no longer available to you',
      'Unknown conversation, reply in a thread',
      'Design',
    ]);
    expect(within(entry('General')).getByText('for General')).toBeTruthy();
    expect(within(entry('General')).getByText(/^Edited/).querySelector('time')).toBeTruthy();
    expect(within(entry('Design')).queryByText(/^Edited/)).toBeNull();
    // Nowhere to go on typing: no Open, only Copy and Discard.
    for (const name of ['A conversation no longer available to you', 'Unknown conversation, reply in a thread']) {
      expect(within(entry(name)).getAllByRole('button').map((b) => b.textContent)).toEqual(['Copy', 'Discard']);
    }
    expect(within(entry('General')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Open', 'Copy', 'Discard']);
    expect(within(sidebar()).getByRole('link', { name: 'Drafts 6' })).toBeTruthy();
  });

  it("Open goes to the conversation, whose composer has the text and the keyboard, after the text", async () => {
    stored({ c1: 'go on with me' });
    const a = app();
    await act(async () => fireEvent.click(within(entry('General')).getByRole('button', { name: 'Open' })));
    expect(a.location()).toBe('/conversations/c1');
    const composer = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(composer.value).toBe('go on with me');
    expect(document.activeElement).toBe(composer);
    expect(composer.selectionStart).toBe('go on with me'.length);
  });

  it("Open on a thread's reply opens the thread, whose reply composer has the text and the keyboard", async () => {
    stored({ [threadDraftKey('c1', 'p1')]: 'my answer' });
    const a = app();
    await act(async () => fireEvent.click(within(entry('General, reply in a thread')).getByRole('button', { name: 'Open' })));
    expect(a.location()).toBe('/conversations/c1/threads/p1');
    expect(a.core.callsTo('$openThread').at(-1)).toEqual(['c1', 'p1']);
    a.push(threadPatch());
    const panel = screen.getByRole('complementary', { name: 'Thread' });
    const reply = within(panel).getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement;
    expect(reply.value).toBe('my answer');
    expect(document.activeElement).toBe(reply);
    // The conversation's own composer did not take it.
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('Open on the reply of a thread that was open before keeps the keyboard in its composer, though the thread shows at once', async () => {
    const a = app('/conversations/c1/threads/p1');
    a.push(threadPatch());
    fireEvent.change(within(screen.getByRole('complementary', { name: 'Thread' })).getByRole('textbox', { name: 'Reply' }), { target: { value: 'my answer' } });
    await act(async () => fireEvent.click(within(sidebar()).getByRole('link', { name: 'Drafts 1' })));
    await act(async () => fireEvent.click(within(entry('General, reply in a thread')).getByRole('button', { name: 'Open' })));
    expect(a.location()).toBe('/conversations/c1/threads/p1');
    expect(document.activeElement).toBe(within(screen.getByRole('complementary', { name: 'Thread' })).getByRole('textbox', { name: 'Reply' }));
  });

  it('Open on the reply of a deleted thread goes to its conversation, which shows the reply above the composer', async () => {
    stored({ [threadDraftKey('c1', 'p9')]: 'too late' });
    const a = renderApp({ path: '/drafts', patches: [] });
    a.core.deletedMessages = ['p9'];
    await act(async () => a.push(snapshot({ channels: { put: [general], remove: [] } })));
    await act(async () => fireEvent.click(within(entry('General, reply in a deleted thread')).getByRole('button', { name: 'Open' })));
    expect(a.location()).toBe('/conversations/c1');
    const unsent = await screen.findByRole('group', { name: 'A thread you were replying to was deleted. Your unsent reply:' });
    expect(within(unsent).getByText('too late')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('Copy copies the whole text and keeps the draft', async () => {
    stored({ c1: 'line one\nline two' });
    const a = app();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await act(async () => fireEvent.click(within(entry('General')).getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith('line one\nline two');
    expect(within(entry('General')).getByRole('status').textContent).toBe('Copied.');
    expect(a.drafts.get('c1')).toBe('line one\nline two');
  });

  it('Discard lets the draft go and hands the keyboard to the next one, the one before at the end, then to "No drafts."', async () => {
    stored({ c1: 'first', c2: 'second', gone: 'third' }, { c1: 3, c2: 2, gone: 1 });
    const a = app();
    expect(entryNames()).toEqual(['General', 'Design', 'A conversation no longer available to you']);
    // The middle one: the keyboard goes to the one that took its place.
    act(() => within(entry('Design')).getByRole('button', { name: 'Discard' }).focus());
    await act(async () => fireEvent.click(within(entry('Design')).getByRole('button', { name: 'Discard' })));
    expect(a.drafts.get('c2')).toBe('');
    expect(entryNames()).toEqual(['General', 'A conversation no longer available to you']);
    expect(document.activeElement).toBe(within(entry('A conversation no longer available to you')).getByRole('button', { name: 'Copy' }));
    // The last one: to the one before.
    await act(async () => fireEvent.click(within(entry('A conversation no longer available to you')).getByRole('button', { name: 'Discard' })));
    expect(document.activeElement).toBe(within(entry('General')).getByRole('button', { name: 'Open' }));
    expect(within(sidebar()).getByRole('link', { name: 'Drafts 1' })).toBeTruthy();
    // None left: to the empty state, which says so.
    await act(async () => fireEvent.click(within(entry('General')).getByRole('button', { name: 'Discard' })));
    expect(document.activeElement).toBe(within(page()).getByText(/^No drafts\./));
    expect(within(sidebar()).getByRole('link', { name: 'Drafts' })).toBeTruthy();
    expect(localStorage.getItem(draftsStorageKey(ALICE.guid))).toBeNull();
  });

  it('shortens a long text to its first lines, with the whole text in the page and Show all to expand it', async () => {
    const long = Array.from({ length: 12 }, (_, i) => `line ${i + 1} of a long message`).join('\n');
    stored({ c1: long, c2: 'short' });
    app();
    const text = within(entry('General')).getByText(/^line 1 of/);
    expect(text.textContent).toBe(long);
    expect(text.className).toContain('shortened');
    const toggle = within(entry('General')).getByRole('button', { name: 'Show all' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(text.id);
    await act(async () => fireEvent.click(toggle));
    expect(within(entry('General')).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
    expect(text.className).not.toContain('shortened');
    expect(within(entry('Design')).queryByRole('button', { name: 'Show all' })).toBeNull();
  });

  it("follows the user's other tabs: a draft typed there shows here, first", async () => {
    stored({ c1: 'older' }, { c1: 1 });
    app();
    localStorage.setItem(draftsStorageKey(ALICE.guid), JSON.stringify({ c1: 'older', c2: 'from the other tab' }));
    localStorage.setItem(draftsEditedKey(ALICE.guid), JSON.stringify({ c1: 1, c2: 2 }));
    await act(async () => window.dispatchEvent(new StorageEvent('storage', { key: draftsEditedKey(ALICE.guid) })));
    expect(entryNames()).toEqual(['Design', 'General']);
  });
});
