/** The signed-in layout: header, sidebar, and the open conversation (or an empty state). */
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type FormEvent } from 'react';
import type { SocketState } from '../../protocol/events';
import { usePlaza } from '../client/core-context';
import { DEBUG_REPLAY_PATH, PEOPLE_PATH, searchPath, type Route } from '../client/router';
import { AlertsButton } from './AlertsButton';
import { AlertsPanel } from './AlertsPanel';
import { BrowseTeamsPage } from './BrowseTeamsPage';
import { BotErrorPopover } from './BotErrorPopover';
import { GlobalSearchPage } from './GlobalSearchPage';
import { Link } from './Link';
import { PeoplePage } from './PeoplePage';
import { StatusMenu } from './StatusMenu';
import { ConversationView } from './ConversationView';
import { ExportSessionButton } from './ExportSessionButton';
import { FlaggedView } from './FlaggedView';
import { RecordingSettingsButton } from './RecordingSettingsButton';
import { Sidebar } from './Sidebar';
import { ToastStack } from './ToastStack';

const CONNECTION_TEXT: Record<SocketState, string> = {
  online: 'Online',
  connecting: 'Connecting…',
  offline: 'Offline',
};

export interface AppShellProps {
  route: Route;
  /** The session actions in the header (export, recording settings, import, sign out); off in the debugger's replayed app, where nothing is live. */
  sessionActions?: boolean;
}

export function AppShell({ route, sessionActions = true }: AppShellProps) {
  useSignals();
  const { store, core, router } = usePlaza();
  const user = store.session.value.user;
  const socket = store.connection.value.socket;
  const address = route.name === 'conversation' ? route.address : null;
  const [alertsOpen, setAlertsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = (e: FormEvent): void => {
    e.preventDefault();
    if (query.trim()) router.navigate(searchPath(query.trim()));
  };

  return (
    <div className="app">
      <header className="app-header">
        <span className="brand">Plaza</span>
        <span className={`connection connection-${socket}`} role="status">
          {CONNECTION_TEXT[socket]}
        </span>
        <form role="search" aria-label="Search Plaza" className="header-search" onSubmit={search}>
          <input type="search" aria-label="Search Plaza" placeholder="Search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </form>
        <Link href={PEOPLE_PATH} className="header-link" aria-current={route.name === 'people' ? 'page' : undefined}>
          People
        </Link>
        <span className="user-name">{user?.name}</span>
        <StatusMenu />
        <AlertsButton open={alertsOpen} onToggle={() => setAlertsOpen((o) => !o)} />
        {sessionActions && (
          <>
            <ExportSessionButton />
            <RecordingSettingsButton />
            <button type="button" onClick={() => router.navigate(DEBUG_REPLAY_PATH)}>
              Import session
            </button>
            <button type="button" onClick={() => void core.$signOut()}>
              Sign out
            </button>
          </>
        )}
      </header>
      {alertsOpen && <AlertsPanel onClose={() => setAlertsOpen(false)} />}
      <ToastStack onOpenAlerts={() => setAlertsOpen(true)} />
      <BotErrorPopover />
      <Sidebar activeAddress={address} flaggedActive={route.name === 'flagged'} />
      <main className="main">
        {address !== null ? (
          <ConversationView key={address} address={address} thread={route.name === 'conversation' ? route.thread : null} />
        ) : route.name === 'flagged' ? (
          <FlaggedView />
        ) : route.name === 'browse-teams' ? (
          <BrowseTeamsPage />
        ) : route.name === 'people' ? (
          <PeoplePage />
        ) : route.name === 'connect' ? (
          <PeoplePage connectLink={route.clGuid} />
        ) : route.name === 'search' ? (
          <GlobalSearchPage q={route.q} />
        ) : route.name === 'home' ? (
          <div className="empty-state">
            <h1>Pick a conversation</h1>
            <p>Choose one on the left, or start a new message.</p>
          </div>
        ) : (
          <div className="empty-state">
            <h1>Page not found</h1>
            <p>There is nothing at this address. Pick a conversation on the left.</p>
          </div>
        )}
      </main>
    </div>
  );
}
