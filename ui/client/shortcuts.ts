/**
 * Keyboard shortcuts (spec 3 §4.7): Command or Control with K starts a chord,
 * the next key triggers an action; the last shortcut stays highlighted for
 * 1 second. Plus the heavy user's own: jump to the next unread conversation
 * or mention, the quick switcher, and the shortcuts help. Each shortcut is a
 * record of the spec's Shortcut entity (name, key, code, action, context).
 *
 * Chord actions whose screen Plaza does not have yet (file upload,
 * workspaces) say so instead of doing nothing.
 */
import { signal, type Signal } from '@preact/signals-react';

/** How long the chord's last shortcut stays highlighted (spec 3 §4.7). */
export const CHORD_HIGHLIGHT_MS = 1_000;
/** A chord not completed within this time is dropped (the spec does not say; two seconds is what editors use). */
export const CHORD_TIMEOUT_MS = 2_000;

export type ShortcutAction =
  | 'open-messages'
  | 'open-search'
  | 'open-upload'
  | 'next-workspace'
  | 'previous-workspace'
  | 'quick-switcher'
  | 'next-unread'
  | 'previous-unread'
  | 'next-mention'
  | 'shortcuts-help';

export interface Shortcut {
  name: string;
  /** How it is shown to people. */
  key: string;
  /** KeyboardEvent.code of the deciding key. */
  code: string;
  action: ShortcutAction;
  context: 'any' | 'messaging' | 'workspace';
  /** Pressed after Ctrl/Cmd+K. */
  chord: boolean;
  /** The screen it needs is not in Plaza yet. */
  unavailable?: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { name: 'Open Messages', key: 'G', code: 'KeyG', action: 'open-messages', context: 'any', chord: true },
  { name: 'Open global search', key: 'S', code: 'KeyS', action: 'open-search', context: 'any', chord: true },
  { name: 'Open file upload', key: 'L', code: 'KeyL', action: 'open-upload', context: 'messaging', chord: true, unavailable: 'File upload is not available yet.' },
  { name: 'Next workspace', key: '→', code: 'ArrowRight', action: 'next-workspace', context: 'workspace', chord: true, unavailable: 'Workspaces are not available yet.' },
  { name: 'Previous workspace', key: '←', code: 'ArrowLeft', action: 'previous-workspace', context: 'workspace', chord: true, unavailable: 'Workspaces are not available yet.' },
  { name: 'Jump to a conversation or person', key: 'K', code: 'KeyK', action: 'quick-switcher', context: 'any', chord: true },
  { name: 'Next unread conversation', key: 'Alt+Shift+↓', code: 'ArrowDown', action: 'next-unread', context: 'messaging', chord: false },
  { name: 'Previous unread conversation', key: 'Alt+Shift+↑', code: 'ArrowUp', action: 'previous-unread', context: 'messaging', chord: false },
  { name: 'Next unread mention', key: 'Alt+Shift+M', code: 'KeyM', action: 'next-mention', context: 'messaging', chord: false },
  { name: 'Keyboard shortcuts', key: 'Ctrl+/', code: 'Slash', action: 'shortcuts-help', context: 'any', chord: false },
];

export interface KeyLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  preventDefault(): void;
}

export interface ShortcutTimer {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface ShortcutState {
  /** Ctrl/Cmd+K was pressed and the next key is awaited. */
  pending: Signal<boolean>;
  /** The last shortcut used (for CHORD_HIGHLIGHT_MS), with what happened. */
  highlight: Signal<{ shortcut: Shortcut; message: string | null } | null>;
  /** Handles a keydown; returns whether it was a shortcut. */
  onKeyDown(e: KeyLike): boolean;
  dispose(): void;
}

const isModifierOnly = (key: string): boolean => key === 'Control' || key === 'Meta' || key === 'Shift' || key === 'Alt';

/** Which plain (non-chord) shortcut a key press is, if any. */
function plainShortcut(e: KeyLike): Shortcut | undefined {
  if (e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey) {
    return SHORTCUTS.find((s) => !s.chord && s.code === e.code && s.key.startsWith('Alt+Shift'));
  }
  if ((e.ctrlKey || e.metaKey) && !e.altKey && (e.code === 'Slash' || e.key === '/')) return SHORTCUTS.find((s) => s.action === 'shortcuts-help');
  return undefined;
}

export function createShortcuts(run: (action: ShortcutAction) => void, timer: ShortcutTimer = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as number) }): ShortcutState {
  const pending = signal(false);
  const highlight = signal<{ shortcut: Shortcut; message: string | null } | null>(null);
  let chordTimer: unknown = null;
  let highlightTimer: unknown = null;

  const fire = (shortcut: Shortcut): void => {
    timer.clear(highlightTimer);
    highlight.value = { shortcut, message: shortcut.unavailable ?? null };
    highlightTimer = timer.set(() => (highlight.value = null), CHORD_HIGHLIGHT_MS);
    if (!shortcut.unavailable) run(shortcut.action);
  };

  const endChord = (): void => {
    timer.clear(chordTimer);
    chordTimer = null;
    pending.value = false;
  };

  return {
    pending,
    highlight,
    onKeyDown(e) {
      if (pending.value) {
        if (isModifierOnly(e.key)) return true;
        e.preventDefault();
        endChord();
        if (e.key === 'Escape') return true;
        const shortcut = SHORTCUTS.find((s) => s.chord && (s.code === e.code || s.key.toLowerCase() === e.key.toLowerCase()));
        if (shortcut) fire(shortcut);
        return true;
      }
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.code === 'KeyK' || e.key.toLowerCase() === 'k')) {
        e.preventDefault();
        pending.value = true;
        timer.clear(chordTimer);
        chordTimer = timer.set(endChord, CHORD_TIMEOUT_MS);
        return true;
      }
      const plain = plainShortcut(e);
      if (!plain) return false;
      e.preventDefault();
      fire(plain);
      return true;
    },
    dispose() {
      timer.clear(chordTimer);
      timer.clear(highlightTimer);
    },
  };
}
