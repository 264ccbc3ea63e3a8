// @vitest-environment jsdom
/** The heavy user's tools in the UI: sidebar options, mark read, the Ctrl/Cmd+K chord, the quick switcher, next unread. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuickSwitchItem } from '../../protocol/views';
import { CHORD_HIGHLIGHT_MS } from '../client/shortcuts';
import { renderApp } from '../testing/render-app';
import { channelView, metaView, snapshot, userView } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const channels = [
  channelView({ address: 'co', name: 'Acme', group: 'company', sortKey: 'acme', last_message_ts: 5 }),
  channelView({ address: 'api', name: 'API', group: 'team', sortKey: 'api', last_message_ts: 30 }),
  channelView({ address: 'design', name: 'Design', group: 'team', sortKey: 'design', unread: 4, last_message_ts: 10 }),
  channelView({ address: 'ops', name: 'Ops', group: 'team', sortKey: 'ops', unread: 2, mentions: 1, last_message_ts: 20 }),
  channelView({ address: 'dm-bob', name: 'Bob Builder', group: 'direct', sortKey: 'bob', unread: 1, last_message_ts: 40 }),
];
const app = (path = '/') =>
  renderApp({ path, patches: [snapshot({ channels: { put: channels, remove: [] }, users: { put: [userView({ guid: 'u-bob', name: 'Bob Builder' })], remove: [] } })] });
/** The conversations listed in the sidebar, in order (the Flagged messages and Drafts links above them are not). */
const links = () =>
  within(screen.getByRole('navigation', { name: 'Conversations' }))
    .getAllByRole('link')
    .map((l) => l.getAttribute('href')!)
    .filter((href) => href.startsWith('/conversations/'))
    .map((href) => href.split('/').pop());
const key = (init: KeyboardEventInit) => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init })));

describe('the sidebar of a heavy user', () => {
  it('shows unread mentions first, with an @ badge by accessible name', () => {
    app();
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(nav).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Mentions', 'Company', 'Teams', 'Direct messages']);
    expect(links()).toEqual(['ops', 'co', 'api', 'design', 'dm-bob']);
    expect(within(nav).getByRole('link', { name: 'Ops 1 mention 2 unread' })).toBeTruthy();
  });

  it('sends the tab, the sort and show_last to the core, and follows the preferences it publishes', () => {
    const a = app();
    fireEvent.click(screen.getByRole('button', { name: 'Unread' }));
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'recent' } });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: '20' } });
    expect(a.core.callsTo('$setSidebar')).toEqual([[{ tab: 'unread' }], [{ sort: 'recent' }]]);
    expect(a.core.callsTo('$setShowLast')).toEqual([['az', 20]]);
    a.push({ seq: 2, reset: false, preferences: { tab: 'unread', sort: 'recent', showLast: { az: null, recent: null } } });
    expect(screen.getByRole('button', { name: 'Unread' }).getAttribute('aria-pressed')).toBe('true');
    // Unread only: the mention first, then the unread ones of each group.
    expect(links()).toEqual(['ops', 'design', 'dm-bob']);
  });

  it('marks everything read, or one group', async () => {
    const a = app();
    a.core.markAllReadResult = { ok: true, value: { marked: 3 } };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark all read' })));
    expect(a.core.callsTo('$markAllRead')).toEqual([[]]);
    expect(screen.getByText('Marked 3 conversations read.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark read in Teams' })));
    expect(a.core.callsTo('$markAllRead').at(-1)).toEqual([['api', 'design']]);
  });
});

