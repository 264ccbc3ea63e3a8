// @vitest-environment jsdom
/** Folders in the sidebar: collapsible groups with unread totals, keyboard access, and menus (not drag) to move things. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail } from '../../protocol/result';
import type { FolderView } from '../../protocol/views';
import { INITIAL_PREFERENCES } from '../client/view-store';
import { renderApp } from '../testing/render-app';
import { channelView, snapshot } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const folders: FolderView[] = [
  { guid: 'w', name: 'Work', parent_guid: null, depth: 0, sortKey: 'work\u0000w', unread: 3 },
  { guid: 'p', name: 'Projects', parent_guid: 'w', depth: 1, sortKey: 'work\u0000w\u0001projects\u0000p', unread: 2 },
  { guid: 'h', name: 'Home', parent_guid: null, depth: 0, sortKey: 'zhome\u0000h', unread: 0 },
];
const channels = [
  channelView({ address: 'co', name: 'Acme', group: 'company', sortKey: 'a' }),
  channelView({ address: 'design', name: 'Design', sortKey: 'd', unread: 2, folder: 'p' }),
  channelView({ address: 'eng', name: 'Engineering', sortKey: 'e', unread: 1, folder: 'w' }),
];

const app = () => renderApp({ path: '/', patches: [snapshot({ channels: { put: channels, remove: [] }, folders: { put: folders, remove: [] } })] });
const nav = () => screen.getByRole('navigation', { name: 'Conversations' });
const order = () =>
  [...nav().querySelectorAll('a, button[aria-expanded]:not([aria-haspopup]), h2')]
    .map((e) => e.textContent?.replace(/[▾▸]/g, '').trim())
    .filter((t) => t !== 'Flagged messages' && t !== 'Drafts'); // the view links above the list, not part of it

describe('folders in the sidebar', () => {
  it('shows folders first, each with its conversations then its subfolders, and unread totals by name', () => {
    app();
    expect(order()).toEqual(['Folders', 'Work 3', 'Engineering 1', 'Projects 2', 'Design 2', 'Home', 'Company', 'Acme']);
    const work = within(nav()).getByRole('button', { name: 'Work 3 unread' });
    expect(work.getAttribute('aria-expanded')).toBe('true');
    expect(within(nav()).getByRole('button', { name: 'Home' })).toBeTruthy();
  });

  it('collapses and expands with a click, Enter-able button, and the arrow keys, through the core', () => {
    const a = app();
    // The core keeps which folders are collapsed (in the user's log): the sidebar asks, and shows what its patch says.
    let seq = 1;
    const coreShows = (collapsedFolders: string[]) => a.push({ seq: ++seq, reset: false, preferences: { ...INITIAL_PREFERENCES, collapsedFolders } });
    const work = within(nav()).getByRole('button', { name: 'Work 3 unread' });
    fireEvent.click(work);
    expect(a.core.callsTo('$setFolderCollapsed')).toEqual([['w', true]]);
    coreShows(['w']);
    expect(work.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav()).queryByRole('link', { name: /Design/ })).toBeNull();
    expect(within(nav()).queryByRole('button', { name: /Projects/ })).toBeNull();
    fireEvent.keyDown(work, { key: 'ArrowRight' });
    expect(a.core.callsTo('$setFolderCollapsed').at(-1)).toEqual(['w', false]);
    coreShows([]);
    expect(work.getAttribute('aria-expanded')).toBe('true');
    expect(within(nav()).getByRole('link', { name: 'Design 2 unread' })).toBeTruthy();
    fireEvent.keyDown(work, { key: 'ArrowLeft' });
    expect(a.core.callsTo('$setFolderCollapsed').at(-1)).toEqual(['w', true]);
    coreShows(['w']);
    expect(work.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the folders collapsed as the user left them (kept by the core across reloads)', () => {
    renderApp({
      path: '/',
      patches: [snapshot({ channels: { put: channels, remove: [] }, folders: { put: folders, remove: [] }, preferences: { ...INITIAL_PREFERENCES, collapsedFolders: ['p', 'h'] } })],
    });
    expect(order()).toEqual(['Folders', 'Work 3', 'Engineering 1', 'Projects 2', 'Home', 'Company', 'Acme']);
    expect(within(nav()).getByRole('button', { name: 'Work 3 unread' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(nav()).getByRole('button', { name: 'Projects 2 unread' }).getAttribute('aria-expanded')).toBe('false');
    expect(within(nav()).getByRole('button', { name: 'Home' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('moves a conversation into a folder from its menu, by keyboard', async () => {
    const a = app();
    const menuButton = within(nav()).getByRole('button', { name: 'Actions for Acme' });
    fireEvent.keyDown(menuButton, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: 'Actions for Acme' });
    const item = within(menu).getByRole('menuitem', { name: 'Move to folder…' });
    expect(document.activeElement).toBe(item);
    fireEvent.click(item);
    const dialog = screen.getByRole('dialog', { name: 'Move Acme to folder' });
    expect(within(dialog).getAllByRole('radio').map((r) => r.parentElement?.textContent?.trim())).toEqual(['No folder', 'Work', 'Projects', 'Home']);
    expect(within(dialog).getByRole('radio', { name: 'No folder' })).toHaveProperty('checked', true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Projects' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Move' })));
    expect(a.core.callsTo('$moveChannelToFolder')).toEqual([['co', 'p']]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the keyboard on the conversation moved, in its new place (the rows are keyed by position)', async () => {
    const teams = [channelView({ address: 'mkt', name: 'Marketing', sortKey: 'm' }), channelView({ address: 'sales', name: 'Sales', sortKey: 's' })];
    const a = renderApp({ path: '/', patches: [snapshot({ channels: { put: [...channels, ...teams], remove: [] }, folders: { put: folders, remove: [] } })] });
    const menuButton = within(nav()).getByRole('button', { name: 'Actions for Sales' });
    menuButton.focus();
    fireEvent.keyDown(menuButton, { key: 'ArrowDown' });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Move to folder…' }));
    const dialog = screen.getByRole('dialog', { name: 'Move Sales to folder' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Home' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Move' })));
    await act(async () => a.push({ seq: 2, reset: false, channels: { put: [{ ...teams[1]!, folder: 'h' }], remove: [] } }));
    expect(order()).toEqual(['Folders', 'Work 3', 'Engineering 1', 'Projects 2', 'Design 2', 'Home', 'Sales', 'Company', 'Acme', 'Teams', 'Marketing']);
    // Not Marketing's menu, now in the place Sales had.
    expect(document.activeElement).toBe(within(nav()).getByRole('link', { name: 'Sales' }));
  });

  it('keeps the keyboard on a folder moved, in its new place', async () => {
    const a = app();
    const menuButton = within(nav()).getByRole('button', { name: 'Folder actions for Projects' });
    menuButton.focus();
    fireEvent.click(menuButton);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Move to…' }));
    const dialog = screen.getByRole('dialog', { name: 'Move Projects to…' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'No folder' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Move' })));
    await act(async () => a.push({ seq: 2, reset: false, folders: { put: [{ ...folders[1]!, parent_guid: null, depth: 0, sortKey: 'projects\u0000p' }], remove: [] } }));
    expect(order()).toEqual(['Folders', 'Projects 2', 'Design 2', 'Work 3', 'Engineering 1', 'Home', 'Company', 'Acme']);
    // Not Work's toggle, now in the place Projects had.
    expect(document.activeElement).toBe(within(nav()).getByRole('button', { name: 'Projects 2 unread' }));
  });

  it('puts the keyboard on the row now in the place of a folder deleted', async () => {
    const a = app();
    const menuButton = within(nav()).getByRole('button', { name: 'Folder actions for Work' });
    menuButton.focus();
    fireEvent.click(menuButton);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete…' }));
    await act(async () => fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete Work?' })).getByRole('button', { name: 'Delete folder' })));
    // Its conversations and folders move up one level.
    await act(async () =>
      a.push({
        seq: 2,
        reset: false,
        folders: { put: [{ ...folders[1]!, parent_guid: null, depth: 0, sortKey: 'projects\u0000p' }], remove: ['w'] },
        channels: { put: [{ ...channels[2]!, folder: null }], remove: [] },
      }),
    );
    expect(within(nav()).queryByRole('button', { name: /^Work/ })).toBeNull();
    expect(document.activeElement).toBe(within(nav()).getByRole('button', { name: 'Projects 2 unread' }));
  });

  it('closes a menu with Escape and gives focus back to its button', () => {
    app();
    const menuButton = within(nav()).getByRole('button', { name: 'Actions for Engineering' });
    fireEvent.click(menuButton);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });

  it('gives focus back to the button that opened a dialog when it is cancelled', () => {
    app();
    const button = within(nav()).getByRole('button', { name: 'New folder' });
    button.focus();
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'New folder' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Folder name'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('creates a folder, showing the server\'s refusal in the dialog', async () => {
    const a = app();
    fireEvent.click(within(nav()).getByRole('button', { name: 'New folder' }));
    const dialog = screen.getByRole('dialog', { name: 'New folder' });
    const name = within(dialog).getByLabelText('Folder name');
    expect(document.activeElement).toBe(name);
    a.core.results.$createFolder = fail({ name: 'Rejected', message: 'name: A folder needs a name.', field: 'name' });
    within(dialog).getByRole('button', { name: 'Create' }).focus();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    expect(within(dialog).getByRole('alert').textContent).toBe('name: A folder needs a name.');
    // The keyboard is back in the field, to correct it.
    expect(document.activeElement).toBe(name);
    delete a.core.results.$createFolder;
    fireEvent.change(name, { target: { value: 'Clients' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    expect(a.core.callsTo('$createFolder').at(-1)).toEqual(['Clients', null]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a folder name typed when its dialog is closed without deciding (Escape); Cancel and saving let it go', async () => {
    const a = app();
    const openNew = () => {
      fireEvent.click(within(nav()).getByRole('button', { name: 'New folder' }));
      return screen.getByRole('dialog', { name: 'New folder' });
    };
    let dialog = openNew();
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'Clients of Q3' } });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    dialog = openNew();
    expect((within(dialog).getByLabelText('Folder name') as HTMLInputElement).value).toBe('Clients of Q3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    dialog = openNew();
    expect((within(dialog).getByLabelText('Folder name') as HTMLInputElement).value).toBe('');

    // Renaming: the name being typed comes back too, and goes once saved.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const rename = () => {
      fireEvent.click(within(nav()).getByRole('button', { name: 'Folder actions for Work' }));
      fireEvent.click(screen.getByRole('menuitem', { name: 'Rename…' }));
      return screen.getByRole('dialog', { name: 'Rename Work' });
    };
    dialog = rename();
    expect((within(dialog).getByLabelText('Folder name') as HTMLInputElement).value).toBe('Work');
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'Work 2026' } });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    dialog = rename();
    expect((within(dialog).getByLabelText('Folder name') as HTMLInputElement).value).toBe('Work 2026');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' })));
    expect(a.core.callsTo('$renameFolder').at(-1)).toEqual(['w', 'Work 2026']);
    dialog = rename();
    expect((within(dialog).getByLabelText('Folder name') as HTMLInputElement).value).toBe('Work');
  });

  it('manages a folder from its menu: rename, subfolder, move (never into itself), delete', async () => {
    const a = app();
    const openItem = (label: string) => {
      fireEvent.click(within(nav()).getByRole('button', { name: 'Folder actions for Work' }));
      fireEvent.click(screen.getByRole('menuitem', { name: label }));
    };
    openItem('Rename…');
    let dialog = screen.getByRole('dialog', { name: 'Rename Work' });
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'Job' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' })));
    expect(a.core.callsTo('$renameFolder')).toEqual([['w', 'Job']]);

    openItem('New subfolder…');
    dialog = screen.getByRole('dialog', { name: 'New folder in Work' });
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'Old' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    expect(a.core.callsTo('$createFolder')).toEqual([['Old', 'w']]);

    openItem('Move to…');
    dialog = screen.getByRole('dialog', { name: 'Move Work to…' });
    // Not into itself, nor into Projects inside it.
    expect(within(dialog).getAllByRole('radio').map((r) => r.parentElement?.textContent?.trim())).toEqual(['No folder', 'Home']);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Home' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Move' })));
    expect(a.core.callsTo('$moveFolder')).toEqual([['w', 'h']]);

    openItem('Delete…');
    dialog = screen.getByRole('dialog', { name: 'Delete Work?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete folder' })));
    expect(a.core.callsTo('$deleteFolder')).toEqual([['w']]);
  });

  it('follows unread totals as patches arrive', () => {
    const a = app();
    a.push({ seq: 2, reset: false, folders: { put: [{ ...folders[0]!, unread: 7 }], remove: ['h'] } });
    expect(within(nav()).getByRole('button', { name: 'Work 7 unread' })).toBeTruthy();
    expect(within(nav()).queryByRole('button', { name: 'Home' })).toBeNull();
  });
});

describe('mark read per folder', () => {
  it("marks a folder's conversations and those of its subfolders read, from its menu", async () => {
    const a = app();
    fireEvent.click(within(nav()).getByRole('button', { name: 'Folder actions for Work' }));
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Mark all read' })));
    expect(a.core.callsTo('$markAllRead')).toEqual([[['eng', 'design']]]);
    fireEvent.click(within(nav()).getByRole('button', { name: 'Folder actions for Projects' }));
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Mark all read' })));
    expect(a.core.callsTo('$markAllRead').at(-1)).toEqual([['design']]);
  });
});
