/**
 * Notifications on the server: urgent and mention alerts from posts, per-channel
 * and global settings, mutes, two-factor reset requests, env_data versions and
 * information-alert broadcasts — over real HTTP and WebSocket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES } from '../../server/routes/alerts';
import { NOTIFY_MESSAGES } from '../../server/routes/notifications';
import { SECURITY_MESSAGES } from '../../server/routes/security';
import { CLIENT_VERSION } from '../../protocol/version';
import { loginDemo, sleep, startHarness, textJson, type Harness, type Session, type TestSocket } from './helpers';

let h: Harness;
let alice: Session, bob: Session, carol: Session, dave: Session;
const sockets: TestSocket[] = [];
let aliceS: TestSocket, bobS: TestSocket, carolS: TestSocket, daveS: TestSocket;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, bob, carol, dave } = await loginDemo(h));
  [aliceS, bobS, carolS, daveS] = (await Promise.all([alice, bob, carol, dave].map((s) => h.socket(s)))) as [TestSocket, TestSocket, TestSocket, TestSocket];
  sockets.push(aliceS, bobS, carolS, daveS);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await h?.server.close();
});

const person = (s: Session, name: string, scope: 'user' | 'channel' | 'all' = 'user', address?: string) => ({
  type: 'person',
  user_guid: scope === 'user' ? s.user_guid : address,
  name,
  scope,
});
const alertsOf = async (s: Session, type: number): Promise<any[]> => (await h.ok('lastAlerts', {}, s)).alerts.filter((a: any) => a.alert_type === type);
/** Lets alerts created after the response reach the database (they are created before it, but be safe across sockets). */
const settleFrames = () => sleep(50);

describe('urgent and mention alerts', () => {
  it('alerts every other member of an urgent message, never the author', async () => {
    const design = await h.channelByName(alice, 'Design');
    const posted = await h.ok('post', { address: design.address, json: textJson('Server is down, please stop deploying'), is_urgent: true }, alice);
    const toBob = await bobS.next('ALR', (d) => d.alert.alert_type === 0);
    const toCarol = await carolS.next('ALR', (d) => d.alert.alert_type === 0);
    expect(toBob.alert).toMatchObject({
      alert_type_name: 'Urgent message',
      message: 'Alice Anders in Design: Server is down, please stop deploying',
      target: { address: design.address, message_guid: posted.message.guid, from_guid: alice.user_guid },
      is_dismissed: false,
    });
    expect((toCarol.alert.target as Record<string, unknown>)['message_guid']).toBe(posted.message.guid);
    await settleFrames();
    expect(aliceS.count('ALR', (d) => d.alert.alert_type === 0)).toBe(0);
    // Dave is not in Design.
    expect(daveS.count('ALR', (d) => d.alert.alert_type === 0)).toBe(0);
    expect(await alertsOf(bob, 0)).toHaveLength(1);
  });

  it('alerts the person a user mention names, and everyone for a channel-wide mention', async () => {
    const eng = await h.channelByName(bob, 'Engineering');
    const parts = [person(dave, 'Dave Diaz'), { type: 'text', text: ' can you look at the flaky test?' }];
    await h.ok('post', { address: eng.address, json: JSON.stringify(parts), is_urgent: false }, bob);
    const toDave = await daveS.next('ALR', (d) => d.alert.alert_type === 11);
    expect(toDave.alert.message).toBe('Bob Brown mentioned you in Engineering: @Dave Diaz can you look at the flaky test?');
    await settleFrames();
    expect(carolS.count('ALR', (d) => d.alert.alert_type === 11)).toBe(0);

    const all = [person(bob, 'everyone', 'all', eng.address), { type: 'text', text: ' standup in 5' }];
    await h.ok('post', { address: eng.address, json: JSON.stringify(all), is_urgent: false }, carol);
    for (const s of [aliceS, bobS]) await s.next('ALR', (d) => d.alert.alert_type === 11 && d.alert.message.includes('standup'));
    await daveS.next('ALR', (d) => d.alert.alert_type === 11 && d.alert.message.includes('standup'));
    await settleFrames();
    expect(carolS.count('ALR', (d) => d.alert.alert_type === 11 && d.alert.message.includes('standup'))).toBe(0);
  });

  it('does not alert a mentioned person outside the conversation, and gives an urgent mention only the urgent alert', async () => {
    const design = await h.channelByName(alice, 'Design');
    const before = (await alertsOf(dave, 11)).length;
    const parts = [person(dave, 'Dave Diaz'), person(carol, 'Carol Chen'), { type: 'text', text: ' ship it' }];
    await h.ok('post', { address: design.address, json: JSON.stringify(parts), is_urgent: true }, alice);
    await carolS.next('ALR', (d) => d.alert.alert_type === 0 && d.alert.message.includes('ship it'));
    await settleFrames();
    expect((await alertsOf(dave, 11)).length).toBe(before);
    expect(carolS.count('ALR', (d) => d.alert.alert_type === 11 && d.alert.message.includes('ship it'))).toBe(0);
  });

  it('names no place in a direct message', async () => {
    const dm = (await h.ok('channelsList', {}, alice)).channels.find((c: any) => c.channel_type === 0 && c.target_user_guid === bob.user_guid);
    await h.ok('post', { address: dm.address, json: textJson('call me'), is_urgent: true }, alice);
    const got = await bobS.next('ALR', (d) => d.alert.alert_type === 0 && d.alert.message.includes('call me'));
    expect(got.alert.message).toBe('Alice Anders: call me');
  });

  it('skips people whose notifications for the channel are off, but still alerts people who muted it', async () => {
    const design = await h.channelByName(carol, 'Design');
    await h.ok('channelNotification', { address: design.address, channel_on: false }, carol);
    await h.ok('mute', { address: design.address, mute_always: true }, bob);
    await h.ok('post', { address: design.address, json: textJson('quiet please'), is_urgent: true }, alice);
    await bobS.next('ALR', (d) => d.alert.message.includes('quiet please'));
    await settleFrames();
    expect(carolS.count('ALR', (d) => d.alert.message.includes('quiet please'))).toBe(0);
    await h.ok('channelNotification', { address: design.address, channel_on: true }, carol);
    await h.ok('mute', { address: design.address, mute_always: null }, bob);
  });

  it('follows the global settings and the setting of the channel kind', async () => {
    const hr = await h.channelByName(dave, 'HR');
    await h.ok('globalNotifications', { departments_on: false }, dave);
    await h.ok('post', { address: hr.address, json: JSON.stringify([person(dave, 'Dave Diaz'), { type: 'text', text: ' hr ping' }]), is_urgent: false }, alice);
    const eng = await h.channelByName(alice, 'Engineering');
    await h.ok('post', { address: eng.address, json: JSON.stringify([person(dave, 'Dave Diaz'), { type: 'text', text: ' eng ping' }]), is_urgent: false }, alice);
    await daveS.next('ALR', (d) => d.alert.message.includes('eng ping'));
    await settleFrames();
    expect(daveS.count('ALR', (d) => d.alert.message.includes('hr ping'))).toBe(0);
    await h.ok('globalNotifications', { departments_on: true, global_on: false }, dave);
    await h.ok('post', { address: eng.address, json: JSON.stringify([person(dave, 'Dave Diaz'), { type: 'text', text: ' off ping' }]), is_urgent: true }, bob);
    await settleFrames();
    expect(daveS.count('ALR', (d) => d.alert.message.includes('off ping'))).toBe(0);
    await h.ok('globalNotifications', { global_on: true }, dave);
  });
});