describe('keyboard', () => {
  it('Ctrl+K G opens Messages and highlights the shortcut for 1 second', () => {
    vi.useFakeTimers();
    const a = app('/conversations/api');
    key({ key: 'k', code: 'KeyK', ctrlKey: true });
    expect(screen.getByText('Ctrl+K …')).toBeTruthy();
    key({ key: 'g', code: 'KeyG' });
    expect(screen.getByText('Ctrl+K G: Open Messages').className).toContain('highlight');
    expect(a.location()).toBe('/conversations/api'); // Messages keeps the open conversation (spec 1 §2)
    act(() => void vi.advanceTimersByTime(CHORD_HIGHLIGHT_MS - 1));
    expect(screen.queryByText('Ctrl+K G: Open Messages')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText('Ctrl+K G: Open Messages')).toBeNull();
  });

  it('Ctrl+K S puts the keyboard in global search; targets not there yet say so; Cmd+K works like Ctrl+K', () => {
    app();
    key({ key: 'k', code: 'KeyK', metaKey: true });
    key({ key: 's', code: 'KeyS' });
    expect(screen.getByText('Ctrl+K S: Open global search')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search Plaza' }));
    key({ key: 'k', code: 'KeyK', ctrlKey: true });
    key({ key: 'l', code: 'KeyL' });
    expect(screen.getByText('Ctrl+K L: File upload is not available yet.')).toBeTruthy();
    key({ key: 'k', code: 'KeyK', ctrlKey: true });
    key({ key: 'ArrowRight', code: 'ArrowRight' });
    expect(screen.getByText('Ctrl+K →: Workspaces are not available yet.')).toBeTruthy();
  });

  it('Alt+Shift+↓ jumps to the next unread conversation, Alt+Shift+M to the next mention', () => {
    const a = app('/conversations/api');
    key({ key: 'ArrowDown', code: 'ArrowDown', altKey: true, shiftKey: true });
    expect(a.location()).toBe('/conversations/design');
    key({ key: 'ArrowDown', code: 'ArrowDown', altKey: true, shiftKey: true });
    expect(a.location()).toBe('/conversations/dm-bob');
    key({ key: 'ArrowUp', code: 'ArrowUp', altKey: true, shiftKey: true });
    expect(a.location()).toBe('/conversations/design');
    key({ key: 'M', code: 'KeyM', altKey: true, shiftKey: true });
    expect(a.location()).toBe('/conversations/ops');
  });

  it('Alt+Shift+↓ and Alt+Shift+M from the composer put the keyboard in the opened conversation’s composer', () => {
    const a = app('/conversations/api');
    const composer = screen.getByRole('textbox', { name: 'Message' });
    composer.focus();
    key({ key: 'ArrowDown', code: 'ArrowDown', altKey: true, shiftKey: true });
    expect(a.location()).toBe('/conversations/design');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Design');
    // Not left on the page itself, where what is typed next would go nowhere.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    expect(document.activeElement).not.toBe(composer);
    key({ key: 'M', code: 'KeyM', altKey: true, shiftKey: true });
    expect(a.location()).toBe('/conversations/ops');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ops');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('Ctrl+/ opens the shortcuts help, listing the chord and the jumps', () => {
    app();
    key({ key: '/', code: 'Slash', ctrlKey: true });
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByRole('row', { name: /Next unread conversation/ })).toBeTruthy();
    expect(within(dialog).getByRole('row', { name: /Jump to a conversation or person/ }).textContent).toContain('Ctrl+K');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives focus back to where it was when a dialog opened from the keyboard closes', () => {
    app();
    const jump = screen.getByRole('button', { name: 'Jump to…' });
    jump.focus();
    key({ key: '/', code: 'Slash', ctrlKey: true });
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(document.activeElement).toBe(jump);
  });
});

