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

  it('signs out at /secure/logout (spec 1 §2), once, then shows the login page with no way back there', async () => {
    const app = renderApp({ path: '/secure/logout', patches: [snapshot({})] });
    expect(app.core.callsTo('$signOut')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Signing out…');
    app.push({ seq: 2, reset: false, session: signedOut });
    expect(app.location()).toBe('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to Plaza' })).toBeTruthy();
    expect(app.core.callsTo('$signOut')).toHaveLength(1);

    cleanup();
    const out = renderApp({ path: '/secure/logout', patches: [snapshot({ session: signedOut })] });
    expect(out.location()).toBe('/login');
    expect(out.core.callsTo('$signOut')).toHaveLength(0);
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

  it('signs out at /secure/logout (spec 1 §2, §7), then shows the login page with nowhere to return to', () => {
    const app = renderApp({ path: '/secure/logout', patches: [snapshot()] });
    expect(app.core.callsTo('$signOut')).toEqual([[]]);
    expect(screen.getByRole('status').textContent).toBe('Signing out…');
    app.push({ seq: 2, reset: false, session: signedOut });
    expect(app.location()).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Sign in to Plaza' })).toBeTruthy();
    // Whoever signs in next starts at the start, not signed out again.
    app.push({ seq: 3, reset: false, session: signedIn });
    expect(app.location()).toBe('/');
    expect(app.core.callsTo('$signOut')).toHaveLength(1);
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
