/** The signed-in layout: header, sidebar, and the open conversation (or an empty state); the keyboard shortcuts. */
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type MouseEvent as ReactMouseEvent } from 'react';
import { flushSync } from 'react-dom';
import type { SocketState } from '../../protocol/events';
import { usePlaza } from '../client/core-context';
import { NOTIFICATION_SETTINGS_PATH, PEOPLE_PATH, searchPath, type Route } from '../client/router';
import { createShortcuts, type ShortcutAction } from '../client/shortcuts';
import { nextConversation, sidebarRows } from '../client/sidebar-model';
import { AlertsButton } from './AlertsButton';
import { AlertsPanel } from './AlertsPanel';
import { BrowseTeamsPage } from './BrowseTeamsPage';
import { BotErrorPopover } from './BotErrorPopover';
import { GlobalSearchPage } from './GlobalSearchPage';
import { Link } from './Link';
import { PeoplePage } from './PeoplePage';
import { StatusMenu } from './StatusMenu';
import { ConversationView } from './ConversationView';
import { DraftsView } from './DraftsView';
import { FlaggedView } from './FlaggedView';
import { openWithKeyboardInComposer } from './composer-focus';
import { useListPanel } from './list-panel';
import { LiveEffects } from './LiveEffects';
import { NotificationSettingsPage } from './NotificationSettingsPage';
import { PopoverHost } from './PopoverHost';
import { QuickSwitcher } from './QuickSwitcher';
import { SessionMenu } from './SessionMenu';
import { ShortcutsDialog } from './ShortcutsDialog';
import { Sidebar } from './Sidebar';
import { ToastStack } from './ToastStack';
import { ToastDockProvider } from './toast-dock';

const CONNECTION_TEXT: Record<SocketState, string> = {
  online: 'Online',
  connecting: 'Connecting…',
  offline: 'Offline',
};

export interface AppShellProps {
  route: Route;
  /** The session actions in the header (export, recording settings, import, sign out); off in the debugger's replayed app, where nothing is live. */
  sessionActions?: boolean;
  /**
   * Where the keyboard shortcuts listen: the whole window (the app), or only the shell itself (the debugger's
   * replayed app, whose Ctrl+K must not answer keys pressed in the debugger around it).
   */
  shortcutsFrom?: 'window' | 'shell';
  /**
   * Rendered inside another page (the debugger's replayed app): the conversation area is then not the page's
   * main landmark — the debugger's own is, and a main inside another landmark tells screen readers the wrong place.
   */
  embedded?: boolean;
}

export function AppShell(props: AppShellProps) {
  return (
    <ToastDockProvider>
      <Shell {...props} />
    </ToastDockProvider>
  );
}