describe('the quick switcher', () => {
  const results: QuickSwitchItem[] = [
    { kind: 'conversation', address: 'design', name: 'Design', group: 'team', unread: 4, mentions: 0, matches: [0, 1] },
    { kind: 'person', user_guid: 'u-dana', name: 'Dana Scully', email: 'dana@acme.test', matches: [0, 1] },
  ];

  it('opens with Ctrl+K K, lists what the worker ranks, and opens the chosen conversation with the keyboard', async () => {
    const a = app();
    a.core.quickSwitchResults = (q) => (q ? results : []);
    key({ key: 'k', code: 'KeyK', ctrlKey: true });
    key({ key: 'k', code: 'KeyK', ctrlKey: true });
    const dialog = screen.getByRole('dialog', { name: 'Jump to a conversation or person' });
    const combo = within(dialog).getByRole('combobox', { name: 'Conversation or person' });
    expect(document.activeElement).toBe(combo);
    await act(async () => fireEvent.change(combo, { target: { value: 'de' } }));
    expect(a.core.callsTo('$quickSwitch').at(-1)).toEqual(['de', 20]);
    const options = within(dialog).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Design Teams · 4 unread', 'Dana Scully Person · dana@acme.test']);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    expect(combo.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(combo, { key: 'ArrowDown' });
    expect(combo.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(combo, { key: 'ArrowUp' });
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(a.location()).toBe('/conversations/design');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opened from the composer, puts the keyboard in the chosen conversation’s composer', async () => {
    const a = app('/conversations/api');
    a.core.quickSwitchResults = () => results;
    const composer = screen.getByRole('textbox', { name: 'Message' });
    composer.focus();
    key({ key: 'k', code: 'KeyK', ctrlKey: true });
    key({ key: 'k', code: 'KeyK', ctrlKey: true });
    const combo = screen.getByRole('combobox', { name: 'Conversation or person' });
    await act(async () => fireEvent.change(combo, { target: { value: 'de' } }));
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(a.location()).toBe('/conversations/design');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Design');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    expect(document.activeElement).not.toBe(composer);
  });

  it('Enter pressed before the worker answers what was typed opens its first match, not the earlier list’s', async () => {
    const a = app();
    const api: QuickSwitchItem = { kind: 'conversation', address: 'api', name: 'API', group: 'team', unread: 0, mentions: 0, matches: [0] };
    a.core.quickSwitchResults = (q) => (q === 'a' ? [api] : q === 'de' ? results : []);
    key({ key: 'k', code: 'KeyK', ctrlKey: true });
    key({ key: 'k', code: 'KeyK', ctrlKey: true });
    const combo = screen.getByRole('combobox', { name: 'Conversation or person' });
    await act(async () => fireEvent.change(combo, { target: { value: 'a' } }));
    expect(within(screen.getByRole('listbox', { name: 'Matches' })).getAllByRole('option')[0]!.textContent).toContain('API');
    // The worker is busy: its answer for "de" comes after Enter.
    let answer!: () => void;
    const asked = a.core.$quickSwitch.bind(a.core);
    a.core.$quickSwitch = (query: string, limit?: number) => new Promise((resolve) => (answer = () => resolve(asked(query, limit))));
    fireEvent.change(combo, { target: { value: 'de' } });
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(a.location()).toBe('/'); // not API, the list still shown
    await act(async () => answer());
    expect(a.location()).toBe('/conversations/design');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));

    // Answered, but not rendered yet when Enter comes: the answer is what Enter opens.
    key({ key: 'k', code: 'KeyK', ctrlKey: true });
    key({ key: 'k', code: 'KeyK', ctrlKey: true });
    const again = screen.getByRole('combobox', { name: 'Conversation or person' });
    a.core.$quickSwitch = asked;
    await act(async () => fireEvent.change(again, { target: { value: 'a' } }));
    a.core.$quickSwitch = (query: string, limit?: number) => new Promise((resolve) => (answer = () => resolve(asked(query, limit))));
    fireEvent.change(again, { target: { value: 'de' } });
    answer();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    fireEvent.keyDown(again, { key: 'Enter' });
    await act(async () => {});
    expect(a.location()).toBe('/conversations/design');
  });

  it('puts the keyboard in the composer of a conversation whose entry reaches the page after it opened (just after sign-in)', async () => {
    const a = app();
    a.core.quickSwitchResults = () => [{ kind: 'conversation', address: 'late', name: 'Late team', group: 'team', unread: 0, mentions: 0, matches: [0] }];
    key({ key: 'k', code: 'KeyK', ctrlKey: true });
    key({ key: 'k', code: 'KeyK', ctrlKey: true });
    const combo = screen.getByRole('combobox', { name: 'Conversation or person' });
    await act(async () => fireEvent.change(combo, { target: { value: 'late' } }));
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(a.location()).toBe('/conversations/late');
    // The worker knows the conversation; the page's list has not got its entry yet (it follows at once): no composer yet.
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    a.push({ seq: 2, reset: false, channels: { put: [channelView({ address: 'late', name: 'Late team', group: 'team', sortKey: 'late' })], remove: [] } });
    await act(async () => {});
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('opens a direct message with a person, and returns focus on Escape', async () => {
    const a = app();
    a.core.quickSwitchResults = () => results;
    a.core.startDirectMessageResult = { ok: true, value: { address: 'dm-dana' } };
    const trigger = screen.getByRole('button', { name: 'Jump to…' });
    trigger.focus();
    fireEvent.click(trigger);
    const combo = screen.getByRole('combobox', { name: 'Conversation or person' });
    await act(async () => fireEvent.change(combo, { target: { value: 'dana' } }));
    fireEvent.keyDown(combo, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    fireEvent.click(trigger);
    const again = screen.getByRole('combobox', { name: 'Conversation or person' });
    await act(async () => fireEvent.change(again, { target: { value: 'dana' } }));
    fireEvent.keyDown(again, { key: 'ArrowDown' });
    await act(async () => fireEvent.keyDown(again, { key: 'Enter' }));
    expect(a.core.callsTo('$startDirectMessage')).toEqual([['u-dana']]);
    expect(a.location()).toBe('/conversations/dm-dana');
  });
});

describe('skipping past the header and the sidebar', () => {
  it('the first link goes to the open conversation’s composer, or to the page’s content', async () => {
    renderApp({
      path: '/conversations/design',
      patches: [snapshot({ channels: { put: channels, remove: [] }, conversation: { address: 'design', reset: true, meta: metaView('design'), messages: { put: [], remove: [] } } })],
    });
    const skip = screen.getAllByRole('link')[0]!;
    expect(skip.textContent).toBe('Skip to conversation');
    await act(async () => fireEvent.click(skip));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    cleanup();

    app('/');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Skip to main content' })));
    expect(document.activeElement).toBe(document.getElementById('main'));
    expect(within(document.activeElement as HTMLElement).getByRole('heading', { name: 'Pick a conversation' })).toBeTruthy();
  });
});
