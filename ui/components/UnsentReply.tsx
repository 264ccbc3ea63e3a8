/**
 * Text the user typed that is not sent: where it can no longer be sent (its thread was deleted, its conversation
 * is no longer available), shown with why, to copy elsewhere; on the Drafts page, every draft, to open where it
 * was typed. Each is kept in the drafts until the user discards it — the app never drops typed text.
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Texts longer than this (or of more lines), where shortening is asked for, show their first lines until expanded. */
const LONG_CHARS = 280;
const LONG_LINES = 4;
const isLong = (text: string): boolean => text.length > LONG_CHARS || text.split('\n').length > LONG_LINES;

export interface UnsentReplyProps {
  explanation: string;
  text: string;
  onDiscard: () => void;
  /** Under the explanation (the Drafts page: when it was edited). */
  detail?: ReactNode;
  /** Open where the text was typed (the Drafts page); the first action. */
  onOpen?: () => void;
  /**
   * Shows a long text's first lines only, with Show all / Show less. Only the look is shortened: the whole text
   * stays in the page, for screen readers, Copy and selecting.
   */
  shorten?: boolean;
}

export function UnsentReply({ explanation, text, onDiscard, detail, onOpen, shorten = false }: UnsentReplyProps) {
  const labelId = useId();
  const textId = useId();
  const textRef = useRef<HTMLParagraphElement>(null);
  const [status, setStatus] = useState('');
  const [expanded, setExpanded] = useState(false);
  const long = shorten && isLong(text);

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
      {detail}
      <p ref={textRef} id={textId} className={long && !expanded ? 'unsent-text shortened' : 'unsent-text'}>
        {text}
      </p>
      <div className="unsent-actions">
        {onOpen && (
          <button type="button" onClick={onOpen}>
            Open
          </button>
        )}
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" onClick={onDiscard}>
          Discard
        </button>
        {long && (
          <button type="button" aria-expanded={expanded} aria-controls={textId} onClick={() => setExpanded((e) => !e)}>
            {expanded ? 'Show less' : 'Show all'}
          </button>
        )}
      </div>
      <p role="status" className="hint">
        {status}
      </p>
    </div>
  );
}

/** One unsent text: its drafts key, what to say of it, the text; on the Drafts page also a detail line and Open. */
export interface UnsentText {
  key: string;
  explanation: string;
  text: string;
  detail?: ReactNode;
  onOpen?: () => void;
}

/**
 * Unsent texts, each to copy or discard (nothing shows when there are none). A Discard pressed with the keyboard
 * on it hands the keyboard to the unsent text that took its place (the next one; the one before when it was the
 * last), else to `fallback`'s element, found from the list once the Discard has shown. Render it whether or not
 * there are any: it must outlive its last item to move the focus on.
 */
export function UnsentTexts({
  items,
  onDiscard,
  fallback,
  shorten = false,
}: {
  items: readonly UnsentText[];
  onDiscard: (key: string) => void;
  fallback: (list: HTMLElement) => HTMLElement | null;
  /** Long texts show their first lines until expanded (UnsentReply). */
  shorten?: boolean;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  /** Where the discarded text was, set by a Discard that had the keyboard; null: the keyboard was elsewhere. */
  const refocus = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = refocus.current;
    const list = listRef.current;
    if (at === null || !list) return;
    refocus.current = null;
    const groups = list.querySelectorAll<HTMLElement>('.unsent-reply');
    const next = groups[Math.min(at, groups.length - 1)];
    (next?.querySelector<HTMLElement>('button') ?? fallback(list))?.focus();
  });

  const discard = (key: string): void => {
    const list = listRef.current;
    refocus.current = list?.contains(document.activeElement) ? items.findIndex((d) => d.key === key) : null;
    onDiscard(key);
  };

  // The list stays in the page when empty, so that the fallback is found from it.
  return (
    <div ref={listRef} className="unsent-texts">
      {items.map((d) => (
        <UnsentReply key={d.key} explanation={d.explanation} text={d.text} detail={d.detail} onOpen={d.onOpen} shorten={shorten} onDiscard={() => discard(d.key)} />
      ))}
    </div>
  );
}
