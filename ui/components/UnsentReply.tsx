/**
 * A reply the user typed that can no longer be sent where it was written (its thread was deleted): shown with
 * why, to copy elsewhere, and kept in the drafts until the user discards it — the app never drops typed text.
 */
import { useId, useRef, useState } from 'react';

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
      setStatus('Could not copy: the reply is selected, copy it from there.');
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
