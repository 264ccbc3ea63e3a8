/**
 * Notifications in the core with the manual clock: announcing messages (toast,
 * beep), urgent alerts (chord), the sound throttles, mobile and mutes, mute
 * expiry by the 10 s check, per-channel and global settings, the badge and
 * title, alerts that time out, the version-upgrade delay, the admin-alerts
 * rule, alert actions, two-factor reset requests, popovers.
 */
import { describe, expect, it } from 'vitest';
import { T0 } from '../../fixtures/builders';
import { showPopover } from '../../core-worker/popover';
import { canonicalJson } from '../../projections/canonical';
import { foldAll } from '../../projections/fold';
import type { AlertWire, ChannelWire, MessageWire, UserWire } from '../../protocol/entities';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { UPGRADE_ALERT_DELAY_MS } from '../../protocol/version';
import type { ViewPatch } from '../../protocol/views';
import { startHarness, type Harness, type Route } from './harness';

const P = '/secure/data/confirmed/corporate';
const bob: UserWire = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', email: 'bob@acme.test', company_guid: 'acme' };
const alice: UserWire = { target_user_guid: 'alice', first_name: 'Alice', last_name: 'Anders', name: 'Alice Anders', company_guid: 'acme', is_company_admin: true };
const design: ChannelWire = { guid: 'design-g', address: 'design', name: 'Design', channel_type: 1, etype: 'channel' };
const hr: ChannelWire = { guid: 'hr-g', address: 'hr', name: 'HR', channel_type: 1, etype: 'channel', is_hr: true };
const dm: ChannelWire = { guid: 'dm-g', address: 'dm', name: 'Alice Anders', channel_type: 0, etype: 'DM', target_user_guid: 'alice' };

interface World {
  settings: { global_on: boolean; conversations_on: boolean; teams_on: boolean; departments_on: boolean };
  mutes: unknown[];
  versions: { server_version: string; latest_release: string };
  resets: unknown[];
  alerts: unknown[];
  me: UserWire;
}

function world(over: Partial<World> = {}): World {
  return {
    settings: { global_on: true, conversations_on: true, teams_on: true, departments_on: true },
    mutes: [],
    versions: { server_version: '0.5.0', latest_release: '0.5.0' },
    resets: [],
    alerts: [],
    me: bob,
    ...over,
  };
}

function routes(w: World): Record<string, Route> {
  return {
    '/data/login': () => ({ status: 200, body: { isOk: true, login_guid: 'lg', auth_token: 'token-0123456789abcdef', user: w.me } }),
    [`${P}/channels/list`]: () => ({ status: 200, body: { isOk: true, channels: [design, hr, dm] } }),
    [`${P}/users/list`]: () => ({ status: 200, body: { isOk: true, users: [bob, alice] } }),
    [`${P}/last_alerts`]: () => ({ status: 200, body: { isOk: true, alerts: w.alerts } }),
    [`${P}/alerts/dismiss`]: () => ({ status: 200, body: { isOk: true } }),
    [`${P}/notifications/global`]: (body) => {
      Object.assign(w.settings, body);
      return { status: 200, body: { isOk: true, ...w.settings, mutes: w.mutes } };
    },
    [`${P}/notifications/channel`]: (body) => ({ status: 200, body: { isOk: true, address: body.address, channel_on: body.channel_on } }),
    [`${P}/notifications/channels`]: (body) => ({ status: 200, body: { isOk: true, channels: body.channels } }),
    [`${P}/notifications/mute`]: (body) => ({
      status: 200,
      body: { isOk: true, mute: { address: body.address, mute_hour: body.mute_hour ?? null, mute_today: body.mute_today ?? null, mute_always: body.mute_always ?? false } },
    }),
    [`${P}/env_data`]: () => ({ status: 200, body: { isOk: true, server_proxy: null, ...w.versions } }),
    [`${P}/totp/admin_reset_requests`]: () => ({ status: 200, body: { isOk: true, requests: w.resets } }),
    [`${P}/totp/admin_reset`]: () => ({ status: 200, body: { isOk: true } }),
  };
}

