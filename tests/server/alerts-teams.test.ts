/** Alerts (last_alerts, dismiss, ALR/ALD) and the join-request flow (teams/request, teams/process). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LastAlertsResponse } from '../../protocol/rest/alerts';
import { TEAM_MESSAGES } from '../../server/routes/teams';
import { loginDemo, startHarness, type Harness, type Session, type TestSocket } from './helpers';

let h: Harness;
let alice: Session, bob: Session, carol: Session, dave: Session;
let aliceSocket: TestSocket, bobSocket: TestSocket;

const teamGuid = async (s: Session, name: string): Promise<string> => (await h.channelByName(s, name)).guid;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, bob, carol, dave } = await loginDemo(h));
  aliceSocket = await h.socket(alice);
  bobSocket = await h.socket(bob);
});
afterAll(async () => {
  aliceSocket?.close();
  bobSocket?.close();
  await h?.server.close();
});

describe('teams/request and teams/process', () => {
  it('joins an open team at once', async () => {
    const design = await teamGuid(alice, 'Design');
    expect(await h.ok('teamsRequest', { action: 'join', team_guid: design }, dave)).toEqual({ isOk: true, result: 'joined' });
    expect((await h.ok('channelsList', {}, dave)).channels.map((c: any) => c.name)).toContain('Design');
  });

  it('asks the admins of a team that is not open, and an approval makes the person a member', async () => {
    const council = await teamGuid(alice, 'Product Council');
    expect(await h.ok('teamsRequest', { action: 'join', team_guid: council }, bob)).toEqual({ isOk: true, result: 'requested' });
    // Asking twice does not alert twice.
    await h.ok('teamsRequest', { action: 'join', team_guid: council }, bob);
    const asked = await aliceSocket.next('ALR', (d) => d.alert.alert_type === 1);
    expect(asked.alert).toMatchObject({ message: 'Bob Brown asks to join Product Council.', alert_type_name: 'Request to join team', is_dismissed: false });
    expect(aliceSocket.count('ALR', (d) => d.alert.alert_type === 1)).toBe(1);
    const target = asked.alert.target as Record<string, string>;
    expect(target).toMatchObject({ team_guid: council, target_user_guid: bob.user_guid });

    // Carol is a member but not an admin: she cannot answer (and the alert is not hers anyway).
    expect((await h.call('teamsProcess', { alert_guid: asked.alert.guid, guid: target['request_guid'], approve: true }, carol)).status).toBe(404);
    expect((await h.call('teamsProcess', { alert_guid: asked.alert.guid, guid: 'another', approve: true }, alice)).status).toBe(400);

    expect(await h.ok('teamsProcess', { alert_guid: asked.alert.guid, guid: target['request_guid']!, approve: true }, alice)).toEqual({ isOk: true, result: 'approved' });
    const added = await bobSocket.next('CHA', (d) => d.action === 'add' && d.channel?.name === 'Product Council');
    expect(added.channel).toMatchObject({ is_member: true, member_type: 0 });
    const approved = await bobSocket.next('ALR', (d) => d.alert.alert_type === 2);
    expect(approved.alert.message).toBe('Your request to join Product Council was approved.');
    const dismissed = await aliceSocket.next('ALD');
    expect(dismissed.alerts).toEqual([asked.alert.guid]);
    // The same answer again is a harmless retry; the other answer is refused.
    expect((await h.call('teamsProcess', { alert_guid: asked.alert.guid, guid: target['request_guid'], approve: true }, alice)).status).toBe(200);
    expect((await h.call('teamsProcess', { alert_guid: asked.alert.guid, guid: target['request_guid'], approve: false }, alice)).body.message).toBe(
      TEAM_MESSAGES.alreadyAnswered,
    );
  });

  it('tells the person when a request is denied, with the spec text', async () => {
    const council = await teamGuid(alice, 'Product Council');
    const daveSocket = await h.socket(dave);
    await h.ok('teamsRequest', { action: 'join', team_guid: council }, dave);
    const asked = await aliceSocket.next('ALR', (d) => d.alert.alert_type === 1 && (d.alert.target as any).target_user_guid === dave.user_guid);
    await h.ok('teamsProcess', { alert_guid: asked.alert.guid, guid: (asked.alert.target as any).request_guid, approve: false }, alice);
    const denied = await daveSocket.next('ALR', (d) => d.alert.alert_type === 3);
    expect(denied.alert.message).toBe('Your request to join Product Council was denied.');
    expect((await h.ok('channelsList', {}, dave)).channels.map((c: any) => c.name)).not.toContain('Product Council');
    daveSocket.close();
  });

  it('withdraws a pending request and refuses to withdraw none', async () => {
    const council = await teamGuid(alice, 'Product Council');
    const other = await h.login('dave@acme.test');
    await h.ok('teamsRequest', { action: 'join', team_guid: council }, other);
    expect(await h.ok('teamsRequest', { action: 'cancel', team_guid: council }, other)).toEqual({ isOk: true, result: 'cancelled' });
    const again = await h.call('teamsRequest', { action: 'cancel', team_guid: council }, other);
    expect(again).toMatchObject({ status: 400, body: { isOk: false, message: TEAM_MESSAGES.noRequest } });
  });

  it('rejects unknown teams and bad bodies at the edge', async () => {
    expect((await h.call('teamsRequest', { action: 'join', team_guid: 'nope' }, bob)).status).toBe(404);
    const bad = await h.call('teamsRequest', { action: 'shout', team_guid: 'x' }, bob);
    expect(bad.status).toBe(400);
    expect(bad.body.results).toHaveProperty('action');
  });
});

describe('last_alerts and alerts/dismiss', () => {
  it('lists the user\'s alerts newest first and dismisses only their own', async () => {
    const listed = LastAlertsResponse.parse(await h.ok('lastAlerts', {}, bob));
    expect(listed.alerts.map((a) => a.alert_type)).toEqual([2]);
    const guid = listed.alerts[0]!.guid;
    // Alice cannot dismiss Bob's alert: nothing changes for him.
    await h.ok('dismissAlerts', { alerts: [guid] }, alice);
    expect((await h.ok('lastAlerts', {}, bob)).alerts[0].is_dismissed).toBe(false);
    await h.ok('dismissAlerts', { alerts: [guid] }, bob);
    expect((await bobSocket.next('ALD')).alerts).toEqual([guid]);
    expect((await h.ok('lastAlerts', {}, bob)).alerts[0].is_dismissed).toBe(true);
    // A retry is harmless and sends no second ALD.
    await h.ok('dismissAlerts', { alerts: [guid] }, bob);
    expect(bobSocket.count('ALD')).toBe(1);
  });

  it('refuses an empty list and a non-empty last_alerts body', async () => {
    expect((await h.call('dismissAlerts', { alerts: [] }, bob)).status).toBe(400);
    expect((await h.call('lastAlerts', { surprise: 1 }, bob)).status).toBe(400);
    expect((await h.call('lastAlerts', {})).status).toBe(403);
  });
});
