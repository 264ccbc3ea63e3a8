/**
 * Routing on the history API, without a library: the location is a signal,
 * `navigate` pushes or replaces it, and popstate (back/forward) updates it.
 */
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { SessionView } from '../../protocol/views';

/** Why the session before this page's ended, as the login page says it ('reason' in its address). */
export type EndedReason = NonNullable<SessionView['endedReason']>;
const ENDED_REASONS: readonly EndedReason[] = ['signed-out', 'unauthorized', 'server-logout'];

export type Route =
  /** `reason`: the session that ended in the page before this one (App.tsx leaves the page at every session end). */
  | { name: 'login'; destination: string | null; reason: EndedReason | null }
  | { name: 'home' }
  | { name: 'conversation'; address: string; thread: string | null }
  | { name: 'flagged' }
  /** Every unsent text of the user's (DraftsView.tsx). */
  | { name: 'drafts' }
  | { name: 'notification-settings' }
  | { name: 'browse-teams' }
  | { name: 'debug-replay' }
  /** Where a 418 leads; `destination` is where the user was, to go back to once the account is confirmed. */
  | { name: 'landing'; destination: string | null }
  /** Spec 1 §2's /secure/logout: signs out, then shows the login page. */
  | { name: 'logout' }
  | { name: 'people' }
  /** A connect link opened in the browser: the People screen with it filled in. */
  | { name: 'connect'; clGuid: string }
  /** Global search; `q` is the term in the address, so a search can be bookmarked and reloaded. */
  | { name: 'search'; q: string }
  | { name: 'not-found' };

export interface Router {
  /** pathname + search of the current location. */
  location: ReadonlySignal<{ pathname: string; search: string }>;
  route: ReadonlySignal<Route>;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Follows back/forward (popstate) until the returned function is called. */
  listen(): () => void;
  /** Reloads the page (alerts whose behaviour is 'refresh', spec 1 §9). */
  reload(): void;
  /**
   * Leaves this page for `to` by a full navigation that replaces it in the history: a fresh page and a fresh core
   * worker (App.tsx, at every session end).
   */
  leave(to: string): void;
}

/** Parses a location into a route; addresses are URI-decoded. */
export function parseRoute(pathname: string, search: string): Route {
  if (pathname === '/login') {
    const query = new URLSearchParams(search);
    const reason = ENDED_REASONS.find((r) => r === query.get('reason')) ?? null;
    return { name: 'login', destination: query.get('destination'), reason };
  }
  if (pathname === '/' || pathname === '') return { name: 'home' };
  if (pathname === DEBUG_REPLAY_PATH || pathname === `${DEBUG_REPLAY_PATH}/`) return { name: 'debug-replay' };
  if (pathname === LANDING_PATH) return { name: 'landing', destination: new URLSearchParams(search).get('destination') };
  if (pathname === LOGOUT_PATH || pathname === `${LOGOUT_PATH}/`) return { name: 'logout' };
  if (pathname === NOTIFICATION_SETTINGS_PATH || pathname === `${NOTIFICATION_SETTINGS_PATH}/`) return { name: 'notification-settings' };
  if (pathname === BROWSE_TEAMS_PATH || pathname === `${BROWSE_TEAMS_PATH}/`) return { name: 'browse-teams' };
  if (pathname === PEOPLE_PATH || pathname === `${PEOPLE_PATH}/`) return { name: 'people' };
  if (pathname === FLAGGED_PATH || pathname === `${FLAGGED_PATH}/`) return { name: 'flagged' };
  if (pathname === DRAFTS_PATH || pathname === `${DRAFTS_PATH}/`) return { name: 'drafts' };
  if (pathname === SEARCH_PATH || pathname === `${SEARCH_PATH}/`) return { name: 'search', q: new URLSearchParams(search).get('q') ?? '' };
  const connect = /^\/connect\/([^/]+)\/?$/.exec(pathname);
  if (connect) {
    try {
      return { name: 'connect', clGuid: decodeURIComponent(connect[1]!) };
    } catch {
      return { name: 'not-found' };
    }
  }
  const match = /^\/conversations\/([^/]+)(?:\/threads\/([^/]+))?\/?$/.exec(pathname);
  if (match) {
    try {
      return { name: 'conversation', address: decodeURIComponent(match[1]!), thread: match[2] ? decodeURIComponent(match[2]) : null };
    } catch {
      return { name: 'not-found' };
    }
  }
  return { name: 'not-found' };
}

