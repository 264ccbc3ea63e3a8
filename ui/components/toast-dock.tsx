/**
 * Where the toasts show (ToastStack): over the page's content, never over its controls. A view names its content
 * area with useToastDock — the conversation its message log; a thread that takes over the conversation's area in a
 * narrow window (narrow-layout.ts) its replies — and without one the toasts use the main area. The last one named
 * and still named wins: the thread's replies while it covers the log, the log again once it closes or the window widens.
 */
import { signal, type Signal } from '@preact/signals-react';
import { createContext, useContext, useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';

const ToastDockContext = createContext<Signal<readonly HTMLElement[]> | null>(null);

/** Holds the shell's docks: the elements views named, in the order they named them. */
export function ToastDockProvider({ children }: { children: ReactNode }) {
  const [docks] = useState(() => signal<readonly HTMLElement[]>([]));
  return <ToastDockContext.Provider value={docks}>{children}</ToastDockContext.Provider>;
}

/** The element the toasts are placed over — the last one named (read in a component that uses signals) — or null for the main area. */
export function useToastDockElement(): HTMLElement | null {
  return useContext(ToastDockContext)?.value.at(-1) ?? null;
}

/**
 * Names `target`'s element (a ref's, or the element itself) as where toasts show while the calling component is
 * mounted and `active` holds.
 */
export function useToastDock(target: RefObject<HTMLElement | null> | HTMLElement | null, active = true): void {
  const docks = useContext(ToastDockContext);
  useLayoutEffect(() => {
    const element = target !== null && 'current' in target ? target.current : target;
    if (!docks || !element || !active) return;
    docks.value = [...docks.peek(), element];
    // Only its own: views name and unname theirs in any order (React unmounts a view before mounting the next).
    return () => {
      docks.value = docks.peek().filter((e) => e !== element);
    };
  }, [docks, target, active]);
}
