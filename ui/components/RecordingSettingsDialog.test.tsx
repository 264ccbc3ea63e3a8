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
    { id: 'now', started: Date.UTC(2026, 10, 22, 10), user: 'u', inputs: 12, lines: 40, bytes: 4096, current: true, stopped: false, app: 'plaza-web 0.5.0' },
    { id: 'before', started: Date.UTC(2026, 10, 22, 9), user: 'u', inputs: 300, lines: 900, bytes: 3 * 1024 * 1024, current: false, stopped: true, app: 'plaza-web 0.1.0' },
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

  it('names the build that recorded each stored recording', async () => {
    const { dialog } = await openDialog();
    const rows = within(within(dialog).getByRole('list', { name: 'Stored recordings' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('plaza-web 0.5.0'), expect.stringContaining('plaza-web 0.1.0')]);
  });

  it('says when a stored recording was exported unsealed, and why; the next export says it afresh', async () => {
    const { core, dialog } = await openDialog();
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    const status = within(dialog).getByRole('status');
    expect(status.textContent).toBe('');
    core.exportResult = ok({
      fileName: 'plaza-session-before.jsonl',
      file: new Blob(['{}\n']),
      unsealed: { by: 'plaza-web 0.5.0', recordedBy: 'plaza-web 0.1.0', input: 57, line: 181, reason: 'the events it appended differ' },
    });
    await act(async () => fireEvent.click(within(dialog).getAllByRole('button', { name: /^Export recording of/ })[1]!));
    // The file is downloaded all the same.
    expect(createObjectURL).toHaveBeenCalled();
    expect(status.textContent).toBe(
      'plaza-session-before.jsonl was exported unsealed: this build (plaza-web 0.5.0) does not replay the recording as it went after input 57 ' +
        '(the events it appended differ), so the file has every whole input as recorded but no final hash. Replay it on plaza-web 0.1.0, the build that recorded it.',
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // Replayed differently by the very build that recorded it: the session did something a replay does not reproduce.
    core.exportResult = ok({ fileName: 'f.jsonl', file: new Blob(['{}\n']), unsealed: { by: 'plaza-web 0.5.0', recordedBy: 'plaza-web 0.5.0', reason: 'the replay failed: RangeError: x' } });
    await act(async () => fireEvent.click(within(dialog).getAllByRole('button', { name: /^Export recording of/ })[1]!));
    expect(status.textContent).toMatch(/as it went \(the replay failed: RangeError: x\), .* This build recorded it too: the session did something a replay does not reproduce\.$/);
    core.exportResult = ok({ fileName: 'g.jsonl', file: new Blob(['{}\n']) });
    await act(async () => fireEvent.click(within(dialog).getAllByRole('button', { name: /^Export recording of/ })[0]!));
    expect(status.textContent).toBe('');
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