async function signedIn(w = world()): Promise<Harness> {
  const h = await startHarness({ routes: routes(w) });
  expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
  h.socket().open();
  await h.clock.advance(0);
  h.frame();
  return h;
}

let n = 0;
function msg(address: string, over: Partial<MessageWire> = {}): string {
  const created = T0 + ++n;
  return encodeFrame('MSG', {
    message: { guid: `m${n}`, address, created, from_guid: 'alice', from_first_name: 'Alice', from_last_name: 'Anders', json: JSON.stringify([{ type: 'text', text: `hello ${n}` }]), ...over },
  });
}
/** Delivers a frame and flushes the patch, as the UI would get it (sounds coalesce within one frame). */
function send(h: Harness, text: string): void {
  h.socket().receive(text);
  h.frame();
}
const alr = (alert: Partial<AlertWire> & { guid: string; alert_type: number }) => encodeFrame('ALR', { alert: { alert_created: T0, message: `alert ${alert.guid}`, ...alert } });

/** The latest value of a patch field, as the UI would hold it. */
function latest<K extends keyof ViewPatch>(h: Harness, key: K): ViewPatch[K] | undefined {
  h.frame();
  return h.patches.filter((p) => p[key] !== undefined).at(-1)?.[key];
}
const sounds = (h: Harness) => {
  h.frame();
  const ids = new Set<number>();
  const out: string[] = [];
  for (const p of h.patches) if (p.sound && !ids.has(p.sound.id) && !p.reset) (ids.add(p.sound.id), out.push(p.sound.kind));
  return out;
};
const toastTitles = (h: Harness) => (latest(h, 'toasts') ?? []).map((t) => t.title);

