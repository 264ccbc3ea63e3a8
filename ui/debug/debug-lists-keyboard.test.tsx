// @vitest-environment jsdom
/**
 * The debugger's input and event lists with the keyboard: each is one Tab stop (a listbox naming the
 * keyboard's row with aria-activedescendant); the arrows, Page Up/Down and Home/End move that row, Enter
 * and Space on an input seek to it, and the row is never lost — not at the end of a million inputs, not
 * when a filter drops it, not when the position shortens the list under it.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InputRow } from '../../protocol/debug-api';
import { FakeDebugApi } from '../testing/fake-debug';
import { DebugReplayPage } from './DebugReplayPage';
import { DEBUG_ROW_HEIGHT } from './use-fixed-rows';

afterEach(cleanup);

async function loaded(api = new FakeDebugApi()) {
  render(<DebugReplayPage api={api} />);
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Import session'), { target: { files: [new File(['{"format":"plaza-session"}\n'], 'session.jsonl')] } });
  });
  await screen.findByText('Replay matches the recording');
  const slider = screen.getByRole('slider', { name: 'Position' });
  await waitFor(() => expect(slider.getAttribute('aria-valuenow')).toBe('30'));
  return { api, slider };
}

/** The row the list names as the keyboard's (aria-activedescendant). */
function activeOption(list: HTMLElement): HTMLElement | null {
  const id = list.getAttribute('aria-activedescendant');
  const option = id === null ? null : document.getElementById(id);
  if (option) expect(list.contains(option) && option.getAttribute('role')).toBe('option');
  return option;
}
const activeText = (list: HTMLElement): string | null => activeOption(list)?.textContent ?? null;

