/**
 * The scroll-element size for @tanstack/react-virtual, with a fallback for
 * environments without layout. jsdom (tests) and a container that is not laid
 * out yet measure 0×0, which would make the virtualizer render almost nothing;
 * we then assume a window-sized viewport, so a screenful of rows is rendered.
 * In a real browser the ResizeObserver replaces it with the true size at once.
 */
import { measureElement, observeElementRect, type Rect, type Virtualizer } from '@tanstack/react-virtual';

export function fallbackRect(): Rect {
  const height = typeof window !== 'undefined' && window.innerHeight > 0 ? window.innerHeight : 800;
  return { width: 320, height };
}

export function observeRectWithFallback<T extends Element>(
  instance: Virtualizer<T, Element>,
  cb: (rect: Rect) => void,
): void | (() => void) {
  return observeElementRect(instance, (rect) => cb(rect.width === 0 && rect.height === 0 ? fallbackRect() : rect));
}

/**
 * A row's measured height for a virtualizer of rows of varying height, or `estimate` where nothing is laid
 * out (jsdom, a hidden container): rows measured 0 tall would never fill the view, and it would render them all.
 */
export function measureWithFallback(estimate: number) {
  return <S extends Element, T extends Element>(element: T, entry: ResizeObserverEntry | undefined, instance: Virtualizer<S, T>): number => {
    const measured = measureElement(element, entry, instance);
    return measured > 0 ? measured : estimate;
  };
}
