import { flushSync } from 'react-dom';
import { conversationPath, type Router } from '../client/router';

/**
 * The keyboard's place after a command or a control opens a conversation (the quick switcher, Alt+Shift+↓/↑,
 * Alt+Shift+M, a profile card's "Message …", a person chosen in "New message"): the conversation's composer, as the skip link does. The control
 * the command was given from is elsewhere or gone — often the previous conversation's composer — and the focus
 * left on the document itself would drop whatever is typed next, and Tab would start again from the top.
 */
const composerIn = (doc: Document): HTMLElement | null => doc.querySelector<HTMLElement>('.conversation .composer textarea:not([disabled])');

/**
 * Focuses the open conversation's composer, now or once it is there: just after sign-in the page may not
 * have the conversation's entry yet (the worker sends it as the conversation opens), and until then there is
 * no composer to write in. Given up when the focus goes anywhere meanwhile, or after 5 s. Call it once the
 * conversation is rendered (flushSync), or it finds the composer of the one being left.
 */
export function focusComposerOnceThere(doc: Document = document): void {
  const now = composerIn(doc);
  if (now) return now.focus();
  const stop = (): void => {
    observer.disconnect();
    doc.removeEventListener('focusin', stop, true);
    clearTimeout(timer);
  };
  const observer = new MutationObserver(() => {
    const composer = composerIn(doc);
    if (!composer) return;
    stop();
    composer.focus();
  });
  observer.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  doc.addEventListener('focusin', stop, true);
  const timer = setTimeout(stop, 5_000);
}


/**
 * Opens a conversation with the keyboard in its composer. `leaving` (closing the dialog, panel or notice the
 * command came from) and the navigation are rendered at once, so that the composer found is the new
 * conversation's and not the one being left.
 */
export function openWithKeyboardInComposer(router: Pick<Router, 'navigate'>, address: string, leaving?: () => void): void {
  flushSync(() => {
    leaving?.();
    router.navigate(conversationPath(address));
  });
  focusComposerOnceThere();
}
