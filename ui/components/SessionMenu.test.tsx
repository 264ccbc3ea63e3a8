// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail } from '../../protocol/result';
import { chooseSessionAction, renderApp } from '../testing/render-app';
import { ALICE, connectionView, snapshot } from '../testing/views';

afterEach(cleanup);

describe('the header’s session menu', () => {
  it('is a menu button named by the person signed in, with the session’s actions, by keyboard', () => {
    renderApp({ path: '/', patches: [snapshot()] });
    const button = within(screen.getByRole('banner')).getByRole('button', { name: ALICE.name });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.textContent).toBe(`${ALICE.name} ▾`);
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: ALICE.name });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Export session', 'Recording settings…', 'Import session…', 'Sign out']);
    expect(document.activeElement?.textContent).toBe('Export session');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('signs out at once when nothing is unsent', async () => {
    const app = renderApp({ path: '/', patches: [snapshot()] });
    chooseSessionAction('Sign out');
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.core.callsTo('$signOut')).toEqual([[]]);
  });

  it('says what happens to unsent posts before signing out, and Cancel keeps the session', async () => {
    const app = renderApp({ path: '/', patches: [snapshot({ connection: connectionView({ socket: 'offline', unsent: 2 }) })] });
    chooseSessionAction('Sign out');
    const dialog = screen.getByRole('dialog', { name: 'Sign out with 2 unsent changes?' });
    expect(dialog.textContent).toContain(
      'Your posts, deletions, reactions or flags that have not reached the server stay in this browser and are sent the next time you sign in here.',
    );
    expect(app.core.callsTo('$signOut')).toEqual([]);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.core.callsTo('$signOut')).toEqual([]);
    chooseSessionAction('Sign out');
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out' })));
    expect(app.core.callsTo('$signOut')).toEqual([[]]);
  });

  it('exports the session as a download, and says so when it cannot', async () => {
    const app = renderApp({ path: '/', patches: [snapshot()] });
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    chooseSessionAction('Export session');
    await act(async () => {});
    expect(app.core.callsTo('$exportSession')).toEqual([[]]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);

    app.core.exportResult = fail({ name: 'ExportFailed', message: 'the recording could not be read' });
    chooseSessionAction('Export session');
    await act(async () => {});
    expect(screen.getByRole('alert').textContent).toBe('Could not export the session: the recording could not be read');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
