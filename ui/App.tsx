/**
 * Top of the UI: picks the screen from the session and the route, keeps the
 * route and the session consistent (sign-in redirects), and tells the core
 * which conversation is open.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { useArrivalFocus } from './client/arrival-focus';
import { usePlaza } from './client/core-context';
import { debugApi } from './client/debug-client';
import { LANDING_PATH, loginPath, safeDestination } from './client/router';
import { AppShell } from './components/AppShell';
import { LandingPage } from './components/LandingPage';
import { LoginPage } from './components/LoginPage';
import { DebugReplayPage } from './debug/DebugReplayPage';

export function App() {
  useSignals();
  const { store, core, router, debug, sessionImport } = usePlaza();
  const status = store.session.value.status;
  const unconfirmed = store.session.value.unconfirmed;
  const route = router.route.value;
  const { pathname, search } = router.location.value;
  // "Back to Plaza" goes with the debugger: the keyboard starts at the heading of the page it leads to.
  const focusArrival = useArrivalFocus();
  const leaveDebugger = (): void => {
    focusArrival();
    router.navigate('/');
  };

  // Asked once per visit of /secure/logout, however often the page renders before the session ends.
  const signingOut = useRef(false);
  if (route.name !== 'logout') signingOut.current = false;
  useEffect(() => {
    if (route.name === 'debug-replay') {
      // The debugger works signed in or not: no redirect.
    } else if (route.name === 'logout') {
      // Signing out (the menu's Sign out goes here, and so may the address bar); once out, to the login page,
      // with nowhere to return to: whoever signs in next starts at the start.
      if (status === 'signed-in' && !signingOut.current) {
        signingOut.current = true;
        void core.$signOut();
      }
      else if (status === 'signed-out') router.navigate('/login', { replace: true });
    } else if (status === 'signed-out' && route.name !== 'login') {
      router.navigate(loginPath(pathname + search), { replace: true });
    } else if (status === 'signed-in' && route.name === 'login') {
      // A successful sign-in (or a session that was still valid) leaves the login page.
      router.navigate(safeDestination(route.destination), { replace: true });
    } else if (status === 'signed-in' && unconfirmed && route.name !== 'landing') {
      // The server answered 418 (spec 1 §8).
      router.navigate(LANDING_PATH);
    }
  }, [status, unconfirmed, route, pathname, search, router, core]);

  // undefined: leave the core alone (not signed in, or a page without conversations).
  // The People, Search, Browse teams, Flagged and Drafts screens show no conversation: nothing is marked read behind them.
  const noConversation =
    route.name === 'home' ||
    route.name === 'people' ||
    route.name === 'connect' ||
    route.name === 'search' ||
    route.name === 'browse-teams' ||
    route.name === 'flagged' ||
    route.name === 'drafts' ||
    route.name === 'logout';
  const open = status !== 'signed-in' || unconfirmed ? undefined : route.name === 'conversation' ? route.address : noConversation ? null : undefined;
  useEffect(() => {
    if (open !== undefined) void core.$openConversation(open);
  }, [open, core]);

  if (route.name === 'debug-replay') return <DebugReplayPage api={debug ?? debugApi()} onLeave={leaveDebugger} takeHandedFile={sessionImport.take} />;
  if (status === 'signed-out' && route.name === 'login') return <LoginPage />;
  if (status === 'signed-in' && route.name === 'landing') return <LandingPage />;
  if (route.name === 'logout') {
    return (
      <div className="loading" role="status">
        Signing out…
      </div>
    );
  }
  if (status === 'signed-in' && route.name !== 'login') return <AppShell route={route} />;
  return (
    <div className="loading" role="status">
      Loading Plaza…
    </div>
  );
}
