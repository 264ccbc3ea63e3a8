/**
 * Keeps the keyboard's place across a control disabled while its action runs.
 *
 * Buttons are disabled while what they started is under way (`disabled={busy}`: Create, Join, Approve…),
 * so that it is not started twice. A browser moves the focus of a control that becomes disabled to the
 * page itself: a keyboard user who pressed Create in a dialog was left on <body> — Tab started again from
 * the top of the page, and Escape no longer reached the dialog. This gives the focus back to that control
 * when it is enabled again, unless the focus has gone somewhere else meanwhile (a dialog that closed and
 * moved it, a form that put it on the field in error).
 */

/** Starts keeping focus in `doc`; returns the function that stops it. */
export function keepFocusAcrossDisabling(doc: Document = document): () => void {
  /** The element that last had the focus. */
  let focused: Element | null = null;
  /** The control that lost the focus by being disabled, waiting to be enabled again. */
  let waiting: HTMLElement | null = null;

  const onFocusIn = (e: FocusEvent): void => {
    focused = e.target instanceof Element ? e.target : null;
    waiting = null;
  };
  const pageHasFocus = (): boolean => doc.activeElement === null || doc.activeElement === doc.body;

  const observer = new MutationObserver((mutations) => {
    for (const { target } of mutations) {
      if (!(target instanceof HTMLElement) || !('disabled' in target)) continue;
      const disabled = (target as HTMLButtonElement).disabled;
      // The browser moves the focus off it now or at its next frame; a focus going anywhere meanwhile ends the wait (focusin).
      if (disabled && target === focused) waiting = target;
      else if (!disabled && target === waiting) {
        waiting = null;
        if (target.isConnected && (pageHasFocus() || doc.activeElement === target)) target.focus();
      }
    }
  });
  doc.addEventListener('focusin', onFocusIn, true);
  observer.observe(doc, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => {
    doc.removeEventListener('focusin', onFocusIn, true);
    observer.disconnect();
  };
}
