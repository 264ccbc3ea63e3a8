// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../protocol/result';
import { renderApp } from '../testing/render-app';
import { alertView, channelView, snapshot, toastView } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const alerts = [
  alertView({ guid: 'join', type: 1, typeName: 'Request to join team', message: 'Dave Diaz asks to join Product Council.', behaviour: 'approve', created: 3 }),
  alertView({ guid: 'men', type: 11, typeName: 'Mentioned', message: 'Alice mentioned you', behaviour: 'go-to', address: 't-design', created: 2 }),
  alertView({ guid: 'old', type: 4, typeName: 'Removed from team', message: 'You were removed', behaviour: 'dismiss-after-timeout', created: 1, dismissed: true }),
];

const app = () =>
  renderApp({ path: '/', patches: [snapshot({ channels: { put: [channelView({ address: 't-design', name: 'Design' })], remove: [] }, alerts: { put: alerts, remove: [] } })] });

describe('Alerts', () => {
  it('counts alerts that are not dismissed and lists them newest first with their actions', () => {
    app();
    const button = screen.getByRole('button', { name: 'Alerts, 2 new' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const panel = screen.getByRole('dialog', { name: 'Alerts' });
    const items = within(within(panel).getByRole('list', { name: 'Alerts' })).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Request to join team: Dave Diaz asks to join Product Council.',
      'Mentioned: Alice mentioned you',
      'Removed from team: You were removed',
    ]);
    expect(within(items[0]!).getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Deny']);
    expect(within(items[1]!).getAllByRole('button').map((b) => b.textContent)).toEqual(['Open', 'Dismiss']);
    expect(within(items[2]!).queryAllByRole('button')).toEqual([]);
    expect(items[2]!.textContent).toContain('Dismissed');
  });

  it('sends approvals and dismissals to the core, shows a failure, and opens a go-to alert\'s conversation', async () => {
    const a = app();
    fireEvent.click(screen.getByRole('button', { name: 'Alerts, 2 new' }));
    const item = (name: RegExp) => screen.getByRole('listitem', { name });
    a.core.processJoinRequestResult = fail({ name: 'HttpError', message: 'This request was already answered.' });
    await act(async () => fireEvent.click(within(item(/^Request to join/)).getByRole('button', { name: 'Deny' })));
    expect(a.core.callsTo('$processJoinRequest')).toEqual([['join', false]]);
    expect(within(item(/^Request to join/)).getByRole('alert').textContent).toBe('This request was already answered.');
    await act(async () => fireEvent.click(within(item(/^Mentioned/)).getByRole('button', { name: 'Dismiss' })));
    expect(a.core.callsTo('$dismissAlerts')).toEqual([[['men']]]);
    // The worker runs the go-to action (dismiss) and names the conversation; the UI goes there.
    a.core.runAlertActionResult = ok({ navigate: 't-design', reload: false });
    await act(async () => fireEvent.click(within(item(/^Mentioned/)).getByRole('button', { name: 'Open' })));
    expect(a.core.callsTo('$runAlertAction')).toEqual([['men']]);
    expect(a.location()).toBe('/conversations/t-design');
    expect(screen.queryByRole('dialog', { name: 'Alerts' })).toBeNull();
  });

  it('closes with Escape, giving the keyboard back to the Alerts button', () => {
    app();
    const button = screen.getByRole('button', { name: 'Alerts, 2 new' });
    button.focus();
    fireEvent.click(button);
    expect(screen.getByRole('dialog', { name: 'Alerts' }).contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Alerts' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Alerts' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('keeps the keyboard in the panel when an answered alert loses its buttons, so Escape still closes it', async () => {
    const a = app();
    const button = screen.getByRole('button', { name: 'Alerts, 2 new' });
    button.focus();
    fireEvent.click(button);
    const panel = screen.getByRole('dialog', { name: 'Alerts' });
    const approve = within(panel).getByRole('button', { name: 'Approve' });
    approve.focus();
    await act(async () => fireEvent.click(approve));
    // The worker's answer: the request is dismissed, its Approve and Deny go.
    await act(async () => a.push({ seq: 2, reset: false, alerts: { put: [{ ...alerts[0]!, dismissed: true }], remove: [] } }));
    expect(within(panel).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(document.activeElement).toBe(panel);
    // The keys go where the focus is, as a person's would.
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Alerts' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('Toasts', () => {
  it('shows the stack as the worker sends it, closes one, and opens the alerts from a toast', async () => {
    const a = app();
    await a.push({ seq: 2, reset: false, toasts: [toastView({ id: 't2', title: 'Mentioned', body: 'Alice mentioned you', alertGuid: 'men' }), toastView({ id: 't1', title: 'Channel Renamed', kind: 'success' })] });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getAllByRole('status').map((t) => t.querySelector('strong')?.textContent)).toEqual(['Mentioned', 'Channel Renamed']);
    await act(async () => fireEvent.click(within(region).getByRole('button', { name: 'Close notification: Channel Renamed' })));
    expect(a.core.callsTo('$closeToast')).toEqual([['t1']]);
    fireEvent.click(within(region).getByRole('button', { name: 'View' }));
    expect(screen.getByRole('dialog', { name: 'Alerts' })).toBeTruthy();
    await a.push({ seq: 3, reset: false, toasts: [] });
    expect(within(region).queryAllByRole('status')).toEqual([]);
  });
});