describe('announcing messages and alerts', () => {
  it('toasts and beeps a new message from someone else, at most once per second, never for one’s own or the open conversation', async () => {
    const h = await signedIn();
    send(h, msg('design'));
    expect(latest(h, 'toasts')).toEqual([expect.objectContaining({ title: 'Design', body: `Alice Anders: hello ${n}`, address: 'design' })]);
    expect(sounds(h)).toEqual(['beep']);
    await h.clock.advance(500);
    send(h, msg('dm'));
    expect(sounds(h)).toEqual(['beep']);
    expect(toastTitles(h)).toEqual(['Design']);
    await h.clock.advance(600);
    send(h, msg('dm'));
    expect(sounds(h)).toEqual(['beep', 'beep']);
    expect(toastTitles(h)).toEqual(['Alice Anders', 'Design']);
    await h.clock.advance(2_000);
    send(h, msg('design', { from_guid: 'bob' }));
    await h.core.api.$openConversation('design');
    send(h, msg('design'));
    expect(sounds(h)).toEqual(['beep', 'beep']);
    // Looking away from the open conversation: it is announced again.
    await h.core.api.$setAttention(false);
    await h.clock.advance(2_000);
    send(h, msg('design'));
    expect(sounds(h)).toEqual(['beep', 'beep', 'beep']);
  });

  /** Signed in on a fresh log whose channel list is held back until `releaseList` (the first moments of a sign-in). */
  async function listHeldBack(w = world(), channels?: ChannelWire[]): Promise<{ h: Harness; releaseList: () => void }> {
    const r = routes(w);
    const list = channels ? () => ({ status: 200, body: { isOk: true, channels } }) : r[`${P}/channels/list`]!;
    let releaseList = (): void => {};
    r[`${P}/channels/list`] = (body, headers) => new Promise((resolve) => (releaseList = () => resolve(list(body, headers))));
    const h = await startHarness({ routes: r });
    expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
    h.socket().open();
    await h.clock.advance(0);
    h.frame();
    // A fresh log: no conversation is known yet, and the list is on its way.
    expect(h.core.projections.channels.byAddress.size).toBe(0);
    return { h, releaseList: () => releaseList() };
  }

  it('names the conversation of a message that arrives before the first channel list once the list is in; one it does not name, by its sender', async () => {
    const { h, releaseList } = await listHeldBack();
    send(h, msg('design'));
    const design = n;
    await h.clock.advance(1_000);
    send(h, msg('dm'));
    const direct = n;
    await h.clock.advance(1_000);
    send(h, msg('unlisted'));
    const unlisted = n;
    // Neither sound nor toast until the list says where they are; then one beep for them all.
    expect(sounds(h)).toEqual([]);
    expect(latest(h, 'toasts') ?? []).toEqual([]);
    releaseList();
    await h.clock.advance(0);
    expect(sounds(h)).toEqual(['beep']);
    expect(latest(h, 'toasts')).toEqual([
      expect.objectContaining({ title: 'Alice Anders', body: `hello ${unlisted}`, address: 'unlisted' }),
      expect.objectContaining({ title: 'Alice Anders', body: `hello ${direct}`, address: 'dm' }),
      expect.objectContaining({ title: 'Design', body: `Alice Anders: hello ${design}`, address: 'design' }),
    ]);
    expect(JSON.stringify(latest(h, 'toasts'))).not.toContain('this conversation');
    // The toasts are events in the log: a rebuild from it holds them too.
    expect(canonicalJson(foldAll(h.core.log))).toBe(canonicalJson(h.core.projections));
  });

  it('keeps a message that arrives before the first channel list quiet when the list says its channel does not notify', async () => {
    const { h, releaseList } = await listHeldBack(world(), [{ ...design, channel_on: false }, hr, dm]);
    send(h, msg('design'));
    // Half a second later, in a conversation that notifies: the silent one does not hold it back.
    await h.clock.advance(500);
    send(h, msg('dm'));
    const direct = n;
    // Before the list, 'design' would have been judged a direct message, and beeped.
    expect(sounds(h)).toEqual([]);
    releaseList();
    await h.clock.advance(0);
    expect(sounds(h)).toEqual(['beep']);
    expect(latest(h, 'toasts')).toEqual([expect.objectContaining({ title: 'Alice Anders', body: `hello ${direct}`, address: 'dm' })]);
    expect(canonicalJson(foldAll(h.core.log))).toBe(canonicalJson(h.core.projections));
  });

  it('keeps messages that arrive before the first channel list in muted or silenced channels quiet when it comes: no sound, no toast', async () => {
    // Bob muted Design; HR is a department, and departments do not notify him.
    const w = world({ settings: { global_on: true, conversations_on: true, teams_on: true, departments_on: false }, mutes: [{ address: 'design', mute_hour: null, mute_today: null, mute_always: true }] });
    const { h, releaseList } = await listHeldBack(w);
    send(h, msg('design'));
    await h.clock.advance(2_000);
    send(h, msg('hr'));
    releaseList();
    await h.clock.advance(0);
    expect(sounds(h)).toEqual([]);
    expect(latest(h, 'toasts') ?? []).toEqual([]);
    // After the list, as ever.
    await h.clock.advance(2_000);
    send(h, msg('dm'));
    expect(sounds(h)).toEqual(['beep']);
    expect(toastTitles(h)).toEqual(['Alice Anders']);
  });

  it('judges the messages that waited for the list by their own times: at most one a second, and one beep when the list comes', async () => {
    const { h, releaseList } = await listHeldBack();
    send(h, msg('design'));
    const first = n;
    await h.clock.advance(400);
    send(h, msg('dm'));
    await h.clock.advance(700);
    send(h, msg('dm'));
    const third = n;
    releaseList();
    await h.clock.advance(0);
    // The second came 400 ms after the first: not announced, as it would not have been with the list there.
    expect(sounds(h)).toEqual(['beep']);
    expect((latest(h, 'toasts') ?? []).map((t) => t.body)).toEqual([`hello ${third}`, `Alice Anders: hello ${first}`]);
    // After the list, each is judged as it comes, as ever.
    await h.clock.advance(1_000);
    send(h, msg('design'));
    expect(sounds(h)).toEqual(['beep', 'beep']);
  });

  it('forgets the messages waiting for the first channel list when the connection drops before it comes', async () => {
    const { h, releaseList } = await listHeldBack();
    send(h, msg('design'));
    h.socket().close();
    await h.clock.advance(0);
    expect(h.core.projections.notify.awaitingList).toBeUndefined();
    releaseList();
    await h.clock.advance(0);
    expect(sounds(h)).toEqual([]);
    expect(latest(h, 'toasts') ?? []).toEqual([]);
  });

  it('toasts a message in a conversation the channel list does not name at once, from its sender (the directory names one the message does not)', async () => {
    const h = await signedIn();
    send(h, msg('new-dm', { from_first_name: '', from_last_name: '' }));
    expect(latest(h, 'toasts')).toEqual([expect.objectContaining({ title: 'Alice Anders', body: `hello ${n}`, address: 'new-dm' })]);
  });

  it('plays the chord for urgent alerts at most once per 30 s, toasting each', async () => {
    const h = await signedIn();
    send(h, alr({ guid: 'u1', alert_type: 0, target: { address: 'design' } }));
    await h.clock.advance(29_000);
    send(h, alr({ guid: 'u2', alert_type: 0, target: { address: 'design' } }));
    expect(sounds(h)).toEqual(['chord']);
    expect(toastTitles(h)).toEqual(['Urgent message']);
    await h.clock.advance(1_000);
    send(h, alr({ guid: 'u3', alert_type: 0, target: { address: 'dm' } }));
    expect(sounds(h)).toEqual(['chord', 'chord']);
    // The same alert again is not new.
    await h.clock.advance(60_000);
    send(h, alr({ guid: 'u3', alert_type: 0, target: { address: 'dm' } }));
    expect(sounds(h)).toEqual(['chord', 'chord']);
  });

  it('keeps mentions about the conversation being looked at quiet, but not urgent alerts', async () => {
    const h = await signedIn();
    await h.core.api.$openConversation('design');
    send(h, alr({ guid: 'men', alert_type: 11, target: { address: 'design' } }));
    expect(sounds(h)).toEqual([]);
    expect(latest(h, 'toasts') ?? []).toEqual([]);
    send(h, alr({ guid: 'urg', alert_type: 0, target: { address: 'design' } }));
    expect(sounds(h)).toEqual(['chord']);
    await h.core.api.$setAttention(false);
    await h.clock.advance(1_000);
    send(h, alr({ guid: 'men2', alert_type: 11, target: { address: 'design' } }));
    expect(sounds(h)).toEqual(['chord', 'beep']);
  });

  it('plays nothing on mobile but still toasts', async () => {
    const h = await signedIn();
    await h.core.api.$describeDevice({ mobile: true });
    send(h, alr({ guid: 'u1', alert_type: 0, target: { address: 'design' } }));
    send(h, msg('dm'));
    expect(sounds(h)).toEqual([]);
    expect(toastTitles(h)).toContain('Urgent message');
  });

  it('a promotion stays 60 s, other toasts 5 s', async () => {
    const h = await signedIn();
    send(h, alr({ guid: 'promo', alert_type: 17, message: 'Try the calendar', target: { promotion: true } }));
    send(h, alr({ guid: 'info', alert_type: 17, message: 'FYI' }));
    expect(latest(h, 'toasts')!.map((t) => t.kind)).toEqual(['info', 'promotion']);
    await h.clock.advance(5_000);
    expect(latest(h, 'toasts')!.map((t) => t.body)).toEqual(['Try the calendar']);
    await h.clock.advance(55_000);
    expect(latest(h, 'toasts')).toEqual([]);
  });
});

