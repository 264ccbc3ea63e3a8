/**
 * Text the user typed that can no longer be sent where it was written (its thread was deleted, its conversation
 * is no longer available): shown with why, to copy elsewhere, and kept in the drafts until the user discards
 * it — the app never drops typed text.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';

export function UnsentReply({ explanation, text, onDiscard }: { explanation: string; text: string; onDiscard: () => void }) {
  const labelId = useId();
  const textRef = useRef<HTMLParagraphElement>(null);
  const [status, setStatus] = useState('');

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus('Copied.');
    } catch {
      // No clipboard here (an insecure page, a refusal): select the text, for the keyboard's or the menu's Copy.
      if (textRef.current) window.getSelection()?.selectAllChildren(textRef.current);
      setStatus('Could not copy: the text is selected, copy it from there.');
    }
  };

  return (
    <div role="group" aria-labelledby={labelId} className="notice unsent-reply">
      <p id={labelId}>{explanation}</p>
      <p ref={textRef} className="unsent-text">
        {text}
      </p>
      <div className="unsent-actions">
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" onClick={onDiscard}>
          Discard
        </button>
      </div>
      <p role="status" className="hint">
        {status}
      </p>
    </div>
  );
}

/** One unsent text: its drafts key, what to say of it, the text. */
export interface UnsentText {
  key: string;
  explanation: string;
  text: string;
}

/**
 * A conversation's unsent texts, each to copy or discard (nothing when there are none). A Discard pressed with
 * the keyboard on it hands the keyboard to the next unsent text, else to `fallback`'s element — found from the
 * list while it is still there. Render it whether or not there are any: it must outlive its last item to move
 * the focus on.
 */
export function UnsentTexts({ items, onDiscard, fallback }: { items: readonly UnsentText[]; onDiscard: (key: string) => void; fallback: (list: HTMLElement) => HTMLElement | null }) {
  const listRef = useRef<HTMLDivElement>(null);
  /** Where the keyboard goes if no unsent text is left, set by a Discard that had it; null: the keyboard was elsewhere. */
  const refocus = useRef<{ fallback: HTMLElement | null } | null>(null);
  useLayoutEffect(() => {
    const pending = refocus.current;
    if (!pending) return;
    refocus.current = null;
    (listRef.current?.querySelector<HTMLElement>('.unsent-reply button') ?? pending.fallback)?.focus();
  });
  if (items.length === 0) return null;

  const discard = (key: string): void => {
    const list = listRef.current;
    refocus.current = list?.contains(document.activeElement) ? { fallback: fallback(list) } : null;
    onDiscard(key);
  };

  return (
    <div ref={listRef} className="unsent-texts">
      {items.map((d) => (
        <UnsentReply key={d.key} explanation={d.explanation} text={d.text} onDiscard={() => discard(d.key)} />
      ))}
    </div>
  );
}
