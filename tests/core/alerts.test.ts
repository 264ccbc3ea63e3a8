/** Alerts and toasts in the core: last_alerts on connect, ALR → alert + toast, expiry, dismissing, join requests. */
import { describe, expect, it } from 'vitest';
import { T0 } from '../../fixtures/builders';
import type { AlertWire, UserWire } from '../../protocol/entities';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { startHarness, type Harness } from './harness';

const bob: UserWire = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', email: 'bob@acme.test', company_guid: 'acme' };
const P = '/secure/data/confirmed/corporate';
const joinAsk: AlertWire = {
  guid: 'a-join',
  alert_type: 1,
  alert_type_name: 'Request to join team',
  alert_created: T0 - 60_000,
  message: 'Dave Diaz asks to join Product Council.',
  target: { team_guid: 'pc', address: 'pc-addr', request_guid: 'req-1', target_user_guid: 'dave' },
};

async function signedIn(alerts: AlertWire[] = [joinAsk]): Promise<Harness> {
  const h = await startHarness({
    routes: {
      '/data/login': () => ({ status: 200, body: { isOk: true, login_guid: 'lg-1', auth_token: 'token-0123456789abcdef', user: bob } }),
      [`${P}/channels/list`]: () => ({ status: 200, body: { isOk: true, channels: [] } }),
      [`${P}/users/list`]: () => ({ status: 200, body: { isOk: true, users: [bob] } }),
      [`${P}/last_alerts`]: () => ({ status: 200, body: { isOk: true, alerts } }),
      [`${P}/alerts/dismiss`]: () => ({ status: 200, body: { isOk: true } }),
      [`${P}/teams/process`]: (body) => ({ status: 200, body: { isOk: true, result: body.approve ? 'approved' : 'denied' } }),
    },
  });
  expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
  h.socket().open();
  await h.clock.advance(0);
  h.frame();
  return h;
}

const lastPatchWith = <K extends 'alerts' | 'toasts'>(h: Harness, key: K) => h.patches.filter((p) => p[key] !== undefined).at(-1)![key]!;

describe('alerts in the core', () => {
  it('loads the latest alerts when the socket connects and shows them with their behaviour', async () => {
    const h = await signedIn();
    expect(h.calls.map((c) => c.path)).toContain(`${P}/last_alerts`);
    expect(lastPatchWith(h, 'alerts').put).toEqual([
      expect.objectContaining({ guid: 'a-join', type: 1, typeName: 'Request to join team', behaviour: 'approve', address: 'pc-addr', dismissed: false }),
    ]);
  });

  it('turns an ALR frame into an alert and a toast that expires after 5 s', async () => {
    const h = await signedIn([]);
    h.socket().receive(encodeFrame('ALR', { alert: { guid: 'a-men', alert_type: 11, alert_created: T0, message: 'Alice mentioned you in Design', target: { address: 'design' } } }));
    h.frame();
    expect(lastPatchWith(h, 'alerts').put).toEqual([expect.objectContaining({ guid: 'a-men', typeName: 'Mentioned', behaviour: 'go-to', address: 'design' })]);
    expect(lastPatchWith(h, 'toasts')).toEqual([{ id: 'uuid-2', title: 'Mentioned', body: 'Alice mentioned you in Design', kind: 'info', alertGuid: 'a-men', address: null }]);
    await h.clock.advance(4_999);
    h.frame();
    expect(lastPatchWith(h, 'toasts')).toHaveLength(1);
    await h.clock.advance(1);
    h.frame();
    expect(lastPatchWith(h, 'toasts')).toEqual([]);
  });

  it('keeps at most 4 toasts, newest first, and closes one on request', async () => {
    const h = await signedIn([]);
    for (let i = 1; i <= 5; i++) {
      h.socket().receive(encodeFrame('ALR', { alert: { guid: `a${i}`, alert_type: 17, alert_created: T0 + i, message: `number ${i}` } }));
      await h.clock.advance(100);
    }
    h.frame();
    const toasts = lastPatchWith(h, 'toasts');
    expect(toasts.map((t) => t.body)).toEqual(['number 5', 'number 4', 'number 3', 'number 2']);
    await h.core.api.$closeToast(toasts[0]!.id);
    h.frame();
    expect(lastPatchWith(h, 'toasts').map((t) => t.body)).toEqual(['number 4', 'number 3', 'number 2']);
  });

  it('logs an unknown alert type and still shows it; rejects an invalid ALR without changing state', async () => {
    const h = await signedIn([]);
    h.socket().receive(encodeFrame('ALR', { alert: { guid: 'odd', alert_type: 77, alert_created: T0, message: 'From the future' } }));
    h.socket().receive('ALR {"alert":{"guid":"bad"}}');
    h.frame();
    expect(lastPatchWith(h, 'alerts').put).toEqual([expect.objectContaining({ guid: 'odd', typeName: 'Alert 77', behaviour: 'unknown' })]);
    expect(h.core.projections.alerts.byGuid.has('bad')).toBe(false);
    expect(h.core.rejections.total).toBe(1);
  });

  it('dismisses on the server first, then marks locally; a failed call changes nothing', async () => {
    const h = await signedIn();
    h.routes.set(`${P}/alerts/dismiss`, () => ({ status: 500, body: { isOk: false, message: 'boom' } }));
    expect((await h.core.api.$dismissAlerts(['a-join'])).ok).toBe(false);
    expect(h.core.projections.alerts.byGuid.get('a-join')?.is_dismissed).toBe(false);
    h.routes.set(`${P}/alerts/dismiss`, () => ({ status: 200, body: { isOk: true } }));
    expect((await h.core.api.$dismissAlerts(['a-join'])).ok).toBe(true);
    expect(h.calls.filter((c) => c.path === `${P}/alerts/dismiss`).at(-1)?.body).toEqual({ alerts: ['a-join'] });
    expect(h.core.projections.alerts.byGuid.get('a-join')?.is_dismissed).toBe(true);
  });

  it('answers a join request with teams/process for the request the alert names', async () => {
    const h = await signedIn();
    expect((await h.core.api.$processJoinRequest('a-join', false)).ok).toBe(true);
    expect(h.calls.find((c) => c.path === `${P}/teams/process`)?.body).toEqual({ alert_guid: 'a-join', guid: 'req-1', approve: false });
    expect(h.core.projections.alerts.byGuid.get('a-join')?.is_dismissed).toBe(true);
    expect((await h.core.api.$processJoinRequest('missing', true)).ok).toBe(false);
  });

  it('an ALD from another device marks alerts dismissed', async () => {
    const h = await signedIn();
    h.socket().receive(encodeFrame('ALD', { alerts: ['a-join'] }));
    expect(h.core.projections.alerts.byGuid.get('a-join')?.is_dismissed).toBe(true);
  });
});