describe('mutes and settings', () => {
  it('mutes a channel for an hour: no toast, no sound, not on the badge; the 10 s check clears it afterwards', async () => {
    const h = await signedIn();
    send(h, msg('dm'));
    await h.clock.advance(2_000);
    expect(latest(h, 'notifications')!.badge).toEqual({ count: 1, label: '1', title: '(1) Plaza' });

    expect((await h.core.api.$setMute('design', { kind: 'hour' })).ok).toBe(true);
    const until = h.clock.now() + 3_600_000;
    expect(h.calls.at(-1)).toMatchObject({ path: `${P}/notifications/mute`, body: { address: 'design', mute_hour: until } });
    expect(latest(h, 'channelNotify')).toEqual({ put: [{ address: 'design', channel_on: true, mute: { kind: 'hour', until } }], remove: [] });
    const before = h.patches.length;
    send(h, msg('design'));
    send(h, msg('design'));
    expect(sounds(h)).toEqual(['beep']);
    expect(toastTitles(h)).toEqual(['Alice Anders']);
    expect(h.patches.length).toBeGreaterThan(before);
    // Design's 2 unread do not count toward the badge.
    expect(latest(h, 'notifications')!.badge.count).toBe(1);

    // The hour passes; the check runs on the 10 s grid and then lifts the mute.
    await h.clock.advance(until - h.clock.now() - 1);
    expect(h.core.projections.notify.mutes.has('design')).toBe(true);
    const check = Math.ceil(until / 10_000) * 10_000;
    await h.clock.advance(check - h.clock.now() - 1);
    expect(h.core.projections.notify.mutes.has('design')).toBe(true);
    // Though not yet cleared, an expired mute no longer silences.
    send(h, msg('design'));
    expect(sounds(h)).toEqual(['beep', 'beep']);
    await h.clock.advance(1);
    expect(h.core.projections.notify.mutes.has('design')).toBe(false);
    expect(latest(h, 'channelNotify')).toEqual({ put: [], remove: ['design'] });
    expect(latest(h, 'notifications')!.badge.count).toBe(4);
  });

  it('keeps the mutes mutually exclusive and lifts them', async () => {
    const h = await signedIn();
    await h.core.api.$setMute('design', { kind: 'always' });
    expect(latest(h, 'channelNotify')!.put).toEqual([{ address: 'design', channel_on: true, mute: { kind: 'always', until: null } }]);
    const endOfDay = h.clock.now() + 8 * 3_600_000;
    await h.core.api.$setMute('design', { kind: 'today', until: endOfDay });
    expect(h.calls.at(-1)!.body).toEqual({ address: 'design', mute_today: endOfDay });
    expect(h.core.projections.notify.mutes.get('design')).toEqual({ address: 'design', mute_hour: null, mute_today: endOfDay, mute_always: false });
    await h.core.api.$setMute('design', { kind: 'off' });
    expect(h.calls.at(-1)!.body).toEqual({ address: 'design', mute_hour: null, mute_today: null, mute_always: null });
    expect(h.core.projections.notify.mutes.size).toBe(0);
    expect((await h.core.api.$setMute('design', { kind: 'today', until: h.clock.now() - 1 })).ok).toBe(false);
  });

  it('pausing everything silences every toast and sound, and shows on the notifications view', async () => {
    const h = await signedIn();
    await h.core.api.$setMute(null, { kind: 'always' });
    expect(latest(h, 'notifications')!.pause).toEqual({ kind: 'always', until: null });
    send(h, msg('dm'));
    send(h, alr({ guid: 'u1', alert_type: 0, target: { address: 'design' } }));
    send(h, alr({ guid: 'j1', alert_type: 2, message: 'joined' }));
    expect(sounds(h)).toEqual([]);
    expect(latest(h, 'toasts') ?? []).toEqual([]);
    // The alerts are still listed.
    expect(h.core.projections.alerts.byGuid.has('u1')).toBe(true);
  });

  it('loads settings and mutes on connect; a channel kind turned off or channel_on off is silent', async () => {
    const h = await signedIn(world({ settings: { global_on: true, conversations_on: true, teams_on: true, departments_on: false }, mutes: [{ address: 'dm', mute_hour: null, mute_today: null, mute_always: true }] }));
    expect(latest(h, 'notifications')!.settings.departments_on).toBe(false);
    expect(latest(h, 'channelNotify')!.put).toEqual([{ address: 'dm', channel_on: true, mute: { kind: 'always', until: null } }]);
    send(h, msg('hr'));
    send(h, msg('dm'));
    expect(sounds(h)).toEqual([]);
    await h.clock.advance(2_000);
    expect((await h.core.api.$setChannelNotifications(['design'], false)).ok).toBe(true);
    expect(latest(h, 'toasts')![0]).toMatchObject({ title: 'Notifications off', body: 'Notifications for Design are set to Off.', kind: 'success' });
    send(h, msg('design'));
    expect(sounds(h)).toEqual([]);
    await h.core.api.$setChannelNotifications(['design', 'hr'], true);
    expect(h.calls.at(-1)).toMatchObject({ path: `${P}/notifications/channels`, body: { channels: [{ address: 'design', channel_on: true }, { address: 'hr', channel_on: true }] } });
    expect(latest(h, 'toasts')![0]!.body).toBe('Notifications for 2 conversations are set to On.');
    await h.core.api.$setNotificationSettings({ departments_on: true });
    expect(h.calls.at(-1)).toMatchObject({ path: `${P}/notifications/global`, body: { departments_on: true } });
    await h.clock.advance(2_000);
    send(h, msg('hr'));
    expect(sounds(h)).toEqual(['beep']);
  });
});

