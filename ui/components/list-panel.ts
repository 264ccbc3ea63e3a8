/**
 * The conversation list as a panel in a narrow window (narrow-layout.ts, LIST_COLLAPSES_QUERY): the header's
 * "Conversations" button shows and hides it; shown, it has the conversation's area to itself (the page under it is
 * hidden, not unmounted: what was typed in a composer stays).
 *
 * The keyboard, as in a menu or a Slack/Teams drawer:
 * - shown by the button (or Ctrl+K G), the keyboard goes to the list's Tab stop (the open conversation), where the
 *   list's own keys (↑/↓, Home/End, ←/→, Enter — roving-tab-stop.ts) work as in the sidebar;
 * - Escape inside it, or the button, hides it and leaves the keyboard on the button;
 * - a conversation (or Flagged messages, Drafts, Browse teams…) opened from it hides it, and the keyboard goes to the
 *   page opened — a conversation's composer, else the main area — not left on a row that is no longer shown;
 * - any other change of page (Alt+Shift+↓, a toast's Open, Back) hides it too;
 * - the window narrowed while the keyboard is in the sidebar shows it, so the keyboard is not left on something
 *   hidden; widened, the sidebar is back beside the page and the panel's state is forgotten.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import type { Route } from '../client/router';
import { focusComposerOnceThere } from './composer-focus';
import { LIST_COLLAPSES_QUERY, useMediaQuery } from './narrow-layout';

/** What the shell gives the sidebar for it to be the panel. */
export interface ListPanelProps {
  id: string;
  ref: RefObject<HTMLElement | null>;
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
  onClick: (e: MouseEvent<HTMLElement>) => void;
}

export interface ListPanel {
  /** The window is narrow: the list is a panel, and the header has its button. */
  collapses: boolean;
  /** The panel is shown (only ever while `collapses`). */
  shown: boolean;
  /** The header button's click. */
  toggle: () => void;
  /** Shows it with the keyboard in the list (Ctrl+K G), as of `at`, the route then (it hides on any other). */
  show: (at: Route) => void;
  /** Hides it to go to the page under it (the skip link): the keyboard is then the caller's to place. */
  hide: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
  panelProps: ListPanelProps;
}

type Place = 'list' | 'button' | 'page' | 'stay' | 'restore';

/**
 * The panel's state for the shell at `route`; `mainRef` is the main area, where the keyboard goes for a page
 * that is not a conversation.
 */
export function useListPanel(route: Route, id: string, mainRef: RefObject<HTMLElement | null>): ListPanel {
  const collapses = useMediaQuery(LIST_COLLAPSES_QUERY);
  // The route it was shown at: shown while the page is still that one, so any change of page hides it, whatever made it.
  const [shownAt, setShownAt] = useState<Route | null>(null);
  const shown = collapses && shownAt === route;
  const ref = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Where the keyboard goes once the panel has been shown or hidden (and so can take it, or no longer can).
  const place = useRef<Place>('stay');

  // The element in the sidebar that last had the keyboard, while it has it: a window narrowed past the width hides the
  // sidebar, and Chromium takes the focus off it (to the page itself) before the shell hears of the new width.
  const held = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const onFocusIn = (e: FocusEvent): void => {
      held.current = e.target instanceof HTMLElement ? e.target : null;
    };
    // Moved elsewhere (there is a next element): no longer held. Lost to the page itself, it is still the one to restore.
    const onFocusOut = (e: FocusEvent): void => {
      if (e.relatedTarget !== null) held.current = null;
    };
    panel.addEventListener('focusin', onFocusIn);
    panel.addEventListener('focusout', onFocusOut);
    return () => {
      panel.removeEventListener('focusin', onFocusIn);
      panel.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  const focusInPanel = (): boolean => {
    const active = document.activeElement;
    return active === null || active === document.body || (ref.current?.contains(active) ?? false);
  };

  const wasShown = useRef(shown);
  const wasCollapsing = useRef(collapses);
  useLayoutEffect(() => {
    const narrowed = collapses && !wasCollapsing.current;
    const before = wasShown.current;
    wasShown.current = shown;
    wasCollapsing.current = collapses;
    if (!collapses) {
      // Widened: the sidebar is beside the page again, the keyboard wherever it was. Narrowed again, it starts hidden.
      place.current = 'stay';
      if (shownAt !== null) setShownAt(null);
      return;
    }
    const active = document.activeElement;
    const lost = active === null || active === document.body;
    if (narrowed && !shown && (ref.current?.contains(active) || (lost && held.current?.isConnected && ref.current?.contains(held.current)))) {
      // The keyboard was in the sidebar: keep it there, in the panel.
      place.current = 'restore';
      setShownAt(route);
      return;
    }
    const where = place.current;
    place.current = 'stay';
    if (shown && !before) {
      if (where === 'restore') {
        if (held.current?.isConnected && document.activeElement !== held.current) held.current.focus();
      } else if (where === 'list') {
        const panel = ref.current;
        (panel?.querySelector<HTMLElement>('.sidebar-list [data-roving-target][tabindex="0"]') ?? panel?.querySelector<HTMLElement>('button, a[href]'))?.focus();
      }
    } else if (!shown && before) {
      if (where === 'button') toggleRef.current?.focus();
      // Hidden by a change of page (or a link to this same one): the keyboard, if it was in the panel, goes to the page.
      else if (where === 'page' || (where === 'stay' && focusInPanel())) {
        if (route.name === 'conversation') focusComposerOnceThere();
        else mainRef.current?.focus();
      }
    }
    // route: a change of page is what hides it; shownAt: what shows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, collapses]);

  const toggle = useCallback(() => {
    place.current = shown ? 'button' : 'list';
    setShownAt(shown ? null : route);
  }, [shown, route]);
  const show = useCallback((at: Route) => {
    place.current = 'list';
    setShownAt(at);
  }, []);
  const hide = useCallback(() => {
    place.current = 'stay';
    setShownAt(null);
  }, []);

  const onKeyDown = useCallback((e: KeyboardEvent<HTMLElement>) => {
    // Not a key of a dialog or menu opened from it: those render in the overlay layer, outside it in the page.
    if (e.key !== 'Escape' || e.defaultPrevented || !e.currentTarget.contains(e.target as Node)) return;
    if (!wasShown.current) return;
    e.preventDefault();
    place.current = 'button';
    setShownAt(null);
  }, []);
  const onClick = useCallback((e: MouseEvent<HTMLElement>) => {
    // A link followed in the app (Link.tsx prevents the browser's own navigation) — even to the page already open.
    if (!wasShown.current || !e.defaultPrevented || !(e.target instanceof Element) || !e.target.closest('a[href]')) return;
    if (!e.currentTarget.contains(e.target)) return;
    place.current = 'page';
    setShownAt(null);
  }, []);

  const panelProps = useMemo(() => ({ id, ref, onKeyDown, onClick }), [id, onKeyDown, onClick]);
  return { collapses, shown, toggle, show, hide, toggleRef, panelProps };
}
