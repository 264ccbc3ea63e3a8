// @vitest-environment jsdom
/** Threads, reactions and the emoji picker, flags, urgent posts, mentions, the divider and the flagged view, by role and label. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageView, ViewPatch } from '../../protocol/views';
import { draftsStorageKey, legacyThreadDraftKey, threadDraftKey } from '../client/drafts';
import { renderApp } from '../testing/render-app';
import { ALICE, channelView, messageView, metaView, reactionView, snapshot, userView } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const general = channelView({ address: 'c1', name: 'General' });
const users = [userView({ guid: 'u-bob', name: 'Bob Builder' }), userView({ guid: 'u-carol', name: 'Carol Chen' }), userView({ guid: 'u-bot', name: 'Plaza Bot', is_bot: true })];

function open(messages: MessageView[], options: { path?: string; extra?: Partial<ViewPatch>; entry?: typeof general; meta?: ReturnType<typeof metaView> } = {}) {
  return renderApp({
    path: options.path ?? '/conversations/c1',
    patches: [
      snapshot({
        channels: { put: [options.entry ?? general], remove: [] },
        users: { put: users, remove: [] },
        conversation: { address: 'c1', reset: true, meta: options.meta ?? metaView('c1'), messages: { put: messages, remove: [] } },
        ...options.extra,
      }),
    ],
  });
}

const log = () => screen.getByRole('log', { name: 'Messages' });
const articleWith = (text: string) => within(log()).getByText(text).closest('article') as HTMLElement;

describe('reactions', () => {
  it('shows chips with counts, who reacted as their accessible name, and toggles the user\'s own on click', async () => {
    const app = open([
      messageView({ guid: 'm1', address: 'c1', reactions: [reactionView({ content: '👍', name: 'thumbs up', users: ['u-bob', ALICE.guid] }), reactionView({ content: '🎉', name: 'party popper', users: ['u-carol'] })] }),
    ]);
    const mine = screen.getByRole('button', { name: 'thumbs up, 2 reactions by Bob Builder and you' });
    expect(mine.getAttribute('aria-pressed')).toBe('true');
    expect(mine.textContent).toBe('👍 2');
    expect(screen.getByRole('button', { name: 'party popper, 1 reaction by Carol Chen' }).getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(mine));
    expect(app.core.callsTo('$toggleReaction')).toEqual([['c1', 'm1', '👍']]);
  });

  it('adds one from an emoji picker: search by short code, arrow keys in the grid, Enter picks, Escape closes', async () => {
    const app = open([messageView({ guid: 'm1', address: 'c1', parts: [{ type: 'text', text: 'react here' }] })], {
      extra: { messageSettings: { skinTone: 0, recent: ['🚀', '👍'] } },
    });
    const actions = within(articleWith('react here')).getByRole('group', { name: 'Message actions' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Add reaction' }));
    const dialog = screen.getByRole('dialog', { name: 'Add reaction' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Search emoji'));
    // Recent: the worker's list, first.
    const recent = within(dialog).getByRole('grid', { name: 'Recent' });
    expect(within(recent).getAllByRole('button').map((b) => b.textContent)).toEqual(['🚀', '👍']);
    fireEvent.change(within(dialog).getByLabelText('Search emoji'), { target: { value: ':thumbs' } });
    expect(within(dialog).queryByRole('grid', { name: 'Recent' })).toBeNull();
    const results = within(dialog).getByRole('grid', { name: 'Search results' });
    const cells = within(results).getAllByRole('button');
    expect(cells.map((b) => b.getAttribute('aria-label'))).toEqual(['thumbs up :thumbsup:', 'thumbs down :thumbsdown:']);
    // One tab stop; ArrowDown from the search enters the grid, arrows move.
    expect(cells.map((b) => b.tabIndex)).toEqual([0, -1]);
    fireEvent.keyDown(within(dialog).getByLabelText('Search emoji'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cells[0]);
    fireEvent.keyDown(cells[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cells[1]);
    await act(async () => fireEvent.click(document.activeElement!));
    expect(app.core.callsTo('$toggleReaction')).toEqual([['c1', 'm1', '👎']]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(actions).getByRole('button', { name: 'Add reaction' }));

    fireEvent.click(within(actions).getByRole('button', { name: 'Add reaction' }));
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Add reaction' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('chooses a skin tone, and shows the emoji in it', async () => {
    const app = open([messageView({ guid: 'm1', address: 'c1' })], { extra: { messageSettings: { skinTone: 3, recent: [] } } });
    fireEvent.click(within(log()).getByRole('button', { name: 'Add reaction' }));
    const dialog = screen.getByRole('dialog', { name: 'Add reaction' });
    expect((within(dialog).getByRole('radio', { name: 'Medium' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'thumbs up :thumbsup:' }).textContent).toBe('👍🏽');
    await act(async () => fireEvent.click(within(dialog).getByRole('radio', { name: 'Dark' })));
    expect(app.core.callsTo('$setSkinTone')).toEqual([[5]]);
  });
});

describe('flags', () => {
  it('flags from a menu of the 12 colours, shows the flag, and removes it', async () => {
    const app = open([messageView({ guid: 'm1', address: 'c1', parts: [{ type: 'text', text: 'flag me' }] }), messageView({ guid: 'm2', address: 'c1', flag: 5, parts: [{ type: 'text', text: 'flagged' }] })]);
    const first = articleWith('flag me');
    fireEvent.click(within(first).getByRole('button', { name: 'Flag message' }));
    // In the overlay layer, not inside the message, where the message list cut it off (menu-placement.ts).
    const menu = screen.getByRole('menu', { name: 'Flag colour' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual([
      'Yellow', 'Yellow-orange', 'Orange', 'Red-orange', 'Red', 'Red-violet', 'Violet', 'Blue-violet', 'Blue', 'Blue-green', 'Green', 'Yellow-green',
    ]);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items[11]);
    await act(async () => fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'Blue' })));
    expect(app.core.callsTo('$setFlag')).toEqual([['c1', 'm1', 9]]);
    expect(screen.queryByRole('menu')).toBeNull();

    const second = articleWith('flagged');
    expect(within(second).getByRole('img', { name: 'Flagged red' })).toBeTruthy();
    fireEvent.click(within(second).getByRole('button', { name: 'Change flag' }));
    expect(screen.getByRole('menuitemradio', { name: 'Red' }).getAttribute('aria-checked')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Remove flag' })));
    expect(app.core.callsTo('$setFlag').at(-1)).toEqual(['c1', 'm2', 0]);
  });

  it('lists flagged messages with where they are, loading the first page on opening', async () => {
    const app = renderApp({
      path: '/flagged',
      patches: [
        snapshot({
          flagged: {
            reset: true,
            meta: { loaded: true, loading: false, isComplete: true, error: null },
            messages: {
              put: [
                { ...messageView({ guid: 'f1', address: 'c1', flag: 3, parts: [{ type: 'text', text: 'older' }], sortKey: '1' }), channelName: 'General' },
                { ...messageView({ guid: 'f2', address: 'c1', flag: 9, reply_to: 'p1', parts: [{ type: 'text', text: 'a reply' }], sortKey: '2' }), channelName: 'General' },
              ],
              remove: [],
            },
          },
        }),
      ],
    });
    await act(async () => {});
    expect(app.core.callsTo('$loadFlagged')).toEqual([[0]]);
    expect(app.core.callsTo('$openConversation')).toEqual([[null]]);
    expect(screen.getByRole('heading', { level: 1, name: 'Flagged messages' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Flagged messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('article').textContent?.includes('a reply'))).toEqual([true, false]);
    expect(within(items[0]!).getByRole('link', { name: 'Reply in General' }).getAttribute('href')).toBe('/conversations/c1/threads/p1');
    expect(within(items[1]!).getByRole('link', { name: 'General' }).getAttribute('href')).toBe('/conversations/c1');
    expect(screen.getByRole('link', { name: 'Flagged messages' }).getAttribute('aria-current')).toBe('page');
    // One Tab stop, the newest: its link and message; ↓ moves to the next, whose link then takes the Tab order.
    const [newest, older] = items.map((li) => within(li).getByRole('article'));
    expect([newest!.tabIndex, older!.tabIndex]).toEqual([0, -1]);
    expect(within(items[1]!).getByRole('link', { name: 'General' }).tabIndex).toBe(-1);
    newest!.focus();
    fireEvent.keyDown(newest!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(older);
    expect(within(items[1]!).getByRole('link', { name: 'General' }).tabIndex).toBe(0);
    expect(within(items[0]!).getByRole('link', { name: 'Reply in General' }).tabIndex).toBe(-1);
  });
});

describe('threads', () => {
  const parent = messageView({ guid: 'p1', address: 'c1', reply_count: 2, last_reply_ts: Date.now(), parts: [{ type: 'text', text: 'thread start' }] });
  const threadPatch = (over: Partial<NonNullable<ViewPatch['thread']>> = {}): ViewPatch => ({
    seq: 2,
    reset: false,
    thread: {
      reset: true,
      meta: { address: 'c1', guid: 'p1', loading: false, error: null, gone: false },
      parent: { ...parent },
      replies: {
        put: [
          messageView({ guid: 'r1', address: 'c1', reply_to: 'p1', parts: [{ type: 'text', text: 'first reply' }], sortKey: 'a' }),
          messageView({ guid: 'r2', address: 'c1', reply_to: 'p1', isOwn: true, author: 'Alice Adams', parts: [{ type: 'text', text: 'my reply' }], sortKey: 'b' }),
        ],
        remove: [],
      },
      ...over,
    },
  });

  it('shows the reply count on the first message and opens the thread panel from it', async () => {
    const app = open([parent]);
    const summary = within(articleWith('thread start')).getByRole('button', { name: /^2 replies, last reply Today \d\d:\d\d$/ });
    await act(async () => fireEvent.click(summary));
    expect(app.location()).toBe('/conversations/c1/threads/p1');
    expect(app.core.callsTo('$openThread')).toEqual([['c1', 'p1']]);
    expect(screen.getByRole('complementary', { name: 'Thread' })).toBeTruthy();
    expect(within(screen.getByRole('complementary', { name: 'Thread' })).getByRole('status').textContent).toBe('Loading thread…');
    app.push(threadPatch());
    const panel = screen.getByRole('complementary', { name: 'Thread' });
    const replies = within(panel).getByRole('log', { name: 'Replies' });
    expect(within(replies).getAllByRole('article').map((a) => a.textContent?.includes('reply'))).toEqual([true, true]);
    expect(within(panel).getByText('thread start')).toBeTruthy();
    // Inside the thread there is no "Reply in thread"; deleting own replies is there.
    expect(within(panel).queryByRole('button', { name: 'Reply in thread' })).toBeNull();
    expect(within(replies).getAllByRole('button', { name: 'Delete message' })).toHaveLength(1);
  });

  it('shows why a thread could not be loaded, not that it is loading', () => {
    const app = open([parent], { path: '/conversations/c1/threads/p1' });
    app.push({ seq: 2, reset: false, thread: { reset: true, meta: { address: 'c1', guid: 'p1', loading: false, error: 'Could not load the thread: Network error: Failed to fetch', gone: false }, parent: null, replies: { put: [], remove: [] } } });
    const panel = screen.getByRole('complementary', { name: 'Thread' });
    expect(within(panel).getByRole('alert').textContent).toBe('Could not load the thread: Network error: Failed to fetch');
    expect(within(panel).queryByText('Loading thread…')).toBeNull();
    // Loading it again (the connection is back): loading, and the error goes.
    app.push({ seq: 3, reset: false, thread: { reset: false, meta: { address: 'c1', guid: 'p1', loading: true, error: null, gone: false }, parent: null, replies: { put: [], remove: [] } } });
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(within(panel).getByRole('status').textContent).toBe('Loading thread…');
  });

  it('gives the keyboard back to what opened the thread when it closes (Escape)', async () => {
    open([parent]);
    const summary = within(articleWith('thread start')).getByRole('button', { name: /^2 replies/ });
    summary.focus();
    await act(async () => fireEvent.click(summary));
    const panel = screen.getByRole('complementary', { name: 'Thread' });
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Close thread' }));
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(screen.queryByRole('complementary', { name: 'Thread' })).toBeNull();
    expect(document.activeElement).toBe(within(articleWith('thread start')).getByRole('button', { name: /^2 replies/ }));
  });

  it("Escape on a reply's delete question takes the question back and gives the keyboard to Delete message; the thread stays open", async () => {
    const app = open([parent], { path: '/conversations/c1/threads/p1' });
    app.push(threadPatch());
    const panel = screen.getByRole('complementary', { name: 'Thread' });
    const replies = within(panel).getByRole('log', { name: 'Replies' });
    await act(async () => fireEvent.click(within(replies).getByRole('button', { name: 'Delete message' })));
    expect(document.activeElement).toBe(within(replies).getByRole('button', { name: 'Cancel' }));
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(within(replies).queryByRole('group', { name: 'Confirm delete' })).toBeNull();
    expect(document.activeElement).toBe(within(replies).getByRole('button', { name: 'Delete message' }));
    expect(screen.getByRole('complementary', { name: 'Thread' })).toBeTruthy();
    expect(app.location()).toBe('/conversations/c1/threads/p1');
    expect(app.core.callsTo('$deleteMessage')).toEqual([]);
  });

  it('makes the replies one Tab stop, the newest first, with ↑ and ↓ between them; the first message stays tabbable', async () => {
    const app = open([parent], { path: '/conversations/c1/threads/p1' });
    app.push(threadPatch());
    const panel = screen.getByRole('complementary', { name: 'Thread' });
    const replies = within(within(panel).getByRole('log', { name: 'Replies' })).getAllByRole('article');
    expect(replies.map((a) => a.tabIndex)).toEqual([-1, 0]);
    expect(within(replies[0]!).getByRole('button', { name: 'Add reaction' }).tabIndex).toBe(-1);
    expect(within(within(panel).getAllByRole('article')[0]!).getByRole('button', { name: 'Add reaction' }).tabIndex).toBe(0);
    replies[1]!.focus();
    fireEvent.keyDown(replies[1]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(replies[0]);
    expect(replies.map((a) => a.tabIndex)).toEqual([0, -1]);
  });

  it('posts replies with reply_to, keeps its own draft, and closes with "Close thread"', async () => {
    const app = open([parent], { path: '/conversations/c1/threads/p1' });
    app.push(threadPatch());
    const panel = screen.getByRole('complementary', { name: 'Thread' });
    const reply = within(panel).getByRole('textbox', { name: 'Reply' });
    const main = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(main, { target: { value: 'channel draft' } });
    fireEvent.change(reply, { target: { value: 'thread draft' } });
    expect((main as HTMLTextAreaElement).value).toBe('channel draft');
    expect(app.drafts.get(threadDraftKey('c1', 'p1'))).toBe('thread draft');
    await act(async () => fireEvent.keyDown(reply, { key: 'Enter' }));
    expect(app.core.callsTo('$post')).toEqual([['c1', 'thread draft', { reply_to: 'p1' }]]);
    expect(app.drafts.get('c1')).toBe('channel draft');
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Close thread' })));
    expect(app.location()).toBe('/conversations/c1');
    expect(screen.queryByRole('complementary', { name: 'Thread' })).toBeNull();
    expect(app.core.callsTo('$openThread').at(-1)).toEqual(['c1', null]);
  });

  it('takes up a reply typed before thread drafts named their conversation', () => {
    localStorage.setItem(draftsStorageKey(ALICE.guid), JSON.stringify({ [legacyThreadDraftKey('p1')]: 'typed last week' }));
    const app = open([parent], { path: '/conversations/c1/threads/p1' });
    app.push(threadPatch());
    const reply = within(screen.getByRole('complementary', { name: 'Thread' })).getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement;
    expect(reply.value).toBe('typed last week');
    expect(app.drafts.byAddress.value).toEqual({ [threadDraftKey('c1', 'p1')]: 'typed last week' });
  });

  it('disables the thread composer with the reason where the user may not post', () => {
    const app = open([parent], {
      path: '/conversations/c1/threads/p1',
      entry: channelView({ address: 'c1', name: 'Acme', group: 'company', canPost: false, postingBlockedReason: 'Only company admins can post in the company channel.' }),
    });
    app.push(threadPatch());
    const panel = screen.getByRole('complementary', { name: 'Thread' });
    const reply = within(panel).getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement;
    expect(reply.disabled).toBe(true);
    expect(reply.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(reply.getAttribute('aria-describedby')!)?.textContent).toBe('Only company admins can post in the company channel.');
    expect((within(panel).getByRole('button', { name: 'Reply' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opened by a reply\'s address, shows the whole thread and replies to its first message', async () => {
    const app = open([parent], { path: '/conversations/c1/threads/r1' });
    expect(app.core.callsTo('$openThread')).toEqual([['c1', 'r1']]);
    app.push(threadPatch());
    const panel = screen.getByRole('complementary', { name: 'Thread' });
    expect(within(panel).getByText('thread start')).toBeTruthy();
    const reply = within(panel).getByRole('textbox', { name: 'Reply' });
    fireEvent.change(reply, { target: { value: 'answer' } });
    await act(async () => fireEvent.keyDown(reply, { key: 'Enter' }));
    expect(app.core.callsTo('$post')).toEqual([['c1', 'answer', { reply_to: 'p1' }]]);
  });

  it('keeps the keyboard in the panel when its first message is deleted there, and gives it to the messages when it closes', async () => {
    const mine = { ...parent, isOwn: true, canDelete: true };
    const other = messageView({ guid: 'm0', address: 'c1', parts: [{ type: 'text', text: 'an earlier message' }] });
    const app = open([other, mine], { path: '/conversations/c1/threads/p1' });
    app.push(threadPatch({ parent: mine }));
    const panel = screen.getByRole('complementary', { name: 'Thread' });
    const first = within(panel).getAllByRole('article')[0]!;
    act(() => within(first).getByRole('button', { name: 'Delete message' }).focus());
    await act(async () => fireEvent.click(within(first).getByRole('button', { name: 'Delete message' })));
    await act(async () => fireEvent.click(within(first).getByRole('button', { name: 'Delete' })));
    expect(app.core.callsTo('$deleteMessage')).toEqual([['c1', 'p1']]);
    // Being deleted, it has no actions; then the thread is gone, and with it the message in the log.
    app.push(threadPatch({ parent: { ...mine, deleting: true } }));
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Close thread' }));
    app.push({ ...threadPatch({ parent: null, meta: { address: 'c1', guid: 'p1', loading: false, error: null, gone: true } }), seq: 3, conversation: { address: 'c1', reset: false, meta: metaView('c1'), messages: { put: [], remove: ['p1'] } } });
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Close thread' }));
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(screen.queryByRole('complementary', { name: 'Thread' })).toBeNull();
    expect(document.activeElement).toBe(articleWith('an earlier message'));
  });

  it('keeps showing an unsent reply when someone else deletes the thread, to copy or discard', async () => {
    const app = open([parent], { path: '/conversations/c1/threads/p1' });
    app.push(threadPatch());
    const panel = screen.getByRole('complementary', { name: 'Thread' });
    const reply = within(panel).getByRole('textbox', { name: 'Reply' });
    act(() => reply.focus());
    fireEvent.change(reply, { target: { value: 'half a\nreply' } });
    // Bob deletes the thread's first message: it leaves the log, and the thread is gone.
    app.push({ ...threadPatch({ parent: null, meta: { address: 'c1', guid: 'p1', loading: false, error: null, gone: true } }), seq: 3, conversation: { address: 'c1', reset: false, meta: metaView('c1'), messages: { put: [], remove: ['p1'] } } });
    expect(within(panel).queryByRole('textbox', { name: 'Reply' })).toBeNull();
    const unsent = within(panel).getByRole('group', { name: 'This thread was deleted. Your unsent reply:' });
    expect(within(unsent).getByText(/half a/).textContent).toBe('half a\nreply');
    // The keyboard was in the composer: it lands on the unsent reply, whose group says why.
    expect(document.activeElement).toBe(within(unsent).getByRole('button', { name: 'Copy' }));
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await act(async () => fireEvent.click(within(unsent).getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith('half a\nreply');
    expect(within(unsent).getByRole('status').textContent).toBe('Copied.');
    // Copying keeps it; only Discard lets it go.
    expect(app.drafts.get(threadDraftKey('c1', 'p1'))).toBe('half a\nreply');
    act(() => within(unsent).getByRole('button', { name: 'Discard' }).focus());
    await act(async () => fireEvent.click(within(unsent).getByRole('button', { name: 'Discard' })));
    expect(app.drafts.get(threadDraftKey('c1', 'p1'))).toBe('');
    expect(within(panel).queryByRole('group', { name: 'This thread was deleted. Your unsent reply:' })).toBeNull();
    expect(within(panel).getByText('This thread was deleted.')).toBeTruthy();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Close thread' }));
  });

  it('shows an unsent reply in its conversation when its thread was deleted with the panel closed', async () => {
    const app = open([parent], { path: '/conversations/c1/threads/p1' });
    app.push(threadPatch());
    const panel = screen.getByRole('complementary', { name: 'Thread' });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Reply' }), { target: { value: 'for the thread' } });
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Close thread' })));
    const label = 'A thread you were replying to was deleted. Your unsent reply:';
    expect(screen.queryByRole('group', { name: label })).toBeNull();
    // Bob deletes the thread's first message: it leaves the log, and the core (asked again) knows it was deleted.
    app.core.deletedMessages = ['p1'];
    await act(async () => app.push({ seq: 3, reset: false, conversation: { address: 'c1', reset: false, meta: metaView('c1'), messages: { put: [], remove: ['p1'] } } }));
    const unsent = await screen.findByRole('group', { name: label });
    expect(app.core.callsTo('$deletedMessages').at(-1)).toEqual([['p1']]);
    expect(within(unsent).getByText('for the thread')).toBeTruthy();
    act(() => within(unsent).getByRole('button', { name: 'Discard' }).focus());
    await act(async () => fireEvent.click(within(unsent).getByRole('button', { name: 'Discard' })));
    expect(screen.queryByRole('group', { name: label })).toBeNull();
    expect(app.drafts.byAddress.value).toEqual({});
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('offers the unsent replies of deleted threads when the user comes back to the conversation, and only those', async () => {
    localStorage.setItem(
      draftsStorageKey(ALICE.guid),
      JSON.stringify({ [threadDraftKey('c1', 'p1')]: 'to a deleted thread', [threadDraftKey('c1', 'p2')]: 'to a live thread', [threadDraftKey('c2', 'p3')]: 'elsewhere' }),
    );
    const label = 'A thread you were replying to was deleted. Your unsent reply:';
    const app = renderApp({ path: '/conversations/c1', patches: [] });
    app.core.deletedMessages = ['p1', 'p3'];
    app.push(snapshot({ channels: { put: [general], remove: [] }, users: { put: users, remove: [] }, conversation: { address: 'c1', reset: true, meta: metaView('c1'), messages: { put: [], remove: [] } } }));
    const unsent = await screen.findAllByRole('group', { name: label });
    expect(unsent).toHaveLength(1);
    expect(within(unsent[0]!).getByText('to a deleted thread')).toBeTruthy();
    expect(app.core.callsTo('$deletedMessages').at(-1)).toEqual([['p1', 'p2']]);
    // Copying keeps it there.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => {}) }, configurable: true });
    await act(async () => fireEvent.click(within(unsent[0]!).getByRole('button', { name: 'Copy' })));
    expect(within(unsent[0]!).getByRole('status').textContent).toBe('Copied.');
    expect(app.drafts.get(threadDraftKey('c1', 'p1'))).toBe('to a deleted thread');
  });

  it('selects an unsent reply to copy by hand where the clipboard is refused', async () => {
    const app = open([parent], { path: '/conversations/c1/threads/p1' });
    app.push(threadPatch());
    fireEvent.change(screen.getByRole('textbox', { name: 'Reply' }), { target: { value: 'keep me' } });
    app.push(threadPatch({ parent: null, meta: { address: 'c1', guid: 'p1', loading: false, error: null, gone: true } }));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new Error('NotAllowedError'))) }, configurable: true });
    const unsent = screen.getByRole('group', { name: 'This thread was deleted. Your unsent reply:' });
    await act(async () => fireEvent.click(within(unsent).getByRole('button', { name: 'Copy' })));
    expect(within(unsent).getByRole('status').textContent).toBe('Could not copy: the text is selected, copy it from there.');
    expect(window.getSelection()?.toString()).toBe('keep me');
    expect(app.drafts.get(threadDraftKey('c1', 'p1'))).toBe('keep me');
  });

  it('says so when the thread was deleted', () => {
    const app = open([parent], { path: '/conversations/c1/threads/p1' });
    app.push(threadPatch({ parent: null, meta: { address: 'c1', guid: 'p1', loading: false, error: null, gone: true } }));
    expect(within(screen.getByRole('complementary', { name: 'Thread' })).getByText('This thread was deleted.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull();
  });
});

describe('composer', () => {
  it('posts urgent messages when "Urgent" is on, then turns it off', async () => {
    const app = open([]);
    const box = screen.getByRole('textbox', { name: 'Message' });
    const urgent = screen.getByRole('checkbox', { name: 'Urgent' }) as HTMLInputElement;
    fireEvent.click(urgent);
    fireEvent.change(box, { target: { value: 'server down' } });
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    expect(app.core.callsTo('$post')).toEqual([['c1', 'server down', { is_urgent: true }]]);
    expect(urgent.checked).toBe(false);
  });

  it('suggests people for "@" in a listbox, moves with the arrows and inserts with Enter', async () => {
    const app = open([]);
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'hi @c', selectionStart: 5 } });
    let list = screen.getByRole('listbox', { name: 'People to mention' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Carol Chen carol@acme.test', '@channel Everyone in this conversation']);
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(box.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(within(list).getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('hi @Carol Chen ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(app.core.callsTo('$post')).toEqual([]);
    // Chosen mid-text, the caret is after the name at once (not a moment later): the next key typed goes there.
    fireEvent.change(box, { target: { value: 'hi @c and more', selectionStart: 5, selectionEnd: 5 } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('hi @Carol Chen and more');
    expect([box.selectionStart, box.selectionEnd]).toEqual([15, 15]);
    // Bots are not offered; Escape closes the list.
    fireEvent.change(box, { target: { value: '@pla', selectionStart: 4 } });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(box, { target: { value: '@b', selectionStart: 2 } });
    list = screen.getByRole('listbox');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    // Dismissed, it stays closed while that word is typed on…
    fireEvent.change(box, { target: { value: '@bo', selectionStart: 3 } });
    expect(screen.queryByRole('listbox')).toBeNull();
    // …but not for the next one, though it starts at the same place (the box was emptied, or the message sent).
    fireEvent.change(box, { target: { value: '', selectionStart: 0 } });
    fireEvent.change(box, { target: { value: '@ca', selectionStart: 3 } });
    expect(screen.getByRole('listbox', { name: 'People to mention' })).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.change(box, { target: { value: ':th', selectionStart: 3 } });
    expect(screen.getByRole('listbox', { name: 'Emoji' })).toBeTruthy();
  });

  it('suggests emoji for ":" and two letters of a short code, in the person’s skin tone, and inserts one with Enter', async () => {
    const app = open([], { extra: { messageSettings: { skinTone: 3, recent: ['🚀'] } } });
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    // One letter, a time or a colon inside a word opens nothing.
    for (const text of ['ok :t', 'at 10:30', 'see:th']) {
      fireEvent.change(box, { target: { value: text, selectionStart: text.length } });
      expect(screen.queryByRole('listbox')).toBeNull();
    }
    fireEvent.change(box, { target: { value: 'ship it :thu', selectionStart: 12 } });
    const list = screen.getByRole('listbox', { name: 'Emoji' });
    const options = within(list).getAllByRole('option').map((o) => o.textContent);
    expect(options[0]).toBe('👍🏽 :thumbsup: thumbs up');
    expect(box.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[0]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('ship it 👍🏽 ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(app.core.callsTo('$post')).toEqual([]);
    expect(app.core.callsTo('$noteEmojiUsed')).toEqual([['👍🏽']]);
    // Recently used first among those the short code begins; a word of the name finds one too; Escape closes the list.
    fireEvent.change(box, { target: { value: ':ro', selectionStart: 3 } });
    expect(within(screen.getByRole('listbox', { name: 'Emoji' })).getAllByRole('option')[0]!.textContent).toBe('🚀 :rocket: rocket');
    fireEvent.change(box, { target: { value: ':face', selectionStart: 5 } });
    expect(within(screen.getByRole('listbox', { name: 'Emoji' })).getAllByRole('option').length).toBe(8);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('inserts an emoji from the picker at the caret', async () => {
    const app = open([]);
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'ship it', selectionStart: 7 } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert emoji' }));
    const dialog = screen.getByRole('dialog', { name: 'Insert emoji' });
    fireEvent.change(within(dialog).getByLabelText('Search emoji'), { target: { value: 'rocket' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'rocket :rocket:' })));
    expect(box.value).toBe('ship it🚀');
    expect(app.core.callsTo('$noteEmojiUsed')).toEqual([['🚀']]);
  });
});

describe('messages as shown', () => {
  it('marks urgent messages in their accessible name and shows the access code of a conference', () => {
    open([
      messageView({ guid: 'm1', address: 'c1', is_urgent: true, parts: [{ type: 'text', text: 'fire drill' }] }),
      messageView({ guid: 'm2', address: 'c1', parts: [{ type: 'video_conference', token: '4815162342', access_code: '481 516 2342' }] }),
      messageView({ guid: 'm3', address: 'c1', parts: [{ type: 'command', code: 'me', text: 'waves' }] }),
    ]);
    expect(articleWith('fire drill').getAttribute('aria-label')).toMatch(/^Urgent: Bob Builder, /);
    expect(within(articleWith('fire drill')).getByText('Urgent')).toBeTruthy();
    expect(within(log()).getByText('Access code 481 516 2342')).toBeTruthy();
    expect(within(log()).getByRole('link', { name: 'Join video conference' }).getAttribute('href')).toBe('/vc/4815162342');
    expect(within(log()).getByText('waves').tagName).toBe('EM');
  });

  it('lets a moderator delete someone else\'s message, asking first', async () => {
    const app = open([messageView({ guid: 'm1', address: 'c1', canDelete: true, reply_count: 2, parts: [{ type: 'text', text: 'theirs' }] })]);
    fireEvent.click(within(articleWith('theirs')).getByRole('button', { name: 'Delete message' }));
    expect(within(articleWith('theirs')).getByRole('group', { name: 'Confirm delete' }).textContent).toContain('Delete this message and its 2 replies?');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    expect(app.core.callsTo('$deleteMessage')).toEqual([['c1', 'm1']]);
  });

  it('shows the New messages divider before the first unread message, with "Jump to first unread"', () => {
    open(
      [messageView({ guid: 'm1', address: 'c1', parts: [{ type: 'text', text: 'read' }] }), messageView({ guid: 'm2', address: 'c1', parts: [{ type: 'text', text: 'unread' }] })],
      { meta: metaView('c1', { newMessages: { guid: 'm2', count: 1 } }) },
    );
    const separator = within(log()).getByRole('separator', { name: 'New messages' });
    expect(separator.nextElementSibling).toBe(articleWith('unread'));
    expect(screen.getByRole('button', { name: 'Jump to first unread (1 new)' })).toBeTruthy();
  });

  it('shows the author of the first unread message, though merged with the one before the divider', () => {
    open(
      [
        messageView({ guid: 'm1', address: 'c1', parts: [{ type: 'text', text: 'read' }] }),
        messageView({ guid: 'm2', address: 'c1', continued: true, parts: [{ type: 'text', text: 'first unread' }] }),
        messageView({ guid: 'm3', address: 'c1', continued: true, parts: [{ type: 'text', text: 'second unread' }] }),
      ],
      { meta: metaView('c1', { newMessages: { guid: 'm2', count: 2 } }) },
    );
    expect(within(articleWith('first unread')).getByText('Bob Builder')).toBeTruthy();
    // The ones after it merge as before.
    expect(within(articleWith('second unread')).queryByText('Bob Builder')).toBeNull();
  });

  it('"Jump to first unread" loads older pages first while the divider stands before the oldest message loaded', async () => {
    // 75 unread, 50 loaded: the worker's divider is before the oldest one loaded until older pages come.
    const page = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => messageView({ guid: `m${from + i}`, address: 'c1', sortKey: `m${String(from + i).padStart(3, '0')}`, parts: [{ type: 'text', text: `bulk ${from + i}` }] }));
    const app = open(page(26, 75), { meta: metaView('c1', { isComplete: false, newMessages: { guid: 'm26', count: 75 } }) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Jump to first unread (75 new)' })));
    expect(app.core.callsTo('$loadOlder')).toEqual([['c1']]);
    // The older page comes, and the divider with it: now it is the first unread, and the jump goes no further.
    await act(async () =>
      app.push({ seq: 2, reset: false, conversation: { address: 'c1', reset: false, meta: metaView('c1', { isComplete: true, newMessages: { guid: 'm1', count: 75 } }), messages: { put: page(1, 25), remove: [] } } }),
    );
    expect(app.core.callsTo('$loadOlder')).toHaveLength(1);

    // A divider after the oldest message loaded is the first unread already: nothing more to load.
    cleanup();
    const again = open(page(26, 75), { meta: metaView('c1', { isComplete: false, newMessages: { guid: 'm60', count: 16 } }) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Jump to first unread (16 new)' })));
    expect(again.core.callsTo('$loadOlder')).toEqual([]);
  });
});

describe('"Jump to first unread" once the divider has been seen', () => {
  /** A stand-in for the browser's IntersectionObserver (jsdom has none): `show` reports an element on screen. */
  const observed = new Set<{ callback: IntersectionObserverCallback; elements: Set<Element> }>();
  beforeEach(() => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: { callback: IntersectionObserverCallback; elements: Set<Element> };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, elements: new Set() };
          observed.add(this.entry);
        }
        observe(element: Element) {
          this.entry.elements.add(element);
        }
        disconnect() {
          observed.delete(this.entry);
        }
      },
    );
  });
  afterEach(() => {
    observed.clear();
    vi.unstubAllGlobals();
  });
  const show = (element: Element) =>
    act(() => {
      for (const o of [...observed]) if (o.elements.has(element)) o.callback([{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry], o as never);
    });
  const page = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => messageView({ guid: `m${from + i}`, address: 'c1', sortKey: `m${String(from + i).padStart(3, '0')}`, parts: [{ type: 'text', text: `bulk ${from + i}` }] }));

  it('goes once the divider is on screen: the user has seen where the unread part begins', () => {
    open(page(1, 30), { meta: metaView('c1', { newMessages: { guid: 'm29', count: 2 } }) });
    expect(screen.getByRole('button', { name: 'Jump to first unread (2 new)' })).toBeTruthy();
    show(within(log()).getByRole('separator', { name: 'New messages' }));
    expect(screen.queryByRole('button', { name: /Jump to first unread/ })).toBeNull();
  });

  it('stays while the divider stands before the oldest message loaded and older pages may hold earlier unread ones', () => {
    open(page(66, 75), { meta: metaView('c1', { isComplete: false, newMessages: { guid: 'm66', count: 75 } }) });
    show(within(log()).getByRole('separator', { name: 'New messages' }));
    expect(screen.getByRole('button', { name: 'Jump to first unread (75 new)' })).toBeTruthy();
  });

  it('takes the keyboard to the first unread message', async () => {
    open(page(1, 30), { meta: metaView('c1', { newMessages: { guid: 'm20', count: 11 } }) });
    const jump = screen.getByRole('button', { name: 'Jump to first unread (11 new)' });
    jump.focus();
    await act(async () => fireEvent.click(jump));
    expect(document.activeElement).toBe(articleWith('bulk 20'));
  });
});

