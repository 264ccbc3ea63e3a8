/**
 * Toasts: at most 4, newest on top (the worker decides which and for how long).
 *
 * Where they show (the spec does not say; chosen here): at the top right of the page's content — in a conversation
 * its message log, under the conversation's header and above the composer (toast-dock.tsx); elsewhere the main
 * area. They sat at the window's bottom right, on the composer's Send (and a thread's Reply) for their 5 s: the
 * Plaza Bot's "Welcome back" after every sign-in took the click meant for Send. As in the chat apps people know,
 * a toast stays off the input: over the log it covers only messages, which scroll, and never what the user types
 * into or sends with, nor the conversation's or the thread's header. The top of the log rather than its bottom:
 * the newest messages are at the bottom, and the composer's suggestions (@ and :) open up from it. Beneath menus,
 * popovers and the alerts panel (their z-index in styles.css): a toast never covers a control just opened either.
 * Each toast is still a status (an error an alert) in the Notifications region: screen readers announce them as before.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { usePlaza } from '../client/core-context';
import { openWithKeyboardInComposer } from './composer-focus';
import { useToastDockElement } from './toast-dock';

export interface ToastStackProps {
  onOpenAlerts: () => void;
  /** Where toasts show when no view names its content area (toast-dock.tsx). */
  mainArea: RefObject<HTMLElement | null>;
}

export function ToastStack({ onOpenAlerts, mainArea }: ToastStackProps) {
  useSignals();
  const { store, core, router } = usePlaza();
  const toasts = store.toasts.value;
  const dock = useToastDockElement();
  const sectionRef = useRef<HTMLElement>(null);
  const showing = toasts.length > 0;
  // Placed before they are painted, and kept in place while the content area resizes (a thread opening, the window).
  useLayoutEffect(() => {
    const section = sectionRef.current;
    const over = dock ?? mainArea.current;
    if (!showing || !section || !over) return;
    return placeOver(section, over);
  }, [showing, dock, mainArea]);
  return (
    <section ref={sectionRef} className="toasts" aria-label="Notifications">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <strong className="toast-title">{t.title}</strong>
          {t.body && <p className="toast-body">{t.body}</p>}
          <div className="toast-actions">
            {t.address && (
              <button
                type="button"
                onClick={() => {
                  // The keyboard goes to the conversation's composer: the toast, and this button with it, goes away.
                  openWithKeyboardInComposer(router, t.address!);
                  void core.$closeToast(t.id);
                }}
              >
                Open
              </button>
            )}
            {t.alertGuid && (
              <button type="button" onClick={onOpenAlerts}>
                View
              </button>
            )}
            <button type="button" aria-label={`Close notification: ${t.title}`} onClick={() => void core.$closeToast(t.id)}>
              ×
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}

/**
 * Keeps the toasts' box on `over`'s (the custom properties .toasts reads), in the coordinates of the shell they are
 * positioned in, as either resizes; returns the stop.
 */
function placeOver(section: HTMLElement, over: HTMLElement): () => void {
  const frame = section.offsetParent instanceof HTMLElement ? section.offsetParent : null;
  const place = (): void => {
    // The area's inside, without its borders and scrollbar (the log's scrollbar is a control too), in the
    // shell's padding box, which `top` and `right` are measured from.
    const box = over.getBoundingClientRect();
    const shell = frame?.getBoundingClientRect() ?? { top: 0, left: 0 };
    const top = box.top + over.clientTop - shell.top - (frame?.clientTop ?? 0);
    const right = box.left + over.clientLeft + over.clientWidth - shell.left - (frame?.clientLeft ?? 0);
    section.style.setProperty('--dock-top', `${top}px`);
    section.style.setProperty('--dock-right', `${(frame?.clientWidth ?? window.innerWidth) - right}px`);
    section.style.setProperty('--dock-width', `${over.clientWidth}px`);
    section.style.setProperty('--dock-height', `${over.clientHeight}px`);
  };
  place();
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(place);
  observer.observe(over);
  if (frame) observer.observe(frame);
  return () => observer.disconnect();
}
