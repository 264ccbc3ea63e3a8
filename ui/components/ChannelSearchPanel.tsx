/**
 * Search in one conversation (spec 2 §3, §5): a term and filters (from,
 * dates, flags, files only). The worker refuses a search with neither; hits
 * open in the conversation, scrolled to and highlighting the message.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FLAG_COLORS } from '../../protocol/rules/search-query';
import { usePlaza } from '../client/core-context';
import { dateRange } from '../client/date-input';
import { useReturnFocus } from './dialog-helpers';
import { SearchHitList } from './SearchHitList';

/**
 * `focusOnOpen` false: the panel is shown again as the conversation is opened (its search was kept), not opened
 * by the user, and leaves the keyboard where the opening put it (a search hit opened from the search page).
 */
export function ChannelSearchPanel({ address, onClose, focusOnOpen = true }: { address: string; onClose: () => void; focusOnOpen?: boolean }) {
  useSignals();
  const { store, core } = usePlaza();
  const [term, setTerm] = useState('');
  const [fromName, setFromName] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [flags, setFlags] = useState<number[]>([]);
  const [filesOnly, setFilesOnly] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const view = store.search.value.channel;
  const mine = view && view.address === address ? view : null;

  // Closed, the focus goes back to the "Search in conversation" toggle.
  const panelRef = useRef<HTMLElement>(null);
  useReturnFocus(panelRef);
  useEffect(() => {
    if (focusOnOpen) inputRef.current?.focus();
    // On opening only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setError(null);
    const result = await core.$searchChannel(address, { term, flags, include_files: filesOnly, date_range: dateRange(from, to), from_name: fromName });
    if (!result.ok) setError(result.error.message);
  };

  const close = (): void => {
    void core.$closeChannelSearch();
    onClose();
  };

  return (
    <section
      ref={panelRef}
      className="channel-search"
      aria-label="Search in this conversation"
      onKeyDown={(e) => {
        // Escape closes the panel; in a search box with text, it first clears the text (as browsers do).
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        if (e.target instanceof HTMLInputElement && e.target.type === 'search' && e.target.value !== '') return;
        e.preventDefault();
        close();
      }}
    >
      <form role="search" aria-label="Search this conversation" onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span>Search for</span>
          <input ref={inputRef} type="search" value={term} onChange={(e) => setTerm(e.target.value)} />
        </label>
        <details className="search-filters">
          <summary>Filters</summary>
          <label className="field">
            <span>From</span>
            <input value={fromName} onChange={(e) => setFromName(e.target.value)} placeholder="A name" />
          </label>
          <label className="field">
            <span>On or after</span>
            <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label className="field">
            <span>On or before</span>
            <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
          <fieldset className="flag-filter">
            <legend>Flagged</legend>
            {FLAG_COLORS.map((name, i) => (
              <label key={name} className={`flag-choice flag-${i + 1}`}>
                <input type="checkbox" checked={flags.includes(i + 1)} onChange={(e) => setFlags(e.target.checked ? [...flags, i + 1] : flags.filter((f) => f !== i + 1))} />
                {name}
              </label>
            ))}
          </fieldset>
          <label className="check">
            <input type="checkbox" checked={filesOnly} onChange={(e) => setFilesOnly(e.target.checked)} /> Files only{' '}
            <span className="hint">(messages that share a file)</span>
          </label>
        </details>
        <div className="dialog-actions">
          <button type="submit" className="primary">
            Search
          </button>
          <button type="button" onClick={close}>
            Close search
          </button>
        </div>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {mine && (
        <div className="search-results" aria-busy={mine.status === 'searching'}>
          <p role="status">
            {mine.status === 'searching'
              ? 'Searching…'
              : mine.status === 'error'
                ? `Search failed: ${mine.error ?? ''}`
                : mine.resultCount === 0
                  ? 'No messages found.'
                  : `${mine.resultCount} ${mine.resultCount === 1 ? 'message' : 'messages'} found`}
          </p>
          <SearchHitList hits={mine.hits} label="Search results" showChannel={false} onOpen={(h) => void core.$openSearchHit(h.address, h.guid)} />
          {mine.hasMore && (
            <button type="button" disabled={mine.status === 'searching'} onClick={() => void core.$searchChannelMore()}>
              More results
            </button>
          )}
        </div>
      )}
    </section>
  );
}
