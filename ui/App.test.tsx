// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseSessionAction, renderApp } from './testing/render-app';
import { channelView, connectionView, signedIn, signedOut, snapshot } from './testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('App routing and session', () => {
  it('shows a loading state while the session is starting', () => {
    renderApp({ path: '/' });
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading Plaza…');
  });

  it('redirects to /login with the current location as destination when signed out', async () => {
    const app = renderApp({ path: '/conversations/abc?x=1' });
    app.push(snapshot({ session: signedOut }));
    expect(app.location()).toBe(`/login?destination=${encodeURIComponent('/conversations/abc?x=1')}`);
    expect(await screen.findByRole('heading', { name: 'Sign in to Plaza' })).toBeTruthy();
  });

  it('goes to the destination once signed in, and only to same-origin paths', () => {
    const app = renderApp({ path: `/login?destination=${encodeURIComponent('/conversations/abc')}`, patches: [snapshot({ session: signedOut })] });
    app.push({ seq: 2, reset: false, session: signedIn });
    expect(app.location()).toBe('/conversations/abc');

    cleanup();
    const evil = renderApp({ path: `/login?destination=${encodeURIComponent('//evil.test/x')}`, patches: [snapshot({ session: signedOut })] });
    evil.push({ seq: 2, reset: false, session: signedIn });
    expect(evil.location()).toBe('/');
  });

  it('signs out at /secure/logout (spec 1 §2), once, and leaves the page for the login page once the sign-out is complete', async () => {
    const app = renderApp({ path: '/', patches: [snapshot({})] });
    let complete: () => void = () => {};
    app.core.signOutDone = new Promise((resolve) => (complete = resolve));
    act(() => app.router.navigate('/secure/logout'));
    expect(app.core.callsTo('$signOut')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Signing out…');
    app.push({ seq: 2, reset: false, session: signedOut });
    // Signed out in the worker, but not yet stored, answered and flushed: the page stays, and shows no login form of its own.
    await act(async () => {});
    expect(app.left()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('Signing out…');
    expect(screen.queryByRole('heading', { name: 'Sign in to Plaza' })).toBeNull();
    await act(async () => complete());
    // A full navigation, replacing /secure/logout: a fresh page and worker for whoever signs in next.
    expect(app.left()).toEqual(['/login']);
    expect(app.location()).toBe('/login');
    expect(app.core.callsTo('$signOut')).toHaveLength(1);

    cleanup();
    const out = renderApp({ path: '/secure/logout', patches: [snapshot({ session: signedOut })] });
    expect(out.location()).toBe('/login');
    expect(out.left()).toEqual([]);
    expect(out.core.callsTo('$signOut')).toHaveLength(0);
    expect(await screen.findByRole('heading', { name: 'Sign in to Plaza' })).toBeTruthy();
  });

  it('leaves the page when the server ends the session, for a login page that says why and leads back', async () => {
    for (const [reason, text] of [
      ['server-logout', 'You were signed out. Please sign in again.'],
      ['unauthorized', 'Your session has ended. Please sign in again.'],
    ] as const) {
      const app = renderApp({ path: '/conversations/abc', patches: [snapshot({})] });
      app.push({ seq: 2, reset: false, session: { ...signedIn, status: 'signed-out', endedReason: reason } });
      await act(async () => {});
      // $signOut waits for the end the server made to be stored (it signs nothing out again).
      expect(app.core.callsTo('$signOut')).toHaveLength(1);
      const to = `/login?destination=${encodeURIComponent('/conversations/abc')}&reason=${reason}`;
      expect(app.left()).toEqual([to]);
      cleanup();

      // The fresh page's worker knows nothing of the session before: the address says why it ended.
      const fresh = renderApp({ path: to, patches: [snapshot({ session: signedOut })] });
      expect(await screen.findByRole('heading', { name: 'Sign in to Plaza' })).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
      fresh.push({ seq: 2, reset: false, session: signedIn });
      expect(fresh.location()).toBe('/conversations/abc');
      expect(fresh.left()).toEqual([]);
      cleanup();
    }
  });

  it('opens the conversation of the route, and none on /', () => {
    const app = renderApp({ path: '/conversations/c1', patches: [snapshot({ channels: { put: [channelView({ address: 'c1', name: 'General' })], remove: [] } })] });
    expect(app.core.callsTo('$openConversation')).toEqual([['c1']]);
    expect(screen.getByRole('heading', { level: 1, name: 'General' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'General' }));
    // Same route: no second open.
    expect(app.core.callsTo('$openConversation')).toEqual([['c1']]);

    act(() => app.router.navigate('/'));
    expect(app.core.callsTo('$openConversation')).toEqual([['c1'], [null]]);
    expect(screen.getByRole('heading', { name: 'Pick a conversation' })).toBeTruthy();
  });

  it('shows the user, the connection state and signs out', () => {
    const app = renderApp({ path: '/', patches: [snapshot({ connection: connectionView({ socket: 'connecting' }) })] });
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toContain('Alice Adams');
    expect(screen.getByRole('status').textContent).toBe('Connecting…');
    app.push({ seq: 2, reset: false, connection: connectionView({ socket: 'online' }) });
    expect(screen.getByRole('status').textContent).toBe('Online');
    app.push({ seq: 3, reset: false, connection: connectionView({ socket: 'offline' }) });
    expect(screen.getByRole('status').textContent).toBe('Offline');
    chooseSessionAction('Sign out');
    expect(app.core.callsTo('$signOut')).toHaveLength(1);
  });

  it('signs out at /secure/logout (spec 1 §2, §7), then the fresh login page leads to the start, not to signing out again', async () => {
    const app = renderApp({ path: '/secure/logout', patches: [snapshot()] });
    expect(app.core.callsTo('$signOut')).toEqual([[]]);
    app.push({ seq: 2, reset: false, session: signedOut });
    await act(async () => {});
    expect(app.left()).toEqual(['/login']);
    cleanup();
    const fresh = renderApp({ path: '/login', patches: [snapshot({ session: signedOut })] });
    expect(screen.getByRole('heading', { name: 'Sign in to Plaza' })).toBeTruthy();
    // Signing out says nothing on the login page: the person chose to.
    expect(screen.queryByText(/signed out|session has ended/)).toBeNull();
    fresh.push({ seq: 2, reset: false, session: signedIn });
    expect(fresh.location()).toBe('/');
    expect(fresh.core.callsTo('$signOut')).toHaveLength(0);
  });

  it('signs out from the menu by way of /secure/logout', () => {
    const app = renderApp({ path: '/', patches: [snapshot()] });
    chooseSessionAction('Sign out');
    expect(app.location()).toBe('/secure/logout');
    expect(app.core.callsTo('$signOut')).toHaveLength(1);
  });

  it('reports attention to the core', () => {
    const app = renderApp({ path: '/' });
    expect(app.core.callsTo('$setAttention').length).toBeGreaterThan(0);
  });
});