describe('the unread badge', () => {
  it('titles the tab with the count, a star while idle, and caps the icon at 99+', async () => {
    const h = await signedIn();
    expect(latest(h, 'notifications')!.badge).toEqual({ count: 0, label: '', title: 'Plaza' });
    for (let i = 0; i < 3; i++) send(h, msg('design'));
    expect(latest(h, 'notifications')!.badge.title).toBe('(3) Plaza');
    await h.core.api.$setAttention(false);
    expect(latest(h, 'notifications')!.badge.title).toBe('(3) Plaza *');
    for (let i = 0; i < 100; i++) send(h, msg('dm'));
    expect(latest(h, 'notifications')!.badge).toEqual({ count: 103, label: '99+', title: '(103) Plaza *' });
    await h.core.api.$setAttention(true);
    expect(latest(h, 'notifications')!.badge.title).toBe('(103) Plaza');
  });

  it('stars the title once presence turns idle after 30 s without activity (spec 3 §4.1)', async () => {
    const h = await signedIn();
    send(h, msg('design'));
    expect(latest(h, 'notifications')!.badge.title).toBe('(1) Plaza');
    await h.clock.advance(30_000);
    expect(latest(h, 'notifications')!.badge.title).toBe('(1) Plaza *');
    await h.core.api.$reportActivity('activity');
    expect(latest(h, 'notifications')!.badge.title).toBe('(1) Plaza');
  });

  it('keeps the idle star right after a reload: the core tells the log what is true now', async () => {
    const h = await signedIn();
    await h.core.api.$setAttention(false);
    send(h, msg('design'));
    expect(latest(h, 'notifications')!.badge.title).toBe('(1) Plaza *');
    await h.core.api.$setAttention(true);
    expect(h.core.projections.notify.attentive).toBe(true);
  });
});

