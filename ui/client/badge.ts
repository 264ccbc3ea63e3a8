/**
 * The unread badge (spec 3 §4.3): the tab title "(N) Plaza" (with a star while
 * idle), set at once when it changes and refreshed every second (spec 3 §9 —
 * anything else that touched the title is put right within a second), and the
 * favicon with the count, capped at 99+, drawn on a canvas. The worker decides
 * the count and the text; this only shows them.
 */
import { effect } from '@preact/signals-react';
import { APP_TITLE, TITLE_REFRESH_MS } from '../../protocol/rules/notifications';
import type { ViewStore } from './view-store';

/** Draws the icon with a count ('' for none) and returns a data URL, or null when the canvas cannot draw. */
export type IconPainter = (label: string) => string | null;

export function canvasIconPainter(doc: Document = document): IconPainter | null {
  // jsdom (the UI tests) has no canvas and reports every attempt as an error: no icon there.
  if (/jsdom/i.test(doc.defaultView?.navigator.userAgent ?? '')) return null;
  return (label) => {
    const canvas = doc.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    let g: CanvasRenderingContext2D | null = null;
    try {
      g = canvas.getContext('2d');
    } catch {
      return null;
    }
    if (!g) return null;
    g.fillStyle = '#2b59c3';
    g.beginPath();
    g.roundRect(4, 4, 56, 56, 12);
    g.fill();
    g.fillStyle = '#fff';
    g.font = 'bold 40px system-ui, sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText('P', 32, 35);
    if (label) {
      const wide = label.length > 2;
      g.fillStyle = '#d93025';
      g.beginPath();
      g.roundRect(wide ? 14 : 28, 0, wide ? 50 : 36, 36, 18);
      g.fill();
      g.fillStyle = '#fff';
      g.font = `bold ${wide ? 22 : 26}px system-ui, sans-serif`;
      g.fillText(label, wide ? 39 : 46, 19);
    }
    return canvas.toDataURL('image/png');
  };
}

export function watchBadge(
  store: Pick<ViewStore, 'notifications'>,
  options: { doc?: Document; win?: Pick<Window, 'setInterval' | 'clearInterval'>; paint?: IconPainter | null } = {},
): () => void {
  const doc = options.doc ?? document;
  const win = options.win ?? window;
  const paint = options.paint === undefined ? canvasIconPainter(doc) : options.paint;
  let painted: string | null = null;

  const showTitle = (): void => {
    const title = store.notifications.peek().badge.title;
    if (doc.title !== title) doc.title = title;
  };
  const showIcon = (label: string): void => {
    if (!paint || label === painted) return;
    painted = label;
    const href = paint(label);
    if (!href) return;
    let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = doc.createElement('link');
      link.rel = 'icon';
      doc.head.appendChild(link);
    }
    link.href = href;
  };

  const stop = effect(() => {
    const { badge } = store.notifications.value;
    showTitle();
    showIcon(badge.label);
  });
  const timer = win.setInterval(showTitle, TITLE_REFRESH_MS);
  return () => {
    stop();
    win.clearInterval(timer);
    doc.title = APP_TITLE;
  };
}
