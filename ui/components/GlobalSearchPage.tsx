/**
 * Global search (spec 2 §2, §3): one term across channels, messages and
 * people, with the advanced options (time frame, which sources, flagged
 * only). Results come per source; meetings and files are sources Plaza does
 * not have yet, and say so.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type FormEvent } from 'react';
import { DEFAULT_GLOBAL_QUERY, type GlobalSearchQuery } from '../../protocol/rules/search-query';
import type { GlobalSourceView } from '../../protocol/views-search';
import { usePlaza } from '../client/core-context';
import { dateRange } from '../client/date-input';
import { conversationPath, searchPath } from '../client/router';
import { SearchHitList, SnippetText } from './SearchHitList';
import { StatusBadge } from './StatusBadge';
import { ProfileCard } from './ProfileCard';

type Toggle = 'conversations' | 'messages' | 'people' | 'meetings' | 'files';
const TOGGLES: [Toggle, string][] = [
  ['conversations', 'Channels'],
  ['messages', 'Messages'],
  ['people', 'People'],
  ['meetings', 'Meetings'],
  ['files', 'Files'],
];

export function GlobalSearchPage({ q }: { q: string }) {
  useSignals();
  const { store, core, router } = usePlaza();
  const [term, setTerm] = useState(q);
  const [options, setOptions] = useState<Omit<GlobalSearchQuery, 'term' | 'timeFrame'>>(DEFAULT_GLOBAL_QUERY);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [profile, setProfile] = useState<string | null>(null);
  const view = store.search.value.global;

  const run = async (text: string): Promise<void> => {
    setError(null);
    const result = await core.$searchGlobal({ ...options, term: text, timeFrame: dateRange(from, to) });
    if (!result.ok) setError(result.error.message);
  };

  // The term in the address (from the header's search box, a reload or a bookmark) runs at once.
  useEffect(() => {
    setTerm(q);
    if (q.trim()) void run(q);
    // Only a new term in the address starts a search by itself (options changed on the page wait for Search).
  }, [q]);

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    // Nothing to search for (spaces only): asked at once, the worker's refusal says what to type. Put in the
    // address, a blank term ran nothing and the last search's results stood under a box no longer asking for them.
    if (term.trim() === '') return void run(term);
    if (term !== q) router.navigate(searchPath(term), { replace: true });
    else void run(term);
  };

  return (
    <section className="global-search" aria-labelledby="search-heading">
      <h1 id="search-heading">Search</h1>
      <form role="search" aria-label="Search everything" onSubmit={submit}>
        <label className="field">
          <span>Search for</span>
          <input type="search" value={term} onChange={(e) => setTerm(e.target.value)} />
        </label>
        <details className="search-filters">
          <summary>Advanced options</summary>
          <fieldset>
            <legend>Look in</legend>
            {TOGGLES.map(([key, label]) => (
              <label key={key} className="check">
                <input type="checkbox" checked={options[key]} onChange={(e) => setOptions({ ...options, [key]: e.target.checked })} /> {label}
              </label>
            ))}
          </fieldset>
          <label className="check">
            <input type="checkbox" checked={options.flagged} onChange={(e) => setOptions({ ...options, flagged: e.target.checked })} /> Flagged messages only
          </label>
          <label className="field">
            <span>On or after</span>
            <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label className="field">
            <span>On or before</span>
            <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
        </details>
        <button type="submit" className="primary">
          Search
        </button>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {view && view.sources.filter((s) => s.status !== 'off').map((s) => <SourceResults key={s.source} source={s} onPerson={setProfile} />)}
      {profile && <ProfileCard userGuid={profile} onClose={() => setProfile(null)} />}
      {view === null && !error && <p className="hint">Search channels, messages and people. Meetings and files are not in Plaza yet.</p>}
    </section>
  );
}

function SourceResults({ source, onPerson }: { source: GlobalSourceView; onPerson: (guid: string) => void }) {
  const { core, router } = usePlaza();
  const headingId = `search-source-${source.source}`;
  const status =
    source.status === 'unavailable'
      ? `${source.label} are not in Plaza yet.`
      : source.status === 'searching'
        ? 'Searching…'
        : source.status === 'error'
          ? `Could not search ${source.label.toLowerCase()}: ${source.error ?? ''}`
          : source.items.length === 0
            ? 'Nothing found.'
            : null;
  return (
    <section className="search-source" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {source.label}
        {source.source === 'messages' && source.status === 'done' && source.resultCount > 0 ? ` (${source.resultCount})` : ''}
      </h2>
      {status && <p className="hint">{status}</p>}
      {source.source === 'channels' && source.items.length > 0 && (
        <ul className="search-channels" aria-label="Channel results">
          {source.items.map((c) => (
            <li key={c.address}>
              <button type="button" onClick={() => router.navigate(conversationPath(c.address))}>
                <SnippetText snippet={c.snippet} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {source.source === 'messages' && source.items.length > 0 && (
        <SearchHitList
          hits={source.items}
          label="Message results"
          showChannel
          onOpen={(h) => {
            router.navigate(conversationPath(h.address));
            void core.$openSearchHit(h.address, h.guid);
          }}
        />
      )}
      {source.source === 'people' && source.items.length > 0 && (
        <ul className="people" aria-label="People results">
          {source.items.map((p) => (
            <li key={p.address}>
              <button type="button" className="person" aria-haspopup="dialog" onClick={() => onPerson(p.user_guid)}>
                <span className="person-name">{p.name}</span> <StatusBadge status={p.status} customStatus={p.customStatus} /> <span className="person-email">{p.address}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