describe('alert behaviours', () => {
  it('dismisses timeout alerts 5 s after they arrive and tells the server', async () => {
    const h = await signedIn();
    send(h, alr({ guid: 'rm', alert_type: 4, message: 'You were removed from Design' }));
    await h.clock.advance(4_999);
    expect(h.core.projections.alerts.byGuid.get('rm')!.is_dismissed).toBe(false);
    await h.clock.advance(1);
    expect(h.core.projections.alerts.byGuid.get('rm')!.is_dismissed).toBe(true);
    expect(h.calls.filter((c) => c.path === `${P}/alerts/dismiss`).map((c) => c.body)).toEqual([{ alerts: ['rm'] }]);
    expect(h.core.projections.alerts.timedOut.size).toBe(0);
  });

  it('offers a new version 5 minutes after learning of it, only when server and latest release are newer', async () => {
    const h = await signedIn(world({ versions: { server_version: '0.6.0', latest_release: '0.6.0' } }));
    await h.clock.advance(UPGRADE_ALERT_DELAY_MS - 1);
    expect(h.core.projections.alerts.byGuid.has('client-1002')).toBe(false);
    await h.clock.advance(1);
    expect(latest(h, 'alerts')!.put).toEqual([expect.objectContaining({ guid: 'client-1002', typeName: 'New version available', action: { kind: 'reload', label: 'Reload' } })]);
    expect(await h.core.api.$runAlertAction('client-1002')).toEqual({ ok: true, value: { navigate: null, reload: true } });

    const same = await signedIn(world({ versions: { server_version: '0.6.0', latest_release: '0.5.0' } }));
    await same.clock.advance(UPGRADE_ALERT_DELAY_MS * 2);
    expect(same.core.projections.alerts.byGuid.has('client-1002')).toBe(false);
  });

  it('tells a promoted non-admin to sign out and back in, and hears compliance news', async () => {
    const h = await signedIn();
    send(h, alr({ guid: 'adm', alert_type: 19, message: 'Billing failed', target: { topic: 'billing' } }));
    expect(toastTitles(h)).toEqual(['Role changed']);
    expect(h.core.projections.alerts.byGuid.get('client-1005')!.message).toMatch(/Sign out and sign in again/);
    send(h, alr({ guid: 'cmp', alert_type: 19, message: 'You are now a compliance moderator', target: { topic: 'compliance' } }));
    expect(toastTitles(h)[0]).toBe('Admin alert');
    expect(await h.core.api.$runAlertAction('client-1005')).toEqual({ ok: true, value: { navigate: null, reload: false } });
    expect(latest(h, 'session')!.status).toBe('signed-out');
  });

  it('opens the conversation of a go-to alert and dismisses it', async () => {
    const h = await signedIn();
    send(h, alr({ guid: 'men', alert_type: 11, target: { address: 'design' } }));
    send(h, alr({ guid: 'added', alert_type: 5, target: { team_guid: 'design-g' } }));
    expect(await h.core.api.$runAlertAction('men')).toEqual({ ok: true, value: { navigate: 'design', reload: false } });
    expect(h.core.projections.alerts.byGuid.get('men')!.is_dismissed).toBe(true);
    // A team named by guid leads to its channel.
    expect(await h.core.api.$runAlertAction('added')).toEqual({ ok: true, value: { navigate: 'design', reload: false } });
    send(h, alr({ guid: 'den', alert_type: 3 }));
    expect((await h.core.api.$runAlertAction('den')).ok).toBe(false);
  });

  it('refreshes on a refresh alert: resyncs, then dismisses it locally', async () => {
    const h = await signedIn();
    // Client alerts (1000+) are raised inside the core; a frame of that type stands in for one here.
    send(h, alr({ guid: 'x', alert_type: 1000 }));
    const calls = h.calls.length;
    expect(await h.core.api.$runAlertAction('x')).toEqual({ ok: true, value: { navigate: null, reload: false } });
    const paths = h.calls.slice(calls).map((c) => c.path);
    expect(paths).toEqual(expect.arrayContaining([`${P}/channels/list`, `${P}/users/list`, `${P}/last_alerts`, `${P}/notifications/global`, `${P}/totp/admin_reset_requests`]));
    // A client alert is dismissed without asking the server.
    expect(paths).not.toContain(`${P}/alerts/dismiss`);
    expect(h.core.projections.alerts.byGuid.get('x')!.is_dismissed).toBe(true);
  });

  it('logs an unknown alert type once and still shows it', async () => {
    const h = await signedIn();
    send(h, alr({ guid: 'a', alert_type: 77 }));
    send(h, alr({ guid: 'b', alert_type: 77 }));
    expect(h.warnings.filter((w) => w.includes('unknown alert type 77'))).toHaveLength(1);
    expect(latest(h, 'alerts')!.put.map((a) => a.guid)).toContain('b');
  });
});