/** Where a 418 answer sends the user (spec 1 §2, §8): the account must be confirmed first. */
export const LANDING_PATH = '/secure/confirmed/corporate/landing';
/** Spec 1 §2, §7: where signing out goes. */
export const LOGOUT_PATH = '/secure/logout';
export const PEOPLE_PATH = '/people';
export const SEARCH_PATH = '/search';
export const searchPath = (q: string): string => `${SEARCH_PATH}?q=${encodeURIComponent(q)}`;
/** "Browse teams": the company's teams and departments, to join or ask to join. */
export const BROWSE_TEAMS_PATH = '/teams';

/** The session-replay debugger; works signed in or not. */
export const DEBUG_REPLAY_PATH = '/debug/replay';

/** Settings: Notifications (spec 1 §2). */
export const NOTIFICATION_SETTINGS_PATH = '/settings/notifications';

export const conversationPath = (address: string): string => `/conversations/${encodeURIComponent(address)}`;

/** A conversation with the thread of message `guid` open beside it. */
export const threadPath = (address: string, guid: string): string => `${conversationPath(address)}/threads/${encodeURIComponent(guid)}`;

/** The user's flagged messages across conversations. */
export const FLAGGED_PATH = '/flagged';

/** The user's drafts: every text typed and not sent, wherever it was typed. */
export const DRAFTS_PATH = '/drafts';

export const loginPath = (destination: string): string => `/login?destination=${encodeURIComponent(destination)}`;

/**
 * The login page after a session ended in this page: a person who signed out starts afresh (no destination: the
 * next person need not land on their conversation); a session the server ended comes back to where it was, and the
 * page says why it ended.
 */
export function endedLoginPath(reason: EndedReason | null, destination: string): string {
  if (reason === null || reason === 'signed-out') return '/login';
  return `${loginPath(destination)}&reason=${reason}`;
}
export const landingPath = (destination: string): string => `${LANDING_PATH}?destination=${encodeURIComponent(destination)}`;

/**
 * Where to go after sign-in: only a same-origin path ('/…', not '//…' or
 * '/\\…', which browsers treat as another host), and never back to /login, to the landing page, nor to
 * /secure/logout (which would sign the user out again at once).
 */
export function safeDestination(destination: string | null | undefined): string {
  if (!destination || !destination.startsWith('/') || destination.startsWith('//') || destination.startsWith('/\\')) return '/';
  if (/[\u0000-\u001f]/.test(destination)) return '/';
  for (const page of ['/login', LANDING_PATH, LOGOUT_PATH]) if (destination === page || destination.startsWith(`${page}?`) || destination.startsWith(`${page}/`)) return '/';
  return destination;
}

export function createRouter(win: Window = window): Router {
  const read = () => ({ pathname: win.location.pathname, search: win.location.search });
  const location = signal(read());
  const onPopState = (): void => {
    location.value = read();
  };
  return {
    location,
    route: computed(() => parseRoute(location.value.pathname, location.value.search)),
    navigate(to, options) {
      const current = location.value.pathname + location.value.search;
      if (to === current) return;
      if (options?.replace) win.history.replaceState(null, '', to);
      else win.history.pushState(null, '', to);
      location.value = read();
    },
    listen() {
      win.addEventListener('popstate', onPopState);
      onPopState();
      return () => win.removeEventListener('popstate', onPopState);
    },
    reload() {
      win.location.reload();
    },
    leave(to) {
      win.location.replace(to);
    },
  };
}

/** A router that keeps its location in memory (the debugger's replayed app must not move the real page). */
export function createMemoryRouter(initial = '/'): Router & { location: Signal<{ pathname: string; search: string }> } {
  const split = (to: string) => {
    const q = to.indexOf('?');
    return q < 0 ? { pathname: to, search: '' } : { pathname: to.slice(0, q), search: to.slice(q) };
  };
  const location = signal(split(initial));
  return {
    location,
    route: computed(() => parseRoute(location.value.pathname, location.value.search)),
    navigate(to) {
      location.value = split(to);
    },
    listen: () => () => {},
    // The replayed app never reloads nor leaves the real page.
    reload: () => {},
    leave(to) {
      location.value = split(to);
    },
  };
}
