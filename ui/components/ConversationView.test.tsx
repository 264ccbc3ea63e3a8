// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessageView, ViewPatch } from '../../protocol/views';
import { fail } from '../../protocol/result';
import { renderApp } from '../testing/render-app';
import { channelView, messageView, metaView, reactionView, snapshot } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const general = channelView({ address: 'c1', name: 'General' });

function open(messages: MessageView[], meta = metaView('c1'), extra: Partial<ViewPatch> = {}) {
  return renderApp({
    path: '/conversations/c1',
    patches: [
      snapshot({
        channels: { put: [general], remove: [] },
        conversation: { address: 'c1', reset: true, meta, messages: { put: messages, remove: [] } },
        ...extra,
      }),
    ],
  });
}

const log = () => screen.getByRole('log', { name: 'Messages' });

describe('conversation view', () => {
  it('shows the channel name as heading and the messages in a log', () => {
    open([messageView({ guid: 'm1', address: 'c1' }), messageView({ guid: 'm2', address: 'c1', author: 'Carol Chen' })]);
    expect(screen.getByRole('heading', { level: 1, name: 'General' })).toBeTruthy();
    expect(within(log()).getAllByRole('article')).toHaveLength(2);
  });

  it('renders every part kind as elements', () => {
    open([
      messageView({
        guid: 'm1',
        address: 'c1',
        parts: [
          { type: 'text', text: 'Hi ' },
          { type: 'person', user_guid: 'u-carol', name: 'Carol', scope: 'user' },
          { type: 'text', text: ', see ' },
          { type: 'hyperlink', url: 'https://example.com/doc', text: 'the doc' },
          { type: 'text', text: ' and ' },
          { type: 'hyperlink', url: 'https://example.com/raw' },
          { type: 'command', code: 'giphy', text: '/giphy cats' },
          { type: 'video_conference', token: '123456', access_code: '123 456' },
          { type: 'bullet-list', items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two ' }, { type: 'person', user_guid: 'u-bob', name: 'Bob', scope: 'user' }]] },
          { type: 'ordered-list', items: [[{ type: 'text', text: 'first' }], [{ type: 'command', code: 'x', text: '' }]] },
        ],
      }),
    ]);
    const article = within(log()).getByRole('article');
    const doc = within(article).getByRole('link', { name: 'the doc' });
    expect([doc.getAttribute('href'), doc.getAttribute('target'), doc.getAttribute('rel')]).toEqual([
      'https://example.com/doc',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(within(article).getByRole('link', { name: 'https://example.com/raw' })).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'Join video conference' }).getAttribute('href')).toBe('/vc/123456');
    expect(within(article).getByText('@Carol').className).toBe('mention');
    expect(within(article).getByText('/giphy cats').tagName).toBe('CODE');
    expect(within(article).getByText('x').tagName).toBe('CODE');
    const [bullets, ordered] = within(article).getAllByRole('list');
    expect(bullets!.tagName).toBe('UL');
    expect(within(bullets!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two @Bob']);
    expect(ordered!.tagName).toBe('OL');
    expect(within(ordered!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['first', 'x']);
  });

  it('shows markup in text literally, never as HTML, and keeps newlines', () => {
    open([messageView({ guid: 'm1', address: 'c1', parts: [{ type: 'text', text: '<b>x</b>\nsecond line<img src=x onerror=alert(1)>' }] })]);
    const article = within(log()).getByRole('article');
    expect(article.querySelector('b, img')).toBeNull();
    expect(within(article).getByText(/<b>x<\/b>/).textContent).toContain('<b>x</b>\nsecond line<img');
  });

  it('never puts an unsafe scheme into an href', () => {
    open([messageView({ guid: 'm1', address: 'c1', parts: [{ type: 'hyperlink', url: 'javascript:alert(1)', text: 'click' }] })]);
    const article = within(log()).getByRole('article');
    expect(within(article).queryByRole('link')).toBeNull();
    expect(within(article).getByText('click')).toBeTruthy();
  });

  it('merges consecutive messages: a continued one has no author header', () => {
    const created = Date.now();
    open([
      messageView({ guid: 'm1', address: 'c1', author: 'Bob Builder', created, parts: [{ type: 'text', text: 'first' }] }),
      messageView({ guid: 'm2', address: 'c1', author: 'Bob Builder', created: created + 60_000, continued: true, parts: [{ type: 'text', text: 'second' }] }),
    ]);
    const [first, second] = within(log()).getAllByRole('article');
    expect(first!.getAttribute('aria-label')).toMatch(/^Bob Builder, Today \d\d:\d\d$/);
    expect(within(first!).getByText('Bob Builder')).toBeTruthy();
    expect(within(second!).queryByText('Bob Builder')).toBeNull();
    expect(second!.getAttribute('aria-label')).toMatch(/^Bob Builder, /);
    expect(within(second!).getByText('second')).toBeTruthy();
    // The full timestamp stays available.
    expect(first!.querySelector('time')?.getAttribute('dateTime')).toBeTruthy();
  });

  it('shows reactions as "content count"', () => {
    open([
      messageView({
        guid: 'm1',
        address: 'c1',
        reactions: [reactionView({ content: '👍', users: ['u-bob', 'u-carol', 'u-alice'] }), reactionView({ content: '🎉', users: ['u-bob'] })],
      }),
    ]);
    const reactions = within(log()).getByRole('list', { name: 'Reactions' });
    expect(within(reactions).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['👍 3', '🎉 1']);
  });

  it('offers "Delete message" on own messages only, with a confirmation', async () => {
    const app = open([messageView({ guid: 'mine', address: 'c1', isOwn: true, author: 'Alice Adams' }), messageView({ guid: 'theirs', address: 'c1' })]);
    expect(screen.getAllByRole('button', { name: 'Delete message' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete message' }));
    expect(app.core.callsTo('$deleteMessage')).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    expect(app.core.callsTo('$deleteMessage')).toEqual([['c1', 'mine']]);
  });

  it('cancelling a delete does not delete; a failed delete shows an alert', async () => {
    const app = open([messageView({ guid: 'mine', address: 'c1', isOwn: true })]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete message' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(app.core.callsTo('$deleteMessage')).toEqual([]);
    app.core.deleteResult = fail({ name: 'HttpError', message: 'Could not delete the message.' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete message' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    expect(screen.getByRole('alert').textContent).toBe('Could not delete the message.');
  });

  it('offers "Load older messages" while history is incomplete, and shows meta.error', async () => {
    const app = open([messageView({ guid: 'm5', address: 'c1' })], metaView('c1', { isComplete: false }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load older messages' })));
    expect(app.core.callsTo('$loadOlder')).toEqual([['c1']]);

    app.push({ seq: 2, reset: false, conversation: { address: 'c1', reset: false, meta: metaView('c1', { isComplete: false, error: 'History could not be loaded.' }), messages: { put: [], remove: [] } } });
    expect(screen.getByRole('alert').textContent).toBe('History could not be loaded.');

    app.push({ seq: 3, reset: false, conversation: { address: 'c1', reset: false, meta: metaView('c1', { isComplete: true }), messages: { put: [messageView({ guid: 'm1', address: 'c1', sortKey: 'm1' })], remove: [] } } });
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
    expect(within(log()).getAllByRole('article')).toHaveLength(2);
  });

  it('loads older messages when scrolled to the top', async () => {
    const app = open([messageView({ guid: 'm5', address: 'c1' })], metaView('c1', { isComplete: false }));
    const scroller = log().parentElement!;
    await act(async () => fireEvent.scroll(scroller, { target: { scrollTop: 0 } }));
    expect(app.core.callsTo('$loadOlder')).toEqual([['c1']]);
  });

  it('does not call a conversation no longer available while the sidebar entries are still arriving', () => {
    // Just after sign-in a heavy user's entries come over many frames: the open one may not be among them yet.
    const app = renderApp({
      path: '/conversations/c9',
      patches: [snapshot({ channels: { put: [general], remove: [] }, channelsPending: true })],
    });
    expect(screen.queryByText('This conversation is no longer available to you.')).toBeNull();
    expect(screen.getByRole('form', { name: 'New message' })).toBeTruthy();
    // All sent, and c9 not among them: now it is gone.
    app.push({ seq: 2, reset: false, channels: { put: [channelView({ address: 'c2', name: 'Random' })], remove: [] }, channelsPending: false });
    expect(screen.getByText('This conversation is no longer available to you.')).toBeTruthy();
  });

  it('does not show the previous conversation while the next one opens', () => {
    const app = renderApp({
      path: '/conversations/c1',
      patches: [snapshot({ channels: { put: [general, channelView({ address: 'c2', name: 'Random' })], remove: [] }, conversation: { address: 'c1', reset: true, meta: metaView('c1'), messages: { put: [messageView({ guid: 'm1', address: 'c1' })], remove: [] } } })],
    });
    act(() => app.router.navigate('/conversations/c2'));
    expect(screen.getByRole('heading', { level: 1, name: 'Random' })).toBeTruthy();
    expect(within(log()).queryAllByRole('article')).toHaveLength(0);
    expect(app.core.callsTo('$openConversation')).toEqual([['c1'], ['c2']]);
  });
});
