// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail } from '../../protocol/result';
import { renderApp } from '../testing/render-app';
import { channelView, snapshot, userView } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const channels = [
  channelView({ address: 'dm-bob', name: 'Bob Builder', group: 'direct', sortKey: 'b', unread: 2 }),
  channelView({ address: 'co', name: 'Acme', group: 'company', sortKey: 'a' }),
  channelView({ address: 't-design', name: 'Design', group: 'team', sortKey: 'b', unread: 12 }),
  channelView({ address: 't-api', name: 'API', group: 'team', sortKey: 'a' }),
];

const users = [
  userView({ guid: 'u-alice', name: 'Alice Adams' }),
  userView({ guid: 'u-bob', name: 'Bob Builder' }),
  userView({ guid: 'u-carol', name: 'Carol Chen', email: 'carol@acme.test' }),
];

const app = (path = '/') => renderApp({ path, patches: [snapshot({ channels: { put: channels, remove: [] }, users: { put: users, remove: [] } })] });

describe('Sidebar', () => {
  it('shows groups in order with their entries, and unread badges by accessible name', () => {
    app();
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(nav).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Company', 'Teams', 'Direct messages']);
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/flagged',
      '/drafts',
      '/conversations/co',
      '/conversations/t-api',
      '/conversations/t-design',
      '/conversations/dm-bob',
    ]);
    expect(within(nav).getByRole('link', { name: 'Design 12 unread' })).toBeTruthy();
    expect(within(nav).getByLabelText('2 unread').textContent).toBe('2');
    expect(within(nav).getByRole('link', { name: 'API' })).toBeTruthy();
  });

  it('says the conversations are loading until the first list is in, and only then that there are none', () => {
    const a = renderApp({ patches: [snapshot({ channels: { put: [], remove: [] }, channelsPending: true })] });
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(nav).getByRole('status').textContent).toBe('Loading conversations…');
    expect(within(nav).queryByText('No conversations yet.')).toBeNull();
    a.push({ seq: 2, reset: false, channels: { put: [], remove: [] }, channelsPending: false });
    expect(within(nav).getByText('No conversations yet.')).toBeTruthy();
    expect(within(nav).queryByText('Loading conversations…')).toBeNull();
  });

  it('navigates client-side and marks the open conversation with aria-current', () => {
    const a = app();
    fireEvent.click(screen.getByRole('link', { name: 'API' }));
    expect(a.location()).toBe('/conversations/t-api');
    expect(screen.getByRole('link', { name: 'API' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Acme' }).getAttribute('aria-current')).toBeNull();
    expect(a.core.callsTo('$openConversation')).toEqual([[null], ['t-api']]);
  });

  it('shows the whole name on hover, a long one being cut off in the row, with the last message under it', () => {
    const long = 'Quarterly planning for the platform, infrastructure and developer experience teams';
    renderApp({
      patches: [snapshot({ channels: { put: [channelView({ address: 't-q', name: long, group: 'team', preview: 'Carol: agenda is up' }), channelView({ address: 't-x', name: 'Quiet', group: 'team' })], remove: [] } })],
    });
    expect(screen.getByRole('link', { name: long }).getAttribute('title')).toBe(`${long}\nCarol: agenda is up`);
    expect(screen.getByRole('link', { name: 'Quiet' }).getAttribute('title')).toBe('Quiet');
  });

  it('updates badges when a diff arrives', () => {
    const a = app();
    a.push({ seq: 2, reset: false, channels: { put: [channelView({ address: 't-design', name: 'Design', group: 'team', sortKey: 'b', unread: 0 })], remove: ['dm-bob'] } });
    expect(screen.getByRole('link', { name: 'Design' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Direct messages' })).toBeNull();
  });

  it('renders a screenful of a long list (virtualized), not all of it', () => {
    const many = Array.from({ length: 5000 }, (_, i) => channelView({ address: `c${i}`, name: `Channel ${i}`, sortKey: String(i).padStart(5, '0') }));
    renderApp({ path: '/', patches: [snapshot({ channels: { put: many, remove: [] } })] });
    const links = within(screen.getByRole('navigation', { name: 'Conversations' }))
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('/conversations/'));
    expect(links[0]!.textContent).toBe('Channel 0');
    expect(links.length).toBeGreaterThan(10);
    expect(links.length).toBeLessThan(100);
  });
});

describe('Sidebar by keyboard', () => {
  const nav = () => screen.getByRole('navigation', { name: 'Conversations' });
  /** The list's elements in the Tab order (tabIndex 0 or more), by accessible name where they have one. */
  const tabStops = () =>
    [...nav().querySelectorAll<HTMLElement>('.sidebar-list a, .sidebar-list button')].filter((el) => el.tabIndex >= 0).map((el) => el.getAttribute('aria-label') ?? el.textContent);

  it('is one Tab stop, the open conversation and its menu; ↑ ↓ Home End move through conversations and the groups\' Mark read', () => {
    app('/conversations/t-api');
    expect(tabStops()).toEqual(['API', 'Actions for API']);
    const api = screen.getByRole('link', { name: 'API' });
    api.focus();
    fireEvent.keyDown(api, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Design 12 unread' }));
    expect(tabStops()).toEqual(['Design 12', 'Actions for Design']);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mark read in Direct messages' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Bob Builder 2 unread' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Acme' }));
    // Enter on a link still opens it: the keys only move.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Acme' }));
  });

  it('keeps the keyboard on its conversation when the list changes order under it (rows are keyed by position)', () => {
    const a = app('/conversations/t-api');
    const api = screen.getByRole('link', { name: 'API' });
    api.focus();
    // A new message in Design moves it above API (the Recent sort): API's row element now shows Design.
    a.push({ seq: 2, reset: false, channels: { put: [channelView({ address: 't-design', name: 'Design', group: 'team', sortKey: '0', unread: 13 })], remove: [] } });
    expect(within(nav()).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/flagged', '/drafts', '/conversations/co', '/conversations/t-design', '/conversations/t-api', '/conversations/dm-bob']);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'API' }));
    // Enter (a click on the focused link) still opens API, not the conversation that took its place.
    fireEvent.click(document.activeElement!);
    expect(a.location()).toBe('/conversations/t-api');
  });

  it('puts its Tab stop back on the open conversation when one is opened from elsewhere (the quick switcher, a jump to the next unread)', () => {
    const a = app('/conversations/t-api');
    const api = screen.getByRole('link', { name: 'API' });
    api.focus();
    fireEvent.keyDown(api, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Design 12 unread' }));
    // The keyboard leaves the list, and another conversation is opened without it.
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => a.router.navigate('/conversations/dm-bob'));
    expect(tabStops()).toEqual(['Bob Builder 2', 'Actions for Bob Builder']);
    // Opening one from the list keeps the keyboard where it is.
    const bob = screen.getByRole('link', { name: 'Bob Builder 2 unread' });
    bob.focus();
    fireEvent.keyDown(bob, { key: 'Home' });
    fireEvent.click(document.activeElement!);
    expect(a.location()).toBe('/conversations/co');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Acme' }));
    expect(tabStops()).toEqual(['Acme', 'Actions for Acme']);
  });

  it('reaches every conversation of a long virtualized list with the arrow keys', () => {
    const many = Array.from({ length: 3000 }, (_, i) => channelView({ address: `c${i}`, name: `Channel ${i}`, sortKey: String(i).padStart(5, '0') }));
    renderApp({ path: '/', patches: [snapshot({ channels: { put: many, remove: [] } })] });
    expect(screen.queryByRole('link', { name: 'Channel 2999' })).toBeNull();
    const first = screen.getByRole('link', { name: 'Channel 0' });
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Channel 2999' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Channel 2998' }));
  });
});

describe('Start-DM dialog', () => {
  it('opens from "New message", searches people, and opens the chosen direct message', async () => {
    const a = app();
    const trigger = screen.getByRole('button', { name: 'New message' });
    trigger.focus(); // as a click does in a browser (fireEvent.click does not move focus)
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Start a direct message' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const search = within(dialog).getByLabelText('Search people');
    expect(document.activeElement).toBe(search);
    // The signed-in user is not offered.
    expect(within(dialog).queryByRole('button', { name: /Alice Adams/ })).toBeNull();

    fireEvent.change(search, { target: { value: 'carol@' } });
    expect(within(dialog).queryByRole('button', { name: /Bob Builder/ })).toBeNull();
    a.core.startDirectMessageResult = { ok: true, value: { address: 'dm-carol' } };
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Carol Chen carol@acme.test' })));
    expect(a.core.callsTo('$startDirectMessage')).toEqual([['u-carol']]);
    expect(a.location()).toBe('/conversations/dm-carol');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The keyboard goes to the new conversation's composer, ready to type, once the page has its entry (the
    // worker sends it as the conversation opens) — not back to "New message".
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    a.push({ seq: 2, reset: false, channels: { put: [channelView({ address: 'dm-carol', name: 'Carol Chen', group: 'direct', target_user_guid: 'u-carol' })], remove: [] } });
    await act(async () => {});
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('puts the keyboard in the composer at once when the direct message is already listed', async () => {
    const a = app('/conversations/co');
    const trigger = screen.getByRole('button', { name: 'New message' });
    trigger.focus();
    fireEvent.click(trigger);
    a.core.startDirectMessageResult = { ok: true, value: { address: 'dm-bob' } };
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Bob Builder/ })));
    expect(a.location()).toBe('/conversations/dm-bob');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('closes on Escape and returns focus', () => {
    app();
    const trigger = screen.getByRole('button', { name: 'New message' });
    trigger.focus();
    fireEvent.click(trigger);
    fireEvent.keyDown(screen.getByLabelText('Search people'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('shows a failure to start the conversation', async () => {
    const a = app();
    a.core.startDirectMessageResult = fail({ name: 'NetworkError', message: 'Could not reach Plaza.' });
    fireEvent.click(screen.getByRole('button', { name: 'New message' }));
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Bob Builder/ })));
    expect(screen.getByRole('alert').textContent).toBe('Could not reach Plaza.');
    expect(screen.getByRole('dialog', { name: 'Start a direct message' })).toBeTruthy();
  });
});