describe('notification settings', () => {
  it('turns a channel off and on; channels/list carries channel_on', async () => {
    const design = await h.channelByName(bob, 'Design');
    expect(design.channel_on).toBe(true);
    expect(await h.ok('channelNotification', { address: design.address, channel_on: false }, bob)).toEqual({ isOk: true, address: design.address, channel_on: false });
    expect((await h.channelByName(bob, 'Design')).channel_on).toBe(false);
    // Only Bob's view changed.
    expect((await h.channelByName(carol, 'Design')).channel_on).toBe(true);
    await h.ok('channelNotification', { address: design.address, channel_on: true }, bob);
    expect((await h.channelByName(bob, 'Design')).channel_on).toBe(true);
  });

  it('refuses channels the user is not in, and bad bodies, with a clear message', async () => {
    const hr = await h.channelByName(alice, 'HR');
    expect(await h.call('channelNotification', { address: hr.address, channel_on: false }, bob)).toMatchObject({ status: 404, body: { isOk: false, message: 'No channel found' } });
    const bad = await h.call('channelNotification', { address: hr.address, channel_on: 'no' }, alice);
    expect(bad.status).toBe(400);
    expect(bad.body.results.channel_on.isOk).toBe(false);
  });

  it('changes several channels at once, all or nothing', async () => {
    const design = await h.channelByName(carol, 'Design');
    const eng = await h.channelByName(carol, 'Engineering');
    const hr = await h.channelByName(alice, 'HR');
    const refused = await h.call('channelNotifications', { channels: [{ address: design.address, channel_on: false }, { address: hr.address, channel_on: false }] }, carol);
    expect(refused.status).toBe(404);
    expect((await h.channelByName(carol, 'Design')).channel_on).toBe(true);
    const res = await h.ok('channelNotifications', { channels: [{ address: design.address, channel_on: false }, { address: eng.address, channel_on: false }] }, carol);
    expect(res.channels).toEqual([
      { address: design.address, channel_on: false },
      { address: eng.address, channel_on: false },
    ]);
    expect((await h.channelByName(carol, 'Engineering')).channel_on).toBe(false);
    await h.ok('channelNotifications', { channels: [{ address: design.address, channel_on: true }, { address: eng.address, channel_on: true }] }, carol);
    expect((await h.call('channelNotifications', { channels: [] }, carol)).status).toBe(400);
  });

  it('reads and changes the global settings', async () => {
    expect(await h.ok('globalNotifications', {}, carol)).toEqual({ isOk: true, global_on: true, conversations_on: true, teams_on: true, departments_on: true, mutes: [] });
    const changed = await h.ok('globalNotifications', { teams_on: false }, carol);
    expect(changed).toMatchObject({ global_on: true, teams_on: false, conversations_on: true });
    expect((await h.ok('globalNotifications', {}, carol)).teams_on).toBe(false);
    expect((await h.ok('globalNotifications', {}, bob)).teams_on).toBe(true);
    await h.ok('globalNotifications', { teams_on: true }, carol);
    const unknown = await h.call('globalNotifications', { sound_on: true }, carol);
    expect(unknown.status).toBe(400);
  });
});