/** What Tab stops at inside `container`. */
const tabStops = (container: HTMLElement): HTMLElement[] =>
  [...container.querySelectorAll<HTMLElement>('*')].filter((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled);

const press = (list: HTMLElement, key: string): void => {
  fireEvent.keyDown(list, { key });
};

/** Rows wholly in the lists' view in jsdom, which has no layout: the window's height, as useFixedRows assumes. */
const PAGE = Math.floor(window.innerHeight / DEBUG_ROW_HEIGHT);

describe('the input list with the keyboard', () => {
  it('is one Tab stop, starting at the current input; the keys move its row without seeking', async () => {
    const { slider } = await loaded();
    const inputs = screen.getByRole('listbox', { name: 'Inputs (30)' });
    expect(tabStops(screen.getByRole('region', { name: 'Inputs' }))).toEqual([inputs]);
    await waitFor(() => expect(activeText(inputs)).toMatch(/^#30 /));
    expect(activeOption(inputs)!.getAttribute('aria-selected')).toBe('true');

    act(() => inputs.focus());
    press(inputs, 'ArrowUp');
    expect(activeText(inputs)).toMatch(/^#29 /);
    press(inputs, 'Home');
    expect(activeText(inputs)).toMatch(/^#1 /);
    press(inputs, 'ArrowUp'); // already the first
    expect(activeText(inputs)).toMatch(/^#1 /);
    press(inputs, 'ArrowDown');
    expect(activeText(inputs)).toMatch(/^#2 /);
    press(inputs, 'PageDown');
    expect(activeText(inputs)).toMatch(new RegExp(`^#${Math.min(30, 2 + PAGE)} `));
    press(inputs, 'PageUp');
    expect(activeText(inputs)).toMatch(/^#1 |^#2 /);
    press(inputs, 'End');
    expect(activeText(inputs)).toMatch(/^#30 /);
    expect(slider.getAttribute('aria-valuenow')).toBe('30');
    expect(document.activeElement).toBe(inputs);
    // The row is the list's own: its place and the list's length are said, the current input is the selected one.
    expect(activeOption(inputs)!.getAttribute('aria-posinset')).toBe('30');
    expect(activeOption(inputs)!.getAttribute('aria-setsize')).toBe('30');
    expect(within(inputs).getAllByRole('option', { selected: true }).map((o) => o.textContent)).toEqual([activeText(inputs)]);
  });

  it('seeks to the keyboard’s row with Enter or Space, as a click does, and follows the playhead moved from elsewhere', async () => {
    const { slider } = await loaded();
    const inputs = screen.getByRole('listbox', { name: 'Inputs (30)' });
    act(() => inputs.focus());
    press(inputs, 'Home');
    press(inputs, 'Enter');
    expect(slider.getAttribute('aria-valuenow')).toBe('1');
    await waitFor(() => expect(within(inputs).getByRole('option', { selected: true }).textContent).toMatch(/^#1 /));
    expect(activeText(inputs)).toMatch(/^#1 /);
    press(inputs, 'ArrowDown');
    press(inputs, 'ArrowDown');
    press(inputs, ' ');
    expect(slider.getAttribute('aria-valuenow')).toBe('3');
    await waitFor(() => expect(within(inputs).getByRole('option', { selected: true }).textContent).toMatch(/^#3 /));
    expect(activeText(inputs)).toMatch(/^#3 /);

    // The slider moves the playhead: the keyboard's row goes with the list to the new current input.
    fireEvent.keyDown(slider, { key: 'PageUp' });
    await waitFor(() => expect(activeText(inputs)).toMatch(/^#13 /));

    // A click seeks, and makes the row clicked the keyboard's.
    const row = within(inputs).getByRole('option', { name: /^#5 / });
    fireEvent.mouseDown(row);
    fireEvent.click(row);
    expect(slider.getAttribute('aria-valuenow')).toBe('5');
    expect(activeText(inputs)).toMatch(/^#5 /);
  });

  it('reaches the last of a million inputs with End: rendered and named, with only the rows around it', async () => {
    const api = new FakeDebugApi();
    const MILLION = 1_000_000;
    const row = (index: number): InputRow => ({ index, line: index + 1, t: 1000 + index, kind: 'intent', code: '$typing', summary: `input ${index}`, events: 0 });
    const asked: number[] = [];
    api.$inputs = async (start: number, count: number) => {
      asked.push(start);
      return { total: MILLION, start, rows: Array.from({ length: Math.max(0, Math.min(count, MILLION - start)) }, (_, i) => row(start + i + 1)) };
    };
    api.$inputRowAt = async (position: number) => Math.min(position, MILLION) - 1;
    const { slider } = await loaded(api);
    const inputs = await screen.findByRole('listbox', { name: 'Inputs (1000000)' });
    act(() => inputs.focus());
    press(inputs, 'Home');
    await waitFor(() => expect(activeText(inputs)).toMatch(/^#1 /));
    press(inputs, 'End');
    await waitFor(() => expect(activeText(inputs)).toMatch(/^#1000000 /));
    expect(activeOption(inputs)!.getAttribute('aria-posinset')).toBe('1000000');
    expect(activeOption(inputs)!.getAttribute('aria-setsize')).toBe('1000000');
    // Scrolled there: the rows before it are rendered, and few others; only their pages were fetched.
    expect(within(inputs).getByRole('option', { name: /^#999990 / })).toBeTruthy();
    expect(within(inputs).getAllByRole('option').length).toBeLessThan(PAGE + 30);
    expect(asked.length).toBeLessThan(5);
    // Scrolled back to the start (the wheel, the scroll bar): the keyboard's row stays rendered and named.
    act(() => {
      inputs.scrollTop = 0;
      inputs.dispatchEvent(new Event('scroll'));
    });
    expect(within(inputs).getByRole('option', { name: /^#1 / })).toBeTruthy();
    expect(within(inputs).queryByRole('option', { name: /^#999990 / })).toBeNull();
    expect(activeText(inputs)).toMatch(/^#1000000 /);
    // Tabbing back in scrolls to it.
    act(() => slider.focus());
    act(() => inputs.focus());
    expect(within(inputs).getByRole('option', { name: /^#999990 / })).toBeTruthy();
    press(inputs, 'PageUp');
    await waitFor(() => expect(activeText(inputs)).toMatch(new RegExp(`^#${MILLION - PAGE} `)));
    press(inputs, 'Home');
    await waitFor(() => expect(activeText(inputs)).toMatch(/^#1 /));
    expect(within(inputs).queryByRole('option', { name: /^#999990 / })).toBeNull();
  });

  it('keeps the keyboard’s row near the one a new filter drops, and an empty list says why', async () => {
    const { slider } = await loaded();
    const inputs = screen.getByRole('listbox', { name: 'Inputs (30)' });
    act(() => inputs.focus());
    press(inputs, 'Home');
    for (let i = 0; i < 6; i++) press(inputs, 'ArrowDown');
    expect(activeText(inputs)).toMatch(/^#7 /);
    const code = screen.getByLabelText('Filter by code');
    fireEvent.change(code, { target: { value: 'MSG' } }); // inputs 3, 6, 9…
    await screen.findByRole('listbox', { name: 'Inputs (10)' });
    // The last listed input before it; the current input (30) stays the selected one.
    await waitFor(() => expect(activeText(inputs)).toMatch(/^#6 /));
    expect(within(inputs).getByRole('option', { selected: true }).textContent).toMatch(/^#30 /);
    press(inputs, 'ArrowDown');
    expect(activeText(inputs)).toMatch(/^#9 /);

    // None listed before it: the first listed.
    fireEvent.change(code, { target: { value: '$typing' } }); // 1, 2, 4, 5…
    await waitFor(() => expect(activeText(inputs)).toMatch(/^#8 /));
    press(inputs, 'Home');
    expect(activeText(inputs)).toMatch(/^#1 /);
    fireEvent.change(code, { target: { value: 'MSG' } });
    await waitFor(() => expect(activeText(inputs)).toMatch(/^#3 /));

    fireEvent.change(code, { target: { value: 'nothing-has-this-code' } });
    const empty = await screen.findByRole('listbox', { name: 'Inputs (0)', description: 'No input matches the filter.' });
    expect(empty).toBe(inputs); // the same Tab stop, still there
    expect(inputs.getAttribute('aria-activedescendant')).toBeNull();
    press(inputs, 'ArrowDown');
    press(inputs, 'Enter');
    expect(slider.getAttribute('aria-valuenow')).toBe('30');

    // Unfiltered again, the keyboard's row is the current input's.
    fireEvent.change(code, { target: { value: '' } });
    await waitFor(() => expect(activeText(inputs)).toMatch(/^#30 /));
    expect(inputs.getAttribute('aria-describedby')).toBeNull();
  });
});

describe('the event list with the keyboard', () => {
  it('is one Tab stop, read only, starting at the newest event; it goes back to the newest when the position moves', async () => {
    const { slider } = await loaded();
    const events = screen.getByRole('listbox', { name: 'Events (30)' });
    expect(events.getAttribute('aria-readonly')).toBe('true');
    expect(tabStops(screen.getByRole('region', { name: 'Events' }))).toEqual([events]);
    await waitFor(() => expect(activeText(events)).toMatch(/^seq 30 /));

    act(() => events.focus());
    for (let i = 0; i < 5; i++) press(events, 'ArrowUp');
    expect(activeText(events)).toMatch(/^seq 25 /);
    press(events, 'Home');
    expect(activeText(events)).toMatch(/^seq 1 /);
    press(events, 'PageDown');
    expect(activeText(events)).toMatch(new RegExp(`^seq ${Math.min(30, 1 + PAGE)} `));
    press(events, 'End');
    expect(activeText(events)).toMatch(/^seq 30 /);
    press(events, 'ArrowUp');
    press(events, 'Enter'); // nothing to choose: the position stays
    expect(slider.getAttribute('aria-valuenow')).toBe('30');
    expect(activeText(events)).toMatch(/^seq 29 /);

    // Back to input 10: the list is shorter than the row the keys were on; the keyboard is on the newest left.
    fireEvent.keyDown(slider, { key: 'Home' });
    fireEvent.keyDown(slider, { key: 'PageUp' });
    await screen.findByRole('listbox', { name: 'Events (10)' });
    await waitFor(() => expect(activeText(events)).toMatch(/^seq 10 /));

    // No events: the list says why, and names no row.
    fireEvent.keyDown(slider, { key: 'Home' });
    const empty = await screen.findByRole('listbox', { name: 'Events (0)', description: 'No events up to input 0.' });
    expect(empty).toBe(events);
    expect(events.getAttribute('aria-activedescendant')).toBeNull();
  });
});
