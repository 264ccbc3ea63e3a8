/**
 * Where a menu opened from a button goes (Menu.tsx, FlagMenu.tsx): in the overlay layer, so no scrolling list clips
 * it, and always in the window. Under the button with their right edges aligned, as before; above it where there is
 * no room below (the newest message's flag menu, 13 items, was cut off by the message list after its first one);
 * moved in from the window's sides (a narrow window); and where neither above nor below has room, as far up as it
 * must go, scrolling within itself if the window is shorter than it.
 */
import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';
import { pointInLayer } from './overlay-layer';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The gap between the button and its menu, and the least room kept between the menu and the window's edges. */
const GAP = 2;
const MARGIN = 4;
const UNPLACED: CSSProperties = { top: 0, left: 0, opacity: 0 };

/** A menu's place in the window's coordinates, for a menu `size` big opened from `anchor` in a `view`-sized window. */
export function placeMenu(anchor: Box, size: { width: number; height: number }, view: { width: number; height: number }): { top: number; left: number; maxHeight: number | null } {
  const left = Math.max(MARGIN, Math.min(anchor.right - size.width, view.width - MARGIN - size.width));
  const room = view.height - 2 * MARGIN;
  if (size.height > room) return { top: MARGIN, left, maxHeight: room };
  if (anchor.bottom + GAP + size.height <= view.height - MARGIN) return { top: anchor.bottom + GAP, left, maxHeight: null };
  if (anchor.top - GAP - size.height >= MARGIN) return { top: anchor.top - GAP - size.height, left, maxHeight: null };
  return { top: view.height - MARGIN - size.height, left, maxHeight: null };
}

/**
 * The style of a menu (`position: fixed` in `layer`) while `open`: placed from `button` once the menu is laid out,
 * before it is painted. Until then it is at the layer's corner, transparent — not hidden: the menu's own effect
 * focuses its first item before the placed style is rendered, and a hidden element cannot take the focus.
 */
export function useMenuPlacement(open: boolean, button: RefObject<HTMLElement | null>, menu: RefObject<HTMLElement | null>, layer: HTMLElement): CSSProperties {
  const [style, setStyle] = useState<CSSProperties>(UNPLACED);
  useLayoutEffect(() => {
    if (!open) {
      setStyle(UNPLACED);
      return;
    }
    const anchor = button.current?.getBoundingClientRect();
    const element = menu.current;
    if (!anchor || !element) return;
    const place = placeMenu(anchor, { width: element.offsetWidth, height: element.offsetHeight }, { width: window.innerWidth, height: window.innerHeight });
    setStyle({ ...pointInLayer(layer, place), ...(place.maxHeight === null ? {} : { maxHeight: place.maxHeight, overflowY: 'auto' }) });
  }, [open, button, menu, layer]);
  return style;
}
