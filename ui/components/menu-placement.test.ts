import { describe, expect, it } from 'vitest';
import { placeMenu } from './menu-placement';

const button = (left: number, top: number, width = 100, height = 30) => ({ left, top, right: left + width, bottom: top + height });
const view = { width: 360, height: 740 };

describe('placeMenu', () => {
  it('puts a menu under its button, right edges aligned, where there is room', () => {
    expect(placeMenu(button(200, 100), { width: 150, height: 200 }, view)).toEqual({ top: 132, left: 150, maxHeight: null });
  });

  it('puts it above the button where there is no room below (the newest message’s flag menu)', () => {
    expect(placeMenu(button(200, 600), { width: 150, height: 420 }, view)).toEqual({ top: 178, left: 150, maxHeight: null });
  });

  it('moves it in from the window’s sides: a wide menu from a button near the left edge, or one wider than the room left of the button’s edge', () => {
    expect(placeMenu(button(0, 100, 60), { width: 180, height: 100 }, view).left).toBe(4);
    expect(placeMenu(button(300, 100, 100), { width: 180, height: 100 }, view).left).toBe(176); // 360 - 4 - 180: its right edge in the window
  });

  it('where neither above nor below has room, as low as keeps it whole; taller than the window, from the top, scrolling', () => {
    expect(placeMenu(button(200, 300), { width: 150, height: 500 }, view)).toEqual({ top: 236, left: 150, maxHeight: null });
    expect(placeMenu(button(200, 300), { width: 150, height: 900 }, view)).toEqual({ top: 4, left: 150, maxHeight: 732 });
  });
});
