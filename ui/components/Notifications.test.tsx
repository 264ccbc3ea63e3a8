// @vitest-environment jsdom
/** Notifications in the UI: alert actions, popovers, a conversation's notification menu, the settings screen, the muted mark. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../protocol/result';
import type { ViewPatch } from '../../protocol/views';
import { renderApp } from '../testing/render-app';
import { ALICE, alertView, channelView, metaView, snapshot } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const design = channelView({ address: 't-design', name: 'Design' });
const news = channelView({ address: 'a-news', name: 'News', group: 'announcement' });

function app(path = '/', over: Partial<ViewPatch> = {}) {
  return renderApp({ path, patches: [snapshot({ channels: { put: [design, news], remove: [] }, ...over })] });
}

describe('alert actions', () => {
  const alerts = [
    alertView({ guid: 'offline', type: 1003, typeName: 'Internet connection offline', message: 'Trying to reconnect', created: 5 }),
    alertView({ guid: 'refresh', type: 1000, typeName: 'Refresh needed', message: 'Things changed', created: 4 }),
    alertView({ guid: 'mfa', type: 16, typeName: 'MFA reset request', message: 'Carol asks', created: 3 }),
    alertView({ guid: 'mfa-old', type: 16, typeName: 'MFA reset request', message: 'Dave asks', created: 2, cancelled: true }),
    alertView({ guid: 'odd', type: 77, message: 'From the future', created: 1 }),
  ];

  it('offers each alert’s own action beside Dismiss', () => {
    app('/', { alerts: { put: alerts, remove: [] } });
    fireEvent.click(screen.getByRole('button', { name: /^Alerts/ }));
    const buttons = (name: RegExp) => within(screen.getByRole('listitem', { name })).getAllByRole('button').map((b) => b.textContent);
    expect(buttons(/^Internet connection offline/)).toEqual(['Retry now', 'Dismiss']);
    expect(buttons(/^Refresh needed/)).toEqual(['Refresh', 'Dismiss']);
    expect(buttons(/^MFA reset request: Carol/)).toEqual(['Reset two-factor', 'Dismiss']);
    expect(buttons(/^MFA reset request: Dave/)).toEqual(['Dismiss']);
    expect(screen.getByRole('listitem', { name: /^MFA reset request: Dave/ }).textContent).toContain('Request cancelled');
    expect(buttons(/^Alert 77/)).toEqual(['Dismiss']);
  });

  it('runs the action in the worker and shows its failure', async () => {
    const a = app('/', { alerts: { put: alerts, remove: [] } });
    fireEvent.click(screen.getByRole('button', { name: /^Alerts/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh' })));
    expect(a.core.callsTo('$runAlertAction')).toEqual([['refresh']]);
    a.core.runAlertActionResult = { ok: false, error: { name: 'HttpError', message: 'Only company admins can reset two-factor authentication.' } };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset two-factor' })));
    expect(within(screen.getByRole('listitem', { name: /^MFA reset request: Carol/ })).getByRole('alert').textContent).toBe(
      'Only company admins can reset two-factor authentication.',
    );
  });
});

describe('the popover', () => {
  it('shows a Bot Error as a modal alert dialog closed with Ok', async () => {
    const a = app('/', { popover: { id: 'p1', title: 'Bot Error', body: 'No Bot channel found', kind: 'error' } });
    const dialog = screen.getByRole('alertdialog', { name: 'Bot Error' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('No Bot channel found')).toBeTruthy();
    const okButton = within(dialog).getByRole('button', { name: 'Ok' });
    expect(document.activeElement).toBe(okButton);
    await act(async () => fireEvent.click(okButton));
    expect(a.core.callsTo('$closePopover')).toEqual([['p1']]);
    await a.push({ seq: 2, reset: false, popover: null });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('a conversation’s notification menu', () => {
  const open = (patch: Partial<ViewPatch> = {}) =>
    app('/conversations/t-design', { conversation: { address: 't-design', reset: true, meta: metaView('t-design'), messages: { put: [], remove: [] } }, ...patch });

  it('mutes for an hour, for today, until unmuted, and turns notifications off, by keyboard too', async () => {
    const a = open();
    const menuButton = screen.getByRole('button', { name: 'Notifications' });
    fireEvent.click(menuButton);
    const menu = screen.getByRole('menu', { name: 'Notifications' });
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Turn notifications off', 'Mute for 1 hour', 'Mute for today', 'Mute until I unmute']);
    expect(document.activeElement?.textContent).toBe('Turn notifications off');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Mute for 1 hour');
    await act(async () => fireEvent.click(document.activeElement!));
    expect(a.core.callsTo('$setMute')).toEqual([['t-design', { kind: 'hour' }]]);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton);

    fireEvent.click(menuButton);
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Mute for today' })));
    const [, today] = a.core.callsTo('$setMute')[1]!;
    expect(today).toEqual({ kind: 'today', until: expect.any(Number) });
    expect(new Date((today as { until: number }).until).getHours()).toBe(0);

    fireEvent.click(menuButton);
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Turn notifications off' })));
    expect(a.core.callsTo('$setChannelNotifications')).toEqual([[['t-design'], false]]);

    fireEvent.click(menuButton);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(menuButton);
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'Design', level: 1 }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows the state the worker sends, and offers Unmute while muted', async () => {
    const until = new Date(2026, 10, 2, 14, 5).getTime();
    const a = open();
    await a.push({ seq: 2, reset: false, channelNotify: { put: [{ address: 't-design', channel_on: false, mute: { kind: 'hour', until } }], remove: [] } });
    expect(screen.getByText('Notifications off · Muted until 14:05')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByRole('menuitem', { name: 'Turn notifications on' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Unmute' })));
    expect(a.core.callsTo('$setMute')).toEqual([['t-design', { kind: 'off' }]]);
    // The sidebar marks the muted conversation.
    expect(within(screen.getByRole('link', { name: /^Design/ })).getByRole('img', { name: 'muted' })).toBeTruthy();
  });
});

describe('the notification settings', () => {
  it('opens from the header and changes the global settings and the pause', async () => {
    const a = app();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(a.location()).toBe('/settings/notifications');
    expect(screen.getByRole('heading', { name: 'Notifications', level: 1 })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: /^Teams/ })));
    expect(a.core.callsTo('$setNotificationSettings')).toEqual([[{ teams_on: false }]]);
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'For 1 hour' })));
    expect(a.core.callsTo('$setMute')).toEqual([[null, { kind: 'hour' }]]);
    await a.push({ seq: 2, reset: false, notifications: { settings: { global_on: false, conversations_on: true, teams_on: true, departments_on: true }, pause: { kind: 'always', until: null }, badge: { count: 0, label: '', title: 'Plaza' } } });
    expect((screen.getByRole('radio', { name: 'Until I turn them back on' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /^Teams/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('turns conversations on and off, one or all that match', async () => {
    const a = app('/settings/notifications', { channelNotify: { put: [{ address: 'a-news', channel_on: false, mute: { kind: 'always', until: null } }], remove: [] } });
    const list = screen.getByRole('list', { name: 'Conversation notifications' });
    expect((within(list).getByRole('checkbox', { name: 'News' }) as HTMLInputElement).checked).toBe(false);
    await act(async () => fireEvent.click(within(list).getByRole('checkbox', { name: 'Design' })));
    expect(a.core.callsTo('$setChannelNotifications')).toEqual([[['t-design'], false]]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Unmute News' })));
    expect(a.core.callsTo('$setMute')).toEqual([['a-news', { kind: 'off' }]]);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a conversation' }), { target: { value: 'ne' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn all on' })));
    expect(a.core.callsTo('$setChannelNotifications').at(-1)).toEqual([['a-news'], true]);
  });

  it('asks for a two-factor reset, and lets an admin reset or decline requests and send information alerts', async () => {
    const a = app('/settings/notifications');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Request two-factor reset' })));
    expect(a.core.callsTo('$requestMfaReset')).toEqual([[]]);
    cleanup();

    const admin = app('/settings/notifications', {
      session: { status: 'signed-in', user: { ...ALICE, is_company_admin: true }, endedReason: null, unconfirmed: false },
      mfaResets: [
        { target_user_guid: 'u-carol', name: 'Carol Chen', requested: Date.now(), cancelled: false, own: false },
        { target_user_guid: 'u-dave', name: 'Dave Diaz', requested: Date.now(), cancelled: true, own: false },
      ],
    });
    const requests = screen.getByRole('list', { name: 'Two-factor reset requests' });
    expect(within(requests).getByRole('listitem', { name: 'Dave Diaz' }).textContent).toContain('Cancelled');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset two-factor for Carol Chen' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Decline the request of Carol Chen' })));
    expect(admin.core.callsTo('$resetMfa')).toEqual([['u-carol']]);
    expect(admin.core.callsTo('$cancelMfaReset')).toEqual([['u-carol']]);

    const form = screen.getByRole('form', { name: 'Send an information alert' });
    const send = within(form).getByRole('button', { name: 'Send to everyone' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Message' }), { target: { value: 'Try the new calendar' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /promotion/ }));
    admin.core.sendInformationAlertResult = ok({ sent: 3 });
    await act(async () => fireEvent.click(send));
    expect(admin.core.callsTo('$sendInformationAlert')).toEqual([['Try the new calendar', true]]);
    expect((within(form).getByRole('textbox', { name: 'Message' }) as HTMLInputElement).value).toBe('');

    // An alert typed and not sent is still there after a visit elsewhere.
    fireEvent.change(within(form).getByRole('textbox', { name: 'Message' }), { target: { value: 'Office closed on Friday' } });
    act(() => admin.router.navigate('/'));
    expect(screen.queryByRole('form', { name: 'Send an information alert' })).toBeNull();
    act(() => admin.router.navigate('/settings/notifications'));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'Office closed on Friday');
  });

  it('keeps the keyboard on what replaces the two-factor button, and says the request was made', async () => {
    const a = app('/settings/notifications');
    const request = screen.getByRole('button', { name: 'Request two-factor reset' });
    request.focus();
    await act(async () => fireEvent.click(request));
    // The worker's new list has the request: the button gives way to the sentence saying so.
    const mine = { target_user_guid: ALICE.guid, name: ALICE.name, requested: Date.now(), cancelled: false, own: true };
    await a.push({ seq: 2, reset: false, mfaResets: [mine] });
    const sent = within(screen.getByRole('group', { name: 'Two-factor authentication' })).getByRole('status');
    expect(sent.textContent).toMatch(/^You asked for a reset/);
    expect(document.activeElement).toBe(sent);

    // Cancelled, the keyboard is on the Request button again.
    const cancel = screen.getByRole('button', { name: 'Cancel the request' });
    cancel.focus();
    await act(async () => fireEvent.click(cancel));
    await a.push({ seq: 3, reset: false, mfaResets: [] });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Request two-factor reset' }));
  });

  it('shows one’s own pending request with a way to cancel it', async () => {
    const a = app('/settings/notifications', { mfaResets: [{ target_user_guid: ALICE.guid, name: ALICE.name, requested: Date.now(), cancelled: false, own: true }] });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel the request' })));
    expect(a.core.callsTo('$cancelMfaReset')).toEqual([[ALICE.guid]]);
  });
});
