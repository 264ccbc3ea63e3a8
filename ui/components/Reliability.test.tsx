// @vitest-environment jsdom
/** What the UI shows of the outbox, the connection and a 418: sending/failed posts, deletions, the header, the landing page. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessageView } from '../../protocol/views';
import { chooseSessionAction, renderApp } from '../testing/render-app';
import { alertView, channelView, connectionView, messageView, metaView, signedIn, snapshot } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const general = channelView({ address: 'c1', name: 'General' });
const open = (messages: MessageView[]) =>
  renderApp({
    path: '/conversations/c1',
    patches: [snapshot({ channels: { put: [general], remove: [] }, conversation: { address: 'c1', reset: true, meta: metaView('c1'), messages: { put: messages, remove: [] } } })],
  });
const article = (text: string) => within(screen.getByRole('log', { name: 'Messages' })).getAllByRole('article').find((a) => a.textContent?.includes(text))!;
const own = { isOwn: true, author: 'Alice Adams', from_guid: 'u-alice' };

describe('unsent posts and pending deletions', () => {
  it('shows a post still sending, without a delete button', () => {
    open([messageView({ guid: 'client-1', address: 'c1', ...own, parts: [{ type: 'text', text: 'on its way' }], delivery: 'sending', outboxId: 'client-1' })]);
    const post = article('on its way');
    expect(within(post).getByText('Sending…')).toBeTruthy();
    expect(within(post).queryByRole('button')).toBeNull();
  });

  it('shows a refused post with its reason, Retry and Delete', () => {
    const app = open([
      messageView({ guid: 'client-2', address: 'c1', ...own, parts: [{ type: 'text', text: 'refused one' }], delivery: 'failed', error: 'This channel is read-only.', outboxId: 'client-2' }),
    ]);
    const failed = within(article('refused one')).getByRole('group', { name: 'Message not sent' });
    expect(within(failed).getByRole('alert').textContent).toBe('Not sent: This channel is read-only.');
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    fireEvent.click(within(failed).getByRole('button', { name: 'Delete' }));
    expect(app.core.callsTo('$retryOutbox')).toEqual([['client-2']]);
    expect(app.core.callsTo('$discardOutbox')).toEqual([['client-2']]);
  });

  it('shows a message being deleted, and a refused deletion with Retry and Dismiss', () => {
    const app = open([
      messageView({ guid: 'm1', address: 'c1', ...own, parts: [{ type: 'text', text: 'going away' }], deleting: true, outboxId: 'del-1' }),
      messageView({ guid: 'm2', address: 'c1', ...own, parts: [{ type: 'text', text: 'staying' }], error: 'You can only delete your own messages.', outboxId: 'del-2' }),
    ]);
    expect(within(article('going away')).getByText('Deleting…')).toBeTruthy();
    expect(within(article('going away')).queryByRole('button', { name: 'Delete message' })).toBeNull();
    const refused = within(article('staying')).getByRole('group', { name: 'Message not deleted' });
    expect(within(refused).getByRole('alert').textContent).toBe('Not deleted: You can only delete your own messages.');
    fireEvent.click(within(refused).getByRole('button', { name: 'Dismiss' }));
    expect(app.core.callsTo('$discardOutbox')).toEqual([['del-2']]);
  });

  it('offers Delete message on a sent own message', () => {
    open([messageView({ guid: 'm3', address: 'c1', ...own, parts: [{ type: 'text', text: 'sent' }] })]);
    expect(within(article('sent')).getByRole('button', { name: 'Delete message' })).toBeTruthy();
  });
});

describe('the header', () => {
  it('says when it is catching up after an outage and how many posts are unsent', () => {
    const app = renderApp({ path: '/', patches: [snapshot({ connection: connectionView({ socket: 'offline', unsent: 2 }) })] });
    const status = within(screen.getByRole('banner')).getByRole('status');
    expect(status.textContent).toBe('Offline · 2 unsent');
    app.push({ seq: 2, reset: false, connection: connectionView({ socket: 'online', resyncing: true }) });
    expect(status.textContent).toBe('Online · Catching up…');
    app.push({ seq: 3, reset: false, connection: connectionView({ socket: 'online' }) });
    expect(status.textContent).toBe('Online');
  });

  it('tells the core when the browser reports the network back', () => {
    const app = renderApp({ path: '/' });
    act(() => void window.dispatchEvent(new Event('online')));
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(app.core.callsTo('$setNetwork')).toEqual([[true], [false]]);
  });
});

describe('the offline alert (1003)', () => {
  it('offers Retry now, which asks the core to reconnect and catch up instead of reloading the page', async () => {
    const offline = alertView({ guid: 'client-1003-offline', type: 1003, typeName: 'Internet connection offline', behaviour: 'error-refresh', message: 'Plaza keeps trying to reconnect.' });
    const app = renderApp({ path: '/', patches: [snapshot({ alerts: { put: [offline], remove: [] } })] });
    fireEvent.click(screen.getByRole('button', { name: 'Alerts, 1 new' }));
    const item = screen.getByRole('listitem', { name: 'Internet connection offline: Plaza keeps trying to reconnect.' });
    await act(async () => void fireEvent.click(within(item).getByRole('button', { name: 'Retry now' })));
    // The core runs the alert's action: the socket retried at once and a catch-up (core.ts, the alerts host's resync).
    expect(app.core.callsTo('$runAlertAction')).toEqual([['client-1003-offline']]);
  });
});

describe('418: the corporate landing page', () => {
  it('goes to the landing page when the session is unconfirmed, tries again, and leaves once confirmed, back to where the user was', async () => {
    const app = renderApp({ path: '/conversations/c1', patches: [snapshot({ channels: { put: [general], remove: [] } })] });
    app.push({ seq: 2, reset: false, session: { ...signedIn, unconfirmed: true } });
    expect(app.location()).toBe(`/secure/confirmed/corporate/landing?destination=${encodeURIComponent('/conversations/c1')}`);
    expect(screen.getByRole('heading', { name: 'Your workspace account is not ready yet' })).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(app.core.callsTo('$resync')).toHaveLength(1);
    // Still unconfirmed: said (a new text each time, so a screen reader hears each press's outcome).
    expect(screen.getByRole('status').textContent).toBe('Still not confirmed. Ask your company admin, then try again.');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(screen.getByRole('status').textContent).toBe('Still not confirmed (2 tries). Ask your company admin, then try again.');
    app.push({ seq: 3, reset: false, session: { ...signedIn, unconfirmed: false } });
    expect(app.location()).toBe('/conversations/c1');
    act(() => app.router.navigate('/'));
    chooseSessionAction('Sign out');
    expect(app.core.callsTo('$signOut')).toHaveLength(1);
  });

  it('offers Sign out on the landing page', () => {
    const app = renderApp({ path: '/', patches: [snapshot({ session: { ...signedIn, unconfirmed: true } })] });
    expect(app.location()).toBe('/secure/confirmed/corporate/landing?destination=%2F');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(app.core.callsTo('$signOut')).toHaveLength(1);
  });
});
