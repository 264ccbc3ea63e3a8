/** The message composer: Enter sends, Shift+Enter breaks the line; the draft lives in the client's drafts. */
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ChannelEntryView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';

export function Composer({ address, entry }: { address: string; entry: ChannelEntryView | undefined }) {
  useSignals();
  const { core, drafts } = usePlaza();
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const draft = drafts.byAddress.value[address] ?? '';
  const canPost = entry?.canPost ?? false;
  const blockedReason = canPost ? null : (entry?.postingBlockedReason ?? null);

  const send = async (): Promise<void> => {
    const text = drafts.get(address);
    if (!canPost || text.trim() === '') return;
    // Clear at once so the next message can be typed while this one travels.
    drafts.clear(address);
    setError(null);
    const result = await core.$post(address, text);
    if (!result.ok) {
      const typedSince = drafts.get(address);
      drafts.set(address, typedSince === '' ? text : `${text}\n${typedSince}`);
      setError(result.error.message);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  };

  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    void send();
  };

  return (
    <form className="composer" onSubmit={onSubmit}>
      <textarea
        aria-label="Message"
        placeholder={canPost && entry ? `Message ${entry.name}` : undefined}
        rows={2}
        value={draft}
        disabled={!canPost}
        aria-describedby={blockedReason ? reasonId : undefined}
        onKeyDown={onKeyDown}
        onChange={(e) => {
          drafts.set(address, e.target.value);
          if (e.target.value !== '') void core.$typing(address);
        }}
      />
      <button type="submit" disabled={!canPost}>
        Send
      </button>
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
