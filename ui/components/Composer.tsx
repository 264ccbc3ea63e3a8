/**
 * The message composer, for a conversation or a thread (`replyTo`): Enter
 * sends, Shift+Enter breaks the line; "Urgent" posts an urgent message; "@"
 * offers people (and @channel/@all) in a listbox, and ":" with two letters
 * the emoji whose short code they begin; emoji can be inserted from the
 * picker too. Each conversation and each thread keeps its own draft (and, for the page's life, its Urgent box).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { PostOptions } from '../../protocol/core-api';
import type { ChannelEntryView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { legacyThreadDraftKey, threadDraftKey } from '../client/drafts';
import { EmojiPicker } from './EmojiPicker';
import { emojiOptions, emojiQueryAt } from './emoji-query';
import { mentionOptions, mentionQueryAt, type Completion } from './mention-query';
import { useFormDraft } from './use-form-draft';

export interface ComposerProps {
  address: string;
  entry: ChannelEntryView | undefined;
  /** Reply in this thread (the guid of its first message). */
  replyTo?: string;
}

export function Composer({ address, entry, replyTo }: ComposerProps) {
  useSignals();
  const { core, drafts, store } = usePlaza();
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // The word whose completions Escape closed (where it starts, and what of it was typed then).
  const [dismissed, setDismissed] = useState<{ start: number; word: string } | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();
  const listId = useId();
  // A conversation's draft is kept under its address, a thread's under its conversation and first message.
  const key = replyTo ? threadDraftKey(address, replyTo) : address;
  const legacyKey = replyTo ? legacyThreadDraftKey(replyTo) : null;
  // "Urgent" goes with the draft it was ticked for: kept for the page's life when the user goes elsewhere and
  // back, so the message is not sent as an ordinary one unawares; sending lets it go (useFormDraft).
  const [{ urgent }, changeUrgent, sentUrgent] = useFormDraft(`composer-urgent:${key}`, { urgent: false });
  const legacyDraft = legacyKey === null ? undefined : drafts.byAddress.value[legacyKey];
  const draft = drafts.byAddress.value[key] ?? legacyDraft ?? '';
  const canPost = entry?.canPost ?? false;
  const blockedReason = canPost ? null : (entry?.postingBlockedReason ?? null);
  const label = replyTo ? 'Reply' : 'Message';

  // What is being typed before the caret, if the autocomplete has something for it: a mention or an emoji's short code.
  const mention = canPost ? mentionQueryAt(draft, caret) : null;
  const shortCode = canPost && !mention ? emojiQueryAt(draft, caret) : null;
  const typed = mention ?? shortCode;
  const { recent, skinTone } = store.messageSettings.value;
  const word = typed === null ? '' : draft.slice(typed.start, caret);
  // Closed, a word stays closed while it is typed on (or back): any other, even one starting at the same place, offers again.
  const stillDismissed = dismissed !== null && typed !== null && typed.start === dismissed.start && (word.startsWith(dismissed.word) || dismissed.word.startsWith(word));
  if (dismissed !== null && !stillDismissed) setDismissed(null);
  const options: Completion[] =
    typed === null || stillDismissed ? [] : mention ? mentionOptions(store.users.value, mention.query, entry?.group !== 'direct') : emojiOptions(typed.query, recent, skinTone);
  const open = options.length > 0;
  const current = Math.min(active, options.length - 1);
  const optionId = (i: number): string => `${listId}-${i}`;

  // A reply typed before thread drafts named their conversation moves under its new key once its thread is open.
  useEffect(() => {
    if (legacyKey !== null && legacyDraft !== undefined) drafts.move(legacyKey, key);
  }, [drafts, legacyKey, legacyDraft, key]);

  // Opened from the Drafts page to go on with this draft: the keyboard comes here, after the text.
  useEffect(() => {
    const text = textRef.current;
    if (!drafts.takeResume(key) || !text || text.disabled) return;
    text.focus();
    text.setSelectionRange(text.value.length, text.value.length);
  }, [drafts, key]);

  // Where the caret goes once React has written a draft changed by the composer (not by typing).
  const caretAfterWrite = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caretAfterWrite.current === null) return;
    // Before the next key is handled: a timer here let keys typed at once land before the caret moved back.
    textRef.current?.setSelectionRange(caretAfterWrite.current, caretAfterWrite.current);
    caretAfterWrite.current = null;
  });

  const setDraft = (text: string, nextCaret: number): void => {
    caretAfterWrite.current = nextCaret;
    drafts.set(key, text);
    setCaret(nextCaret);
  };

  const choose = (option: Completion): void => {
    if (!typed) return;
    const before = draft.slice(0, typed.start);
    const after = draft.slice(caret);
    const inserted = `${option.text} `;
    setDraft(before + inserted + after.replace(/^ /, ''), before.length + inserted.length);
    setActive(0);
    if (option.emoji) void core.$noteEmojiUsed(option.emoji);
    textRef.current?.focus();
  };

  const insertEmoji = (emoji: string): void => {
    const at = Math.min(caret, draft.length);
    setDraft(draft.slice(0, at) + emoji + draft.slice(at), at + emoji.length);
    void core.$noteEmojiUsed(emoji);
  };

  const send = async (): Promise<void> => {
    const text = drafts.get(key);
    if (!canPost || text.trim() === '') return;
    // Clear at once so the next message can be typed while this one travels.
    drafts.clear(key);
    setError(null);
    const options: PostOptions = { ...(replyTo ? { reply_to: replyTo } : {}), ...(urgent ? { is_urgent: true } : {}) };
    const result = Object.keys(options).length ? await core.$post(address, text, options) : await core.$post(address, text);
    if (!result.ok) {
      const typedSince = drafts.get(key);
      drafts.set(key, typedSince === '' ? text : `${text}\n${typedSince}`);
      setError(result.error.message);
    } else {
      sentUrgent();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((current + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
        return;
      }
      if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
        e.preventDefault();
        choose(options[current]!);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        if (typed) setDismissed({ start: typed.start, word });
        return;
      }
    }
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  };

  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    void send();
  };

  return (
    <form className="composer" onSubmit={onSubmit} aria-label={replyTo ? 'Reply in thread' : 'New message'}>
      <div className="composer-input">
        <textarea
          ref={textRef}
          aria-label={label}
          placeholder={canPost && entry ? (replyTo ? 'Reply…' : `Message ${entry.name}`) : undefined}
          rows={2}
          value={draft}
          disabled={!canPost}
          aria-describedby={blockedReason ? reasonId : undefined}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(current) : undefined}
          onKeyDown={onKeyDown}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onChange={(e) => {
            drafts.set(key, e.target.value);
            setCaret(e.target.selectionStart);
            setActive(0);
            if (e.target.value !== '') void core.$typing(address);
          }}
        />
        {open && (
          <ul id={listId} role="listbox" aria-label={mention ? 'People to mention' : 'Emoji'} className="mention-list">
            {options.map((o, i) => (
              <li
                key={o.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                className={i === current ? 'mention-option active' : 'mention-option'}
                onMouseDown={(e) => {
                  e.preventDefault(); // keep the focus in the textarea
                  choose(o);
                }}
              >
                <span className="mention-label">{o.label}</span> <span className="mention-detail">{o.detail}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="composer-tools">
        <label className="urgent-toggle">
          <input type="checkbox" checked={urgent} disabled={!canPost} onChange={(e) => changeUrgent({ urgent: e.target.checked })} /> Urgent
        </label>
        <button type="button" aria-haspopup="dialog" disabled={!canPost} onClick={() => setPicking(true)}>
          Insert emoji
        </button>
        <button type="submit" className="primary" disabled={!canPost}>
          {replyTo ? 'Reply' : 'Send'}
        </button>
      </div>
      {picking && (
        <EmojiPicker
          label="Insert emoji"
          onPick={insertEmoji}
          onClose={() => {
            setPicking(false);
            textRef.current?.focus();
          }}
        />
      )}
      {blockedReason && (
        <p id={reasonId} className="composer-blocked">
          {blockedReason}
        </p>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}