describe('mutes', () => {
  it('keeps one-hour, today and always mutually exclusive and lists the mutes that are on', async () => {
    const design = await h.channelByName(carol, 'Design');
    const hour = Date.now() + 3_600_000;
    expect((await h.ok('mute', { address: design.address, mute_hour: hour }, carol)).mute).toEqual({ address: design.address, mute_hour: hour, mute_today: null, mute_always: false });
    const always = await h.ok('mute', { address: design.address, mute_always: true }, carol);
    expect(always.mute).toEqual({ address: design.address, mute_hour: null, mute_today: null, mute_always: true });
    // null clears only that one.
    expect((await h.ok('mute', { address: design.address, mute_today: null }, carol)).mute.mute_always).toBe(true);
    const global = Date.now() + 10 * 3_600_000;
    await h.ok('mute', { address: null, mute_today: global }, carol);
    expect((await h.ok('globalNotifications', {}, carol)).mutes).toEqual([
      { address: null, mute_hour: null, mute_today: global, mute_always: false },
      { address: design.address, mute_hour: null, mute_today: null, mute_always: true },
    ]);
    await h.ok('mute', { address: design.address, mute_always: null }, carol);
    await h.ok('mute', { address: null, mute_today: null }, carol);
    expect((await h.ok('globalNotifications', {}, carol)).mutes).toEqual([]);
  });

  it('refuses two mutes at once, times out of range, and channels the user is not in', async () => {
    const design = await h.channelByName(carol, 'Design');
    const two = await h.call('mute', { address: design.address, mute_always: true, mute_hour: Date.now() + 60_000 }, carol);
    expect(two).toMatchObject({ status: 400, body: { message: NOTIFY_MESSAGES.oneMute } });
    const far = await h.call('mute', { address: design.address, mute_hour: Date.now() + 5 * 3_600_000 }, carol);
    expect(far).toMatchObject({ status: 400, body: { message: `mute_hour: ${NOTIFY_MESSAGES.hourRange}` } });
    const past = await h.call('mute', { address: design.address, mute_today: Date.now() - 3_600_000 }, carol);
    expect(past.status).toBe(400);
    const hr = await h.channelByName(alice, 'HR');
    expect((await h.call('mute', { address: hr.address, mute_always: true }, carol)).status).toBe(404);
    expect((await h.call('mute', { mute_always: true }, carol)).status).toBe(400);
  });

  it('lists an expired mute as off', async () => {
    const eng = await h.channelByName(dave, 'Engineering');
    const soon = Date.now() + 300;
    await h.ok('mute', { address: eng.address, mute_hour: soon }, dave);
    expect((await h.ok('globalNotifications', {}, dave)).mutes).toHaveLength(1);
    await sleep(400);
    expect((await h.ok('globalNotifications', {}, dave)).mutes).toEqual([]);
  });
});