describe('the message log by keyboard', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => messageView({ guid: `m${i + 1}`, address: 'c1', created: Date.UTC(2025, 4, 20, 9, i), reactions: [reactionView({ content: '👍', name: 'thumbs up', users: ['u-bob'] })] }));
  const articles = () => within(log()).getAllByRole('article');
  /** What Tab reaches inside the log, in order: elements with a tabIndex of 0 or more. */
  const tabStops = () => [...log().querySelectorAll<HTMLElement>('article, button, a[href]')].filter((el) => el.tabIndex >= 0);

  it('is one Tab stop: the newest message, with only its own controls in the Tab order', () => {
    open(many(5));
    const newest = articleWith('message m5');
    expect(newest.tabIndex).toBe(0);
    expect(articleWith('message m4').tabIndex).toBe(-1);
    const stops = tabStops();
    expect(stops[0]).toBe(newest);
    expect(stops.every((el) => newest.contains(el))).toBe(true);
    // Another message's controls are still there to click, out of the Tab order.
    expect(within(articleWith('message m4')).getByRole('button', { name: 'Add reaction' }).tabIndex).toBe(-1);
    expect(within(newest).getByRole('button', { name: 'Add reaction' }).tabIndex).toBe(0);
    // Focused, a message reads its author and time, then its text.
    expect(newest.getAttribute('aria-describedby')).toBe(within(newest).getByText('message m5').closest('.message-body')!.id);
  });

  it('↑ and ↓ move between messages, Home and End to the first and last; the focused message is the stop', () => {
    open(many(5));
    articleWith('message m5').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(articleWith('message m4'));
    expect(articleWith('message m4').tabIndex).toBe(0);
    expect(articleWith('message m5').tabIndex).toBe(-1);
    expect(within(articleWith('message m4')).getByRole('button', { name: 'Add reaction' }).tabIndex).toBe(0);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(articleWith('message m1'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(articleWith('message m1'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(articleWith('message m2'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(articleWith('message m5'));
    // With a modifier the keys are the app's shortcuts (Alt+Shift+↓: next unread), not the log's.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp', altKey: true, shiftKey: true });
    expect(document.activeElement).toBe(articleWith('message m5'));
    expect(articles().filter((a) => a.tabIndex === 0)).toHaveLength(1);
  });

  it('arrow keys on a control inside a message are the control\'s, and focusing a control makes its message the stop', () => {
    open(many(3));
    const reaction = within(articleWith('message m1')).getByRole('button', { name: 'thumbs up, 1 reaction by Bob Builder' });
    act(() => reaction.focus());
    expect(articleWith('message m1').tabIndex).toBe(0);
    expect(articleWith('message m3').tabIndex).toBe(-1);
    expect(reaction.tabIndex).toBe(0);
    fireEvent.keyDown(reaction, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(reaction);
  });

  it('keeps the keyboard in the log when a message is deleted: on the message while it goes, then on the next', async () => {
    const messages = many(3).map((m) => (m.guid === 'm2' ? { ...m, isOwn: true, canDelete: true } : m));
    const app = open(messages);
    const remove = within(articleWith('message m2')).getByRole('button', { name: 'Delete message' });
    act(() => remove.focus());
    fireEvent.click(remove);
    await act(async () => fireEvent.click(within(articleWith('message m2')).getByRole('button', { name: 'Delete' })));
    expect(app.core.callsTo('$deleteMessage')).toEqual([['c1', 'm2']]);
    const patch = (put: MessageView[], remove: string[], seq: number): ViewPatch => ({ seq, reset: false, conversation: { address: 'c1', reset: false, meta: metaView('c1'), messages: { put, remove } } });
    // Being deleted, the message has no actions: the button that had the focus is gone.
    app.push(patch([{ ...messages[1]!, deleting: true }], [], 2));
    expect(within(articleWith('message m2')).queryByRole('button', { name: 'Delete message' })).toBeNull();
    expect(document.activeElement).toBe(articleWith('message m2'));
    app.push(patch([], ['m2'], 3));
    expect(document.activeElement).toBe(articleWith('message m3'));
    expect(articleWith('message m3').tabIndex).toBe(0);
  });

  it('opened at a search hit, the keyboard starts on the hit', () => {
    open(many(5), { meta: { ...metaView('c1'), context: { anchor: 'm2', hasBefore: false, hasAfter: false } } });
    expect(articleWith('message m2').tabIndex).toBe(0);
    expect(articles().filter((a) => a.tabIndex === 0)).toHaveLength(1);
  });
});

describe('the message log by keyboard, in a long conversation', () => {
  it('Home reaches the first loaded message though it was far out of the rendered range, and keeps it rendered', () => {
    const messages = Array.from({ length: 400 }, (_, i) => messageView({ guid: `m${i + 1}`, address: 'c1', created: Date.UTC(2025, 4, 20, 9, 0, i) }));
    open(messages);
    const rendered = () => within(log()).getAllByRole('article');
    expect(within(log()).queryByText('message m1')).toBeNull();
    const stop = rendered().find((a) => a.tabIndex === 0)!;
    stop.focus();
    fireEvent.keyDown(stop, { key: 'Home' });
    expect(document.activeElement).toBe(articleWith('message m1'));
    expect((document.activeElement as HTMLElement).tabIndex).toBe(0);
  });
});
