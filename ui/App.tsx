/**
 * Top of the UI: picks the screen from the session and the route, keeps the
 * route and the session consistent (sign-in redirects), and tells the core
 * which conversation is open.
 *
 * A session that ends in this page — signed out (the session menu, /secure/logout, the landing page), or ended by
 * the server (OUT, 401/403) — ends the page too: once the worker has completed the end (the server told, outbox and
 * log stored, the recording's last lines written), a full navigation to the login page, as Slack and Gmail do. The
 * next person starts on a fresh page with a fresh core worker, so a fresh recording, and none of the page-life state
 * (texts kept in dialogs closed without deciding) of the person before.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { useArrivalFocus } from './client/arrival-focus';
import { usePlaza } from './client/core-context';
import { debugApi } from './client/debug-client';
import { endedLoginPath, landingPath, loginPath, safeDestination } from './client/router';
import { AppShell } from './components/AppShell';
import { LandingPage } from './components/LandingPage';
import { LoginPage } from './components/LoginPage';
import { DebugReplayPage } from './debug/DebugReplayPage';

export function App() {
  useSignals();
  const { store, core, router, debug, sessionImport } = usePlaza();
  const status = store.session.value.status;
  const unconfirmed = store.session.value.unconfirmed;
  const endedReason = store.session.value.endedReason;
  const route = router.route.value;
  const { pathname, search } = router.location.value;
  // "Back to Plaza" goes with the debugger: the keyboard starts at the heading of the page it leads to.
  const focusArrival = useArrivalFocus();
  const leaveDebugger = (): void => {
    focusArrival();
    router.navigate('/');
  };

  // Someone was signed in in this page: once signed out, the page goes (a ref, set as the render sees it, so the
  // render that first sees the end already shows "Signing out…" rather than the login page of this page).
  const signedInHere = useRef(false);
  if (status === 'signed-in') signedInHere.current = true;
  const endedHere = status === 'signed-out' && signedInHere.current;
  // Where the page is going, once: the sign-out is asked for once, however often the page renders meanwhile.
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    // $signOut resolves once the end is complete; after a session the server ended, once that end is stored.
    const leave = (to: string): void => {
      if (leaving.current) return;
      leaving.current = true;
      setLeavingTo(to);
      const go = (): void => router.leave(to);
      void core.$signOut().then(go, go);
    };
    if (route.name === 'debug-replay') {
      // The debugger works signed in or not: no redirect. Back to Plaza after a session ended here leaves the page.
    } else if (route.name === 'logout') {
      // Spec 1 §2, §7: signing out goes to /secure/logout. Signed out, the login page, with no way back here.
      if (status === 'signed-in' || endedHere) leave('/login');
      else if (status === 'signed-out') router.navigate('/login', { replace: true });
    } else if (endedHere) {
      leave(endedLoginPath(endedReason, pathname + search));
    } else if (status === 'signed-out' && route.name !== 'login') {
      router.navigate(loginPath(pathname + search), { replace: true });
    } else if (status === 'signed-in' && route.name === 'login') {
      // A successful sign-in (or a session that was still valid) leaves the login page.
      router.navigate(safeDestination(route.destination), { replace: true });
    } else if (status === 'signed-in' && unconfirmed && route.name !== 'landing') {
      // The server answered 418 (spec 1 §8).
      router.navigate(landingPath(pathname + search));
    }
  }, [status, unconfirmed, endedReason, endedHere, leavingTo, route, pathname, search, router, core]);

  // undefined: leave the core alone (not signed in, or a page without conversations).
  // The People, Search, Browse teams, Flagged and Drafts screens show no conversation: nothing is marked read behind them.
  const noConversation =
    route.name === 'home' ||
    route.name === 'people' ||
    route.name === 'connect' ||
    route.name === 'search' ||
    route.name === 'browse-teams' ||
    route.name === 'flagged' ||
    route.name === 'drafts';
  const open = status !== 'signed-in' || unconfirmed ? undefined : route.name === 'conversation' ? route.address : noConversation ? null : undefined;
  useEffect(() => {
    if (open !== undefined) void core.$openConversation(open);
  }, [open, core]);

  if (route.name === 'debug-replay') return <DebugReplayPage api={debug ?? debugApi()} onLeave={leaveDebugger} takeHandedFile={sessionImport.take} />;
  // The login page of a session ended here would be gone in a moment: the next person signs in on the fresh page.
  if (status === 'signed-out' && route.name === 'login' && !endedHere && leavingTo === null) return <LoginPage />;
  if (status === 'signed-in' && route.name === 'landing') return <LandingPage destination={route.destination} />;
  if (status === 'signed-in' && route.name !== 'login' && route.name !== 'logout') return <AppShell route={route} />;
  return (
    <div className="loading" role="status">
      {leavingTo !== null || endedHere || (route.name === 'logout' && status === 'signed-in') ? 'Signing out…' : 'Loading Plaza…'}
    </div>
  );
}
