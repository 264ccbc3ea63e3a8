// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../protocol/result';
import { chooseSessionAction, renderApp } from '../testing/render-app';
import { ALICE, snapshot } from '../testing/views';

afterEach(cleanup);

const flush = () => act(async () => {});

async function openDialog() {
  const app = renderApp({ path: '/', patches: [snapshot()] });
  app.core.recordingsResult = ok([
    { id: 'now', started: Date.UTC(2026, 10, 22, 10), user: 'u', inputs: 12, lines: 40, bytes: 4096, current: true, stopped: false },
    { id: 'before', started: Date.UTC(2026, 10, 22, 9), user: 'u', inputs: 300, lines: 900, bytes: 3 * 1024 * 1024, current: false, stopped: true },
  ]);
  // The header's session menu opens it, and focus comes back to the menu's button when it closes.
  const button = within(screen.getByRole('banner')).getByRole('button', { name: ALICE.name });
  chooseSessionAction('Recording settings…');
  await flush();
  return { ...app, button, dialog: screen.getByRole('dialog', { name: 'Recording' }) };
}

describe('Recording settings dialog', () => {
  it('shows the settings and the stored recordings; Save sends them and returns focus', async () => {
    const { core, dialog, button } = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const size = within(dialog).getByLabelText('Recording size (MB)') as HTMLInputElement;
    expect(size.value).toBe('128');
    expect(document.activeElement).toBe(size);
    const record = within(dialog).getByLabelText('Record sessions') as HTMLInputElement;
    expect(record.checked).toBe(true);
    const list = within(dialog).getByRole('list', { name: 'Stored recordings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText(/this session/)).toBeTruthy();

    fireEvent.change(size, { target: { value: '64' } });
    fireEvent.click(record);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(core.callsTo('$setRecordingSettings')).toEqual([[{ enabled: false, maxMegabytes: 64 }]]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('shows the worker’s refusal at the size field and stays open', async () => {
    const { core, dialog } = await openDialog();
    core.setSettingsResult = fail({ name: 'InvalidSettings', message: 'Recording size must be at most 1024 MB.', field: 'maxMegabytes' });
    const size = within(dialog).getByLabelText('Recording size (MB)');
    fireEvent.change(size, { target: { value: '5000' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(within(dialog).getByRole('alert').textContent).toBe('Recording size must be at most 1024 MB.');
    expect(size.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Recording' })).toBeTruthy();
  });

  it('says a stored recording is being exported, and does not export it again meanwhile', async () => {
    // Sealing a previous session replays it in the worker (seconds for a heavy user's): a second press used to
    // start a second replay and download the file twice.
    const { core, dialog } = await openDialog();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: () => {} });
    let release = (): void => {};
    core.exportGate = new Promise<void>((resolve) => (release = resolve));
    const before = within(dialog).getAllByRole('button', { name: /^Export recording of/ })[1]!;
    await act(async () => fireEvent.click(before));
    expect(before.textContent).toBe('Exporting…');
    expect(before.getAttribute('aria-label')).toMatch(/^Exporting recording of /);
    expect(before.getAttribute('aria-disabled')).toBe('true');
    await act(async () => fireEvent.click(before));
    await act(async () => fireEvent.click(within(dialog).getAllByRole('button', { name: /^Export(ing)? recording of/ })[0]!));
    expect(core.callsTo('$exportSession')).toEqual([['before']]);
    await act(async () => release());
    expect(before.textContent).toBe('Export');
    expect(before.getAttribute('aria-disabled')).toBeNull();
  });

  it('exports a stored recording by id; Escape and Cancel close without saving', async () => {
    const { core, dialog, button } = await openDialog();
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    const exports = within(dialog).getAllByRole('button', { name: /^Export recording of/ });
    await act(async () => fireEvent.click(exports[1]!));
    expect(core.callsTo('$exportSession')).toEqual([['before']]);
    expect(createObjectURL).toHaveBeenCalled();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    chooseSessionAction('Recording settings…');
    await flush();
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(core.callsTo('$setRecordingSettings')).toEqual([]);
  });
});