describe('two-factor reset requests', () => {
  const ask: Partial<AlertWire> & { guid: string; alert_type: number } = { guid: 'r1', alert_type: 16, message: 'Carol asks', target: { target_user_guid: 'carol', request_guid: 'q1', name: 'Carol Chen' } };

  it('resets from the alert, or — once cancelled — only dismisses, which clears the flag', async () => {
    const h = await signedIn(world({ me: alice, resets: [{ target_user_guid: 'carol', name: 'Carol Chen', requested: T0 }] }));
    expect(latest(h, 'mfaResets')).toEqual([{ target_user_guid: 'carol', name: 'Carol Chen', requested: T0, cancelled: false, own: false }]);
    send(h, alr(ask));
    expect(latest(h, 'alerts')!.put.find((a) => a.guid === 'r1')!.action).toEqual({ kind: 'reset', label: 'Reset two-factor' });
    send(h, encodeFrame('CAN', { target_user_guid: 'carol', alerts: ['r1'] }));
    expect(latest(h, 'alerts')!.put.find((a) => a.guid === 'r1')).toMatchObject({ cancelled: true, action: null });
    expect(latest(h, 'mfaResets')![0]!.cancelled).toBe(true);
    expect((await h.core.api.$runAlertAction('r1')).ok).toBe(false);
    await h.core.api.$dismissAlerts(['r1']);
    expect(latest(h, 'mfaResets')).toEqual([]);
  });

  it('a reset alert whose request was cancelled while away (no CAN seen, as after a reload) offers only Dismiss', async () => {
    const stored = { ...ask, alert_created: T0, is_dismissed: false };
    const h = await signedIn(world({ me: alice, resets: [], alerts: [stored] }));
    expect(latest(h, 'alerts')!.put.find((a) => a.guid === 'r1')).toMatchObject({ cancelled: true, action: null });
    expect(latest(h, 'mfaResets')).toEqual([{ target_user_guid: 'carol', name: 'Carol Chen', requested: T0, cancelled: true, own: false }]);
    await h.core.api.$dismissAlerts(['r1']);
    expect(latest(h, 'mfaResets')).toEqual([]);
    // Still pending: the alert offers the reset.
    const pending = await signedIn(world({ me: alice, resets: [{ target_user_guid: 'carol', name: 'Carol Chen', requested: T0 }], alerts: [stored] }));
    expect(latest(pending, 'alerts')!.put.find((a) => a.guid === 'r1')!.action).toEqual({ kind: 'reset', label: 'Reset two-factor' });
  });

  it('an admin’s reset answers the request and dismisses its alert', async () => {
    const w = world({ me: alice, resets: [{ target_user_guid: 'carol', name: 'Carol Chen', requested: T0 }] });
    const h = await signedIn(w);
    send(h, alr(ask));
    w.resets = [];
    expect(await h.core.api.$runAlertAction('r1')).toEqual({ ok: true, value: { navigate: null, reload: false } });
    expect(h.calls.find((c) => c.path === `${P}/totp/admin_reset`)!.body).toEqual({ target_user_guid: 'carol' });
    expect(h.core.projections.alerts.byGuid.get('r1')!.is_dismissed).toBe(true);
    expect(latest(h, 'mfaResets')).toEqual([]);
  });
});

describe('popovers', () => {
  it('showPopover dispatches a popover with a fresh id; Ok closes it', async () => {
    const dispatched: unknown[] = [];
    const ctx = { deps: { random: { uuid: () => 'pop-1' } }, dispatch: (_s: string, events: readonly unknown[]) => dispatched.push(...events) };
    const id = showPopover(ctx as unknown as Parameters<typeof showPopover>[0], { title: 'Bot Error', body: 'No Bot channel found' });
    expect(dispatched).toEqual([{ type: 'popover.shown', popover: { id: 'pop-1', title: 'Bot Error', body: 'No Bot channel found', kind: 'error' } }]);
    expect(id).toBe('pop-1');
    const h = await signedIn();
    await h.core.api.$closePopover('pop-1');
    expect(h.core.log.at(-1)!.event).toEqual({ type: 'popover.closed', id: 'pop-1' });
  });
});
