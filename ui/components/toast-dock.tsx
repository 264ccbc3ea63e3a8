/**
 * Where the toasts show (ToastStack): over the page's content, never over its controls. A view names its content
 * area with useToastDock — the conversation its message log — and without one the toasts use the main area.
 */
import { signal, type Signal } from '@preact/signals-react';
import { createContext, useContext, useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';

const ToastDockContext = createContext<Signal<HTMLElement | null> | null>(null);

/** Holds the shell's dock: the element the toasts are placed over, or null for the main area. */
export function ToastDockProvider({ children }: { children: ReactNode }) {
  const [dock] = useState(() => signal<HTMLElement | null>(null));
  return <ToastDockContext.Provider value={dock}>{children}</ToastDockContext.Provider>;
}

/** The element a view named (read in a component that uses signals), or null. */
export function useToastDockElement(): HTMLElement | null {
  return useContext(ToastDockContext)?.value ?? null;
}

/** Names `ref`'s element as where toasts show while the calling component is mounted. */
export function useToastDock(ref: RefObject<HTMLElement | null>): void {
  const dock = useContext(ToastDockContext);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!dock || !element) return;
    dock.value = element;
    // Only its own: a view mounted meanwhile may have named another (React unmounts a view before mounting the next).
    return () => {
      if (dock.peek() === element) dock.value = null;
    };
  }, [dock, ref]);
}