describe('two-factor reset requests', () => {
  it('alerts the company admins, lists the request, and resets on an admin’s answer, which the person is told (CAN)', async () => {
    const asked = await h.ok('requestReset', {}, carol);
    expect(asked.request).toMatchObject({ target_user_guid: carol.user_guid, name: 'Carol Chen', email: 'carol@acme.test' });
    const alert = await aliceS.next('ALR', (d) => d.alert.alert_type === 16);
    expect(alert.alert).toMatchObject({ message: SECURITY_MESSAGES.asks('Carol Chen'), target: { target_user_guid: carol.user_guid } });
    // Asking again does not alert again.
    await h.ok('requestReset', {}, carol);
    await settleFrames();
    expect(aliceS.count('ALR', (d) => d.alert.alert_type === 16)).toBe(1);
    expect(bobS.count('ALR', (d) => d.alert.alert_type === 16)).toBe(0);

    expect((await h.ok('adminResetRequests', {}, alice)).requests.map((r: any) => r.target_user_guid)).toEqual([carol.user_guid]);
    expect((await h.ok('adminResetRequests', {}, carol)).requests).toHaveLength(1);
    expect((await h.ok('adminResetRequests', {}, bob)).requests).toEqual([]);

    expect(await h.call('adminReset', { target_user_guid: carol.user_guid }, bob)).toMatchObject({ status: 400, body: { message: SECURITY_MESSAGES.adminsOnly } });
    await h.ok('adminReset', { target_user_guid: carol.user_guid }, alice);
    expect((await aliceS.next('ALD', (d) => d.alerts.includes(alert.alert.guid))).alerts).toEqual([alert.alert.guid]);
    const done = await carolS.next('ALR', (d) => d.alert.alert_type === 17);
    expect(done.alert.message).toBe(SECURITY_MESSAGES.done('Alice Anders'));
    // The person is told the request is no longer pending (their settings listed it until a reload); the
    // admin who answered knows.
    expect(await carolS.next('CAN')).toEqual({ target_user_guid: carol.user_guid, alerts: [] });
    await settleFrames();
    expect(aliceS.count('CAN')).toBe(0);
    expect((await h.ok('adminResetRequests', {}, alice)).requests).toEqual([]);
    expect((await h.ok('adminResetRequests', {}, carol)).requests).toEqual([]);
  });

  it('sends CAN to the admins and the person when a request is cancelled; the alert stays until dismissed', async () => {
    await h.ok('requestReset', {}, dave);
    const alert = await aliceS.next('ALR', (d) => d.alert.alert_type === 16 && (d.alert.target as any).target_user_guid === dave.user_guid);
    expect(await h.call('adminResetCancel', { target_user_guid: dave.user_guid }, bob)).toMatchObject({ status: 400, body: { message: SECURITY_MESSAGES.cancelOwnOrAdmin } });
    await h.ok('adminResetCancel', { target_user_guid: dave.user_guid }, dave);
    expect(await aliceS.next('CAN')).toEqual({ target_user_guid: dave.user_guid, alerts: [alert.alert.guid] });
    expect(await daveS.next('CAN')).toEqual({ target_user_guid: dave.user_guid, alerts: [] });
    await settleFrames();
    expect(bobS.count('CAN')).toBe(0);
    expect((await h.ok('lastAlerts', {}, alice)).alerts.find((a: any) => a.guid === alert.alert.guid).is_dismissed).toBe(false);
    expect(await h.call('adminResetCancel', { target_user_guid: dave.user_guid }, dave)).toMatchObject({ status: 400, body: { message: SECURITY_MESSAGES.noRequest } });
    expect((await h.call('adminReset', { target_user_guid: 'nobody' }, alice)).status).toBe(404);
  });
});

describe('env_data and broadcasts', () => {
  it('reports this build’s version by default', async () => {
    expect(await h.ok('envData', {}, bob)).toEqual({ isOk: true, server_proxy: null, server_version: CLIENT_VERSION, latest_release: CLIENT_VERSION });
  });

  it('reports configured versions', async () => {
    const other = await startHarness({ versions: { server_version: '9.1.0', latest_release: '9.0.2' } });
    try {
      const s = await other.login('bob@acme.test');
      expect(await other.ok('envData', {}, s)).toMatchObject({ server_version: '9.1.0', latest_release: '9.0.2' });
    } finally {
      await other.server.close();
    }
  });

  it('lets only company admins send information alerts, promotions marked as such', async () => {
    expect(await h.call('broadcastAlert', { message: 'hi' }, bob)).toMatchObject({ status: 400, body: { message: ALERT_MESSAGES.broadcastAdminsOnly } });
    expect((await h.call('broadcastAlert', { message: '   ' }, alice)).status).toBe(400);
    expect(await h.ok('broadcastAlert', { message: 'Try the new calendar!', promotion: true }, alice)).toEqual({ isOk: true, sent: 3 });
    const got = await bobS.next('ALR', (d) => d.alert.message === 'Try the new calendar!');
    expect(got.alert).toMatchObject({ alert_type: 17, target: { promotion: true } });
    await settleFrames();
    expect(aliceS.count('ALR', (d) => d.alert.message === 'Try the new calendar!')).toBe(0);
  });
});
