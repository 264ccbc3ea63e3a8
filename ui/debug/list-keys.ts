/**
 * The keyboard model of the debugger's input and event lists, as arithmetic: which row a key moves to, and
 * which row the keyboard is on. Constant work whatever the list's length (a million inputs).
 */

import { rovingTarget } from '../components/roving-tab-stop';

/** Where the keys put the keyboard's row: `row` of the list as it was then (`list`: its filter and position). */
export interface PlacedRow {
  list: string;
  row: number;
}

/**
 * The row a key moves the keyboard to from `active` in a list of `count` rows, `page` of them in view;
 * null for keys the list leaves alone. ↑/↓ one row, Page Up/Down a page, Home/End the first and last.
 */
export function listKeyTarget(key: string, active: number, count: number, page: number): number | null {
  if (count <= 0) return null;
  if (active < 0 && key === 'ArrowDown') return 0;
  const from = Math.min(Math.max(active, 0), count - 1);
  const step = Math.max(1, page);
  if (key === 'PageUp') return Math.max(0, from - step);
  if (key === 'PageDown') return Math.min(count - 1, from + step);
  // ↑/↓ and Home/End as in the app's other keyboard lists.
  return rovingTarget(key, from, count);
}

/**
 * The keyboard's row (-1 in an empty list): where the keys put it while the list is still the one they put
 * it in, else the list's anchor (the row it follows: the current input's, the newest event). A row past
 * the end — a list shortened under it — gives way to the last, the nearest still there.
 */
export function activeRow(placed: PlacedRow | null, list: string, anchor: number, count: number): number {
  if (count <= 0) return -1;
  const row = placed !== null && placed.list === list ? placed.row : anchor;
  return Math.min(Math.max(row, 0), count - 1);
}

/** How many rows a page is: those wholly in a view `height` pixels high (at least one). */
export function rowsPerPage(height: number, rowHeight: number): number {
  return Math.max(1, Math.floor(height / rowHeight));
}
