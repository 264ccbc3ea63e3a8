import { describe, expect, it } from 'vitest';
import { activeRow, listKeyTarget, rowsPerPage } from './list-keys';

describe('listKeyTarget', () => {
  it('moves a row, a page, or to either end, staying inside the list', () => {
    expect(listKeyTarget('ArrowDown', 4, 10, 3)).toBe(5);
    expect(listKeyTarget('ArrowUp', 4, 10, 3)).toBe(3);
    expect(listKeyTarget('ArrowUp', 0, 10, 3)).toBe(0);
    expect(listKeyTarget('ArrowDown', 9, 10, 3)).toBe(9);
    expect(listKeyTarget('PageDown', 4, 10, 3)).toBe(7);
    expect(listKeyTarget('PageDown', 8, 10, 3)).toBe(9);
    expect(listKeyTarget('PageUp', 4, 10, 3)).toBe(1);
    expect(listKeyTarget('PageUp', 1, 10, 3)).toBe(0);
    expect(listKeyTarget('Home', 4, 10, 3)).toBe(0);
    expect(listKeyTarget('End', 4, 10, 3)).toBe(9);
  });

  it('reaches the end of a million rows in one key', () => {
    expect(listKeyTarget('End', 0, 1_000_000, 12)).toBe(999_999);
    expect(listKeyTarget('PageUp', 999_999, 1_000_000, 12)).toBe(999_987);
  });

  it('starts at the first row when there is no row yet, and leaves other keys and empty lists alone', () => {
    expect(listKeyTarget('ArrowDown', -1, 10, 3)).toBe(0);
    expect(listKeyTarget('ArrowUp', -1, 10, 3)).toBe(0);
    expect(listKeyTarget('Enter', 4, 10, 3)).toBeNull();
    expect(listKeyTarget('ArrowLeft', 4, 10, 3)).toBeNull();
    expect(listKeyTarget('ArrowDown', -1, 0, 3)).toBeNull();
    expect(listKeyTarget('PageDown', 0, 10, 0)).toBe(1); // a page is at least a row
  });
});

describe('activeRow', () => {
  it('is where the keys put it while the list is the same, else the anchor', () => {
    expect(activeRow(null, 'a', 7, 30)).toBe(7);
    expect(activeRow({ list: 'a', row: 3 }, 'a', 7, 30)).toBe(3);
    expect(activeRow({ list: 'a', row: 3 }, 'b', 7, 30)).toBe(7);
  });

  it('gives way to the last row when the list shrinks under it, and is none in an empty list', () => {
    expect(activeRow({ list: 'a', row: 25 }, 'a', 0, 10)).toBe(9);
    expect(activeRow(null, 'a', 40, 10)).toBe(9);
    expect(activeRow(null, 'a', -1, 10)).toBe(0); // an anchor before the first row: the first
    expect(activeRow({ list: 'a', row: 3 }, 'a', 0, 0)).toBe(-1);
  });
});

describe('rowsPerPage', () => {
  it('counts the rows wholly in view', () => {
    expect(rowsPerPage(360, 28)).toBe(12);
    expect(rowsPerPage(10, 28)).toBe(1);
  });
});
