/**
 * "Browse teams": every team and department of the company, found by name, to
 * open (a member), join at once (open), ask to join (an admin approves), or
 * withdraw a pending request. What each one offers is decided in the worker.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useState } from 'react';
import type { TeamSummaryView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { conversationPath } from '../client/router';

export function BrowseTeamsPage() {
  useSignals();
  const { store, core } = usePlaza();
  const [query, setQuery] = useState('');
  const headingId = useId();
  const directory = store.teamDirectory.value;

  useEffect(() => {
    void core.$loadTeamDirectory();
  }, [core]);

  const needle = query.trim().toLocaleLowerCase();
  const match = (t: TeamSummaryView) => needle === '' || t.name.toLocaleLowerCase().includes(needle);
  const teams = directory.teams.filter(match);
  const departments = directory.departments.filter(match);

  return (
    <section className="browse-teams" aria-labelledby={headingId}>
      <header className="conversation-header">
        <h1 id={headingId}>Browse teams</h1>
      </header>
      <div className="browse-body">
        <label className="field">
          <span>Find a team</span>
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        {directory.status === 'loading' && directory.teams.length === 0 && <p role="status">Loading teams…</p>}
        {directory.error && (
          <p role="alert" className="error">
            {directory.error}{' '}
            <button type="button" onClick={() => void core.$loadTeamDirectory()}>
              Try again
            </button>
          </p>
        )}
        <TeamList title="Teams" teams={teams} loaded={directory.status !== 'idle'} query={query} />
        {(departments.length > 0 || directory.departments.length > 0) && <TeamList title="Departments" teams={departments} loaded query={query} />}
      </div>
    </section>
  );
}

function TeamList({ title, teams, loaded, query }: { title: string; teams: TeamSummaryView[]; loaded: boolean; query: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {loaded && teams.length === 0 ? (
        <p className="empty">{query.trim() ? `No ${title.toLowerCase()} match “${query.trim()}”.` : `No ${title.toLowerCase()} yet.`}</p>
      ) : (
        <ul className="team-list" aria-label={title}>
          {teams.map((t) => (
            <TeamItem key={t.guid} team={t} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TeamItem({ team }: { team: TeamSummaryView }) {
  const { core, router } = usePlaza();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const act = async (run: () => Promise<{ ok: boolean; error?: { message: string } }>, done?: string): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await run();
    setBusy(false);
    if (!result.ok) setError(result.error?.message ?? 'That did not work.');
    else setNote(done ?? null);
  };

  const facts = [`${team.member_count} ${team.member_count === 1 ? 'member' : 'members'}`, team.is_private ? 'private' : 'public', team.is_open ? 'open to join' : 'joining needs approval'];
  if (team.read_only) facts.push('read-only');

  return (
    <li className="team-item" aria-label={team.name}>
      <div className="team-text">
        <strong>{team.name}</strong> <span className="hint">{facts.join(' · ')}</span>
        {team.state === 'requested' && <span className="team-state"> · Request sent</span>}
      </div>
      <div className="team-actions">
        {team.state === 'member' && (
          <button type="button" onClick={() => router.navigate(conversationPath(team.address))}>
            Open
          </button>
        )}
        {team.state === 'join' && (
          <button type="button" disabled={busy} onClick={() => void act(() => core.$requestToJoin(team.guid))}>
            Join
          </button>
        )}
        {team.state === 'ask' && (
          <button type="button" disabled={busy} onClick={() => void act(() => core.$requestToJoin(team.guid), 'The team’s admins were asked. You will get an alert when they answer.')}>
            Ask to join
          </button>
        )}
        {team.state === 'requested' && (
          <button type="button" disabled={busy} onClick={() => void act(() => core.$cancelJoinRequest(team.guid))}>
            Cancel request
          </button>
        )}
      </div>
      {note && team.state === 'requested' && (
        <p role="status" className="hint">
          {note}
        </p>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </li>
  );
}
