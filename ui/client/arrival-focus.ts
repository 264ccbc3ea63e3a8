/**
 * The keyboard's place after a control that leaves its page ("Back to Plaza" in the debugger). The control
 * goes with the page it was on, and the browser leaves the focus on the document itself: Tab starts again
 * from the top, and a screen reader says nothing of where the user now is. The focus goes to the main heading
 * of the page arrived at instead — as the debugger, opened from the app's menu, starts at its own — once that
 * page is rendered (a redirect to the sign-in page, or "Loading Plaza…", may come first). It is given up if
 * the focus has gone anywhere else meanwhile — the page arrived at may place it itself: the sign-in page, in Email.
 */
import { useCallback, useEffect, useRef } from 'react';

/** The page's main heading: its main landmark's first h1, else its first h1. */
export function pageHeading(doc: Document): HTMLElement | null {
  return doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('h1');
}

/** A place to read from, not a control: focusable by script only (styles.css draws no ring on such a heading). */
function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}

/**
 * The keyboard to the main heading of the page now rendered (call it after a flushSync that rendered it): for a
 * control whose page went away under it in the same click — "Leave" on a team's page, "Delete" in its settings —
 * where the browser would leave the focus on the document itself.
 */
export function focusPageHeading(doc: Document = document): void {
  const heading = pageHeading(doc);
  if (heading) focusHeading(heading);
}

/**
 * Returns the function to call as the page is left (before navigating); the focus moves after a later render
 * of the component that called this hook, the one that renders the page arrived at.
 */
export function useArrivalFocus(): () => void {
  /** Set while the focus is owed; calling it lets the wait go (the focus went somewhere, or it was given). */
  const owed = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!owed.current) return;
    const active = document.activeElement;
    const heading = active === null || active === document.body ? pageHeading(document) : null;
    if (!heading) return; // not rendered yet
    owed.current();
    focusHeading(heading);
  });
  useEffect(() => () => owed.current?.(), []);
  return useCallback(() => {
    owed.current?.();
    // Focus going anywhere meanwhile (the user, or the page arrived at) ends the wait.
    const release = (): void => {
      document.removeEventListener('focusin', release, true);
      owed.current = null;
    };
    document.addEventListener('focusin', release, true);
    owed.current = release;
  }, []);
}
