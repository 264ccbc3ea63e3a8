/** Small helpers shared by the modal dialogs and the panels that open over or beside a page. */
import { useEffect, useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';

/**
 * When the component unmounts, gives the focus back to what had it when the component mounted (the control
 * that opened it) — unless closing moved the focus on (anywhere but the page itself or the closed container).
 * If there is no opener (opened by the address) or it is gone meanwhile (the message whose thread it was,
 * deleted), the focus goes to `fallback`'s element, if any, rather than being left at the end of the page. Call it before any effect that moves the focus in.
 */
export function useReturnFocus(container: RefObject<HTMLElement | null>, fallback?: () => HTMLElement | null): void {
  useEffect(() => {
    const opener = document.activeElement;
    const element = container.current;
    return () => {
      const now = document.activeElement;
      const lost = now === null || now === document.body || (element?.contains(now) ?? false);
      if (!lost) return;
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus();
      else fallback?.()?.focus();
    };
    // Once: the opener is what had the focus when it opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * Keeps the keyboard in a dialog or panel when the control that had the focus goes away while it is open — a
 * member removed, an alert approved (its buttons go), a status deleted, a form closed. A browser leaves the
 * focus on the page then: Escape no longer reached the dialog and Tab started again from the top of the page.
 * The focus goes to the container itself (give it tabIndex -1), which is still the dialog: Escape closes it and
 * Tab goes on inside. A focus moved on on purpose (to a field, or out of the dialog) is left alone.
 */
export function useKeepFocusInside(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    /** The element inside that last had the focus (removing it fires no focus event). */
    let last: Element | null = null;
    const onFocusIn = (e: FocusEvent): void => {
      last = e.target instanceof Element ? e.target : null;
    };
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      if (last && !last.isConnected && (active === null || active === document.body)) {
        last = null;
        element.focus();
      }
    });
    element.addEventListener('focusin', onFocusIn);
    observer.observe(element, { childList: true, subtree: true });
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
    // The container is there for as long as the component is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * Keeps a popover that opens leftwards from its opener's right edge (right: 0) wholly in the window: where its left
 * edge would run past the window's — a narrow window, the opener near its left — the popover moves right by as much
 * (the CSS offsets it by --shift), placed before it is painted and again as the window resizes. Its CSS width should
 * also leave `margin` on each side: min(its width, 100vw − 2 × margin).
 */
export function useKeepInWindow(container: RefObject<HTMLElement | null>, margin = 8): void {
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const place = (): void => {
      element.style.removeProperty('--shift');
      const over = margin - element.getBoundingClientRect().left;
      if (over > 0) element.style.setProperty('--shift', `${over}px`);
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
    // The container is there for as long as the component is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** Keeps Tab and Shift+Tab inside the modal (also from the container itself, where useKeepFocusInside puts the focus). */
export function trapTab(e: KeyboardEvent, container: HTMLElement | null): void {
  if (!container) return;
  const focusable = [...container.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [href], [tabindex]:not([tabindex="-1"])')];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = active === container || !container.contains(active);
  if (e.shiftKey && (active === first || outside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || outside)) {
    e.preventDefault();
    first.focus();
  }
}

/** 1536 → "1.5 KB": sizes for people, in binary units like the size setting. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