function Shell({ route, sessionActions = true, shortcutsFrom = 'window', embedded = false }: AppShellProps) {
  useSignals();
  const { store, router } = usePlaza();
  const user = store.session.value.user;
  const { socket, resyncing, unsent } = store.connection.value;
  const address = route.name === 'conversation' ? route.address : null;
  const [alertsOpen, setAlertsOpen] = useState(false);
  // The header box shows the search the page shows: set when a search opens (submitted, a link, Back to
  // one), emptied when the user leaves search. Other route changes leave it alone, so words being typed
  // into it are never wiped by a navigation.
  const searchTerm = route.name === 'search' ? route.q : null;
  const [query, setQuery] = useState(searchTerm ?? '');
  const [termShown, setTermShown] = useState(searchTerm);
  if (searchTerm !== termShown) {
    setTermShown(searchTerm);
    setQuery(searchTerm ?? '');
  }
  const search = (e: FormEvent): void => {
    e.preventDefault();
    if (query.trim()) router.navigate(searchPath(query.trim()));
  };
  const searchRef = useRef<HTMLInputElement>(null);
  const [switcherOpen, setSwitcherOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const openSwitcher = useCallback(() => setSwitcherOpen(true), []);
  // The main area: the skip link's target, and the keyboard's place after a page opened from the list's panel.
  const mainRef = useRef<HTMLDivElement>(null);
  // In a narrow window the conversation list is a panel the header's "Conversations" button shows (list-panel.ts).
  const listId = useId();
  const list = useListPanel(route, listId, mainRef);

  // The shell does not subscribe to the channel list (a burst would re-render all of it per patch):
  // the shortcuts read the rows when a key is pressed; the sidebar renders them itself.
  const latest = useMemo(() => ({ address, route, list }), []);
  latest.address = address;
  latest.route = route;
  latest.list = list;

  const shortcuts = useMemo(
    () =>
      createShortcuts((action: ShortcutAction) => {
        switch (action) {
          case 'open-messages':
            if (latest.address === null && latest.route.name !== 'home') router.navigate('/');
            // In a narrow window the list is a panel: shown, as of the page now open.
            if (latest.list.collapses) latest.list.show(router.route.peek());
            // Messages is where the conversation list is: put the keyboard there.
            requestAnimationFrame(() => document.querySelector<HTMLElement>('.sidebar-list [data-roving-target][tabindex="0"]')?.focus());
            return;
          case 'open-search':
            // Global search is the header's search box: the keyboard goes there.
            searchRef.current?.focus();
            return;
          case 'quick-switcher':
            setSwitcherOpen(true);
            return;
          case 'shortcuts-help':
            setHelpOpen(true);
            return;
          case 'next-unread':
          case 'previous-unread':
          case 'next-mention': {
            const what = action === 'next-mention' ? 'mention' : 'unread';
            const rows = sidebarRows(store.channelIndex.peek().index, store.preferences.peek(), latest.address, store.folders.peek());
            const next = nextConversation(rows, latest.address, what, action === 'previous-unread' ? -1 : 1);
            if (next) {
              setNotice(null);
              // The keyboard goes to its composer, as from the quick switcher: the focus may have been in the
              // composer of the conversation left, and on the page itself the next keys typed would be lost.
              openWithKeyboardInComposer(router, next);
            } else setNotice(what === 'mention' ? 'No unread mentions.' : 'No other unread conversations.');
            return;
          }
          default:
            return; // unavailable actions only show their message
        }
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [router, store],
  );

  const shellRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent): void => {
      shortcuts.onKeyDown(e);
    };
    const source: Window | HTMLElement | null = shortcutsFrom === 'window' ? window : shellRef.current;
    source?.addEventListener('keydown', onKeyDown as EventListener);
    return () => {
      source?.removeEventListener('keydown', onKeyDown as EventListener);
      shortcuts.dispose();
    };
  }, [shortcuts, shortcutsFrom]);

  const MainArea = embedded ? 'div' : 'main';
  const highlight = shortcuts.highlight.value;
  const chordText = shortcuts.pending.value ? 'Ctrl+K …' : highlight ? `${highlight.shortcut.chord ? 'Ctrl+K ' : ''}${highlight.shortcut.key}: ${highlight.message ?? highlight.shortcut.name}` : notice;

  // The skip link's target: the open conversation's composer (to type), else the page's own content.
  const skipToMain = (e: ReactMouseEvent): void => {
    e.preventDefault();
    // The list's panel covers the page: it goes, for the page to be there to type in.
    if (list.shown) flushSync(() => list.hide());
    const main = mainRef.current;
    // The first one shown: in a narrow window an open thread hides its conversation, composer and all (narrow-layout.ts).
    const composers = main ? [...main.querySelectorAll<HTMLElement>('textarea:not([disabled])')] : [];
    const target = composers.find((c) => getComputedStyle(c).visibility !== 'hidden') ?? main;
    target?.focus();
  };

  return (
    <div className={list.shown ? 'app list-shown' : 'app'} ref={shellRef}>
      {/* The page's first Tab stop: the header and a sidebar of thousands of conversations come before the conversation. */}
      {!embedded && (
        <a href="#main" className="skip-link" onClick={skipToMain}>
          {address !== null ? 'Skip to conversation' : 'Skip to main content'}
        </a>
      )}
      <header className="app-header">
        {list.collapses && (
          <button
            type="button"
            ref={list.toggleRef}
            className="list-toggle"
            aria-expanded={list.shown}
            aria-controls={listId}
            onClick={list.toggle}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && list.shown) {
                e.preventDefault();
                list.toggle();
              }
            }}
          >
            Conversations
          </button>
        )}
        <span className="brand">Plaza</span>
        <span className={`connection connection-${socket}`} role="status">
          {CONNECTION_TEXT[socket]}
          {/* The spec's delayed-reload flag: Plaza catches up instead of reloading. */}
          {resyncing && ' · Catching up…'}
          {unsent > 0 && ` · ${unsent} unsent`}
        </span>
        <span className={highlight ? 'chord-status highlight' : 'chord-status'} aria-live="polite">
          {chordText}
        </span>
        <form role="search" aria-label="Search Plaza" className="header-search" onSubmit={search}>
          <input ref={searchRef} type="search" aria-label="Search Plaza" placeholder="Search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </form>
        <Link href={PEOPLE_PATH} className="header-link" aria-current={route.name === 'people' ? 'page' : undefined}>
          People
        </Link>
        {/* The person's controls, kept together at the right: in a window too narrow for one line they move
            as a group onto a second line (and wrap within it) instead of running off the edge. */}
        <div className="header-actions">
          {sessionActions ? <SessionMenu name={user?.name ?? ''} /> : <span className="user-name">{user?.name}</span>}
          <StatusMenu />
          <AlertsButton open={alertsOpen} onToggle={() => setAlertsOpen((o) => !o)} />
          <button type="button" aria-current={route.name === 'notification-settings' ? 'page' : undefined} onClick={() => router.navigate(NOTIFICATION_SETTINGS_PATH)}>
            Settings
          </button>
          <button type="button" aria-haspopup="dialog" aria-keyshortcuts="Control+/" onClick={() => setHelpOpen(true)}>
            Shortcuts
          </button>
        </div>
      </header>
      {alertsOpen && <AlertsPanel onClose={() => setAlertsOpen(false)} />}
      <ToastStack onOpenAlerts={() => setAlertsOpen(true)} mainArea={mainRef} />
      <PopoverHost />
      {/* Title badge and sounds belong to the live session, not to the debugger's replay. */}
      {sessionActions && <LiveEffects />}
      <BotErrorPopover />
      <Sidebar activeAddress={address} flaggedActive={route.name === 'flagged'} draftsActive={route.name === 'drafts'} onOpenSwitcher={openSwitcher} panel={list.panelProps} />
      <MainArea className="main" tabIndex={-1} ref={mainRef} {...(embedded ? {} : { id: 'main' })}>
        {address !== null ? (
          <ConversationView key={address} address={address} thread={route.name === 'conversation' ? route.thread : null} />
        ) : route.name === 'flagged' ? (
          <FlaggedView />
        ) : route.name === 'drafts' ? (
          <DraftsView />
        ) : route.name === 'notification-settings' ? (
          <NotificationSettingsPage />
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
            <p>{list.collapses ? 'Choose one under Conversations at the top' : 'Choose one on the left'}, start a new message, or press Ctrl+K K to jump to one.</p>
          </div>
        ) : (
          <div className="empty-state">
            <h1>Page not found</h1>
            <p>There is nothing at this address. Pick a conversation {list.collapses ? 'under Conversations at the top' : 'on the left'}.</p>
          </div>
        )}
      </MainArea>
      {switcherOpen && <QuickSwitcher onClose={() => setSwitcherOpen(false)} />}
      {helpOpen && <ShortcutsDialog shortcuts={shortcuts} onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
