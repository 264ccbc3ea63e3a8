/**
 * The notify, mfa, popover and alerts folds: rebuild-equals-incremental over
 * random logs of their events (with the core events they read), the views the
 * publisher diffs equal a fresh snapshot, and the rules each fold implements.
 */
import { describe, expect, it } from 'vitest';
import { alert, channel, LogBuilder, message, T0, user } from '../../fixtures/builders';
import { createPublisher, createRuntimeState, type RuntimeState } from '../../core-worker/publisher';
import { canonicalJson } from '../../projections/canonical';
import { applyEnvelope, foldAll, type Projections } from '../../projections/fold';
import type { DomainEvent, Envelope } from '../../protocol/events';
import { applyMuteChange, badgeLabel, badgeTitle, channelNotifies, isMuted, muteCheckAt, notificationKindOf, unmuted } from '../../protocol/rules/notifications';
import { compareVersions, upgradeAvailable } from '../../protocol/version';
import type { ViewPatch } from '../../protocol/views';
import { applyPatch, createViewStore, type ViewStore } from '../../ui/client/view-store';
import { prng } from '../../protocol/prng';


const ADDRESSES = ['a', 'b', 'c'];

function randomLog(seed: number, length: number): LogBuilder {
  const rand = prng(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const bool = () => rand() < 0.5;
  const log = new LogBuilder().add({ type: 'session.started', user: user({ target_user_guid: 'me', is_company_admin: bool() }) }, 'rest');
  let n = 0;
  for (let i = 0; i < length; i++) {
    log.advance(Math.floor(rand() * 20_000));
    const r = rand();
    let event: DomainEvent;
    const when = () => (bool() ? log.now + Math.floor(rand() * 60_000) : null);
    if (r < 0.2) {
      event = { type: 'message.received', message: message({ guid: `m${n++}`, address: pick(ADDRESSES), created: log.now, from_guid: pick(['me', 'alice']), disable_notification: rand() < 0.1 }) };
    } else if (r < 0.3) {
      event = { type: 'mute.changed', mute: { address: pick([...ADDRESSES, null]), mute_hour: when(), mute_today: when(), mute_always: rand() < 0.2 } };
    } else if (r < 0.36) {
      event = { type: 'notification-settings.loaded', settings: { global_on: rand() < 0.8, conversations_on: bool(), teams_on: bool(), departments_on: bool() }, mutes: ADDRESSES.filter(bool).map((address) => ({ address, mute_hour: when(), mute_today: null, mute_always: false })) };
    } else if (r < 0.42) {
      event = { type: 'channel-notifications.changed', channels: [{ address: pick(ADDRESSES), channel_on: bool() }] };
    } else if (r < 0.48) {
      event = { type: 'channels.listed', channels: ADDRESSES.filter(() => rand() < 0.85).map((address) => channel({ address, channel_on: rand() < 0.7, channel_type: pick([0, 1, 2] as const), unread_messages: Math.floor(rand() * 3) })) };
    } else if (r < 0.52) {
      event = { type: 'attention.changed', attentive: bool() };
    } else if (r < 0.54) {
      event = { type: 'device.described', mobile: rand() < 0.3 };
    } else if (r < 0.62) {
      const type = pick([0, 1, 4, 11, 16, 17, 19, 1002]);
      event = {
        type: 'alert.received',
        alert: alert({ guid: `al${Math.floor(rand() * 6)}`, alert_type: type, target: type === 16 ? { target_user_guid: pick(['carol', 'dave']), name: 'X' } : { address: pick(ADDRESSES), topic: pick(['billing', 'compliance']) } }),
      };
    } else if (r < 0.66) {
      event = { type: 'alerts.dismissed', guids: [`al${Math.floor(rand() * 6)}`] };
    } else if (r < 0.69) {
      event = { type: 'mfa-reset.cancelled', target_user_guid: pick(['carol', 'dave', 'me']) };
    } else if (r < 0.72) {
      event = { type: 'mfa-resets.listed', requests: ['carol', 'dave', 'me'].filter(bool).map((g) => ({ target_user_guid: g, name: g, requested: T0 })) };
    } else if (r < 0.75) {
      event = { type: 'version.checked', client_version: '0.5.0', server_version: pick(['0.5.0', '0.6.0']), latest_release: pick(['0.5.0', '0.6.0']) };
    } else if (r < 0.79) {
      event = { type: 'popover.shown', popover: { id: pick(['p1', 'p2', 'p3']), title: 'Bot Error', body: 'x', kind: 'error' } };
    } else if (r < 0.82) {
      event = { type: 'popover.closed', id: pick(['p1', 'p2', 'p3']) };
    } else if (r < 0.85) {
      event = { type: 'channel.opened', address: pick([...ADDRESSES, null]) };
    } else if (r < 0.87) {
      event = { type: 'alerts.listed', alerts: [alert({ guid: 'al1', alert_type: pick([4, 16]), target: { target_user_guid: 'carol' }, is_dismissed: bool() })] };
    } else if (r < 0.89) {
      event = { type: 'channel.viewed', address: pick(ADDRESSES), unread: 0, bookmark: null };
    } else if (r < 0.9) {
      event = { type: 'session.ended', reason: 'signed-out' };
    } else if (r < 0.92) {
      event = { type: 'connection.changed', state: pick(['online', 'offline', 'connecting'] as const) };
    } else {
      event = { type: 'clock.ticked' };
    }
    log.add(event);
  }
  return log;
}

/** Drives a publisher over a fold and keeps the UI's copy (the view store) up to date. */
function liveUi(p: Projections): { store: ViewStore; fold(envelope: Envelope): void } {
  const runtime: RuntimeState = createRuntimeState({ booted: true, signedIn: true });
  const publisher = createPublisher({ projections: () => p, runtime, scheduleFrame: () => () => {} });
  const store = createViewStore();
  publisher.subscribe((patch: ViewPatch) => applyPatch(store, patch));
  return {
    store,
    fold(envelope) {
      applyEnvelope(p, envelope, publisher.changes);
      publisher.flush();
    },
  };
}

function snapshotUi(p: Projections): ViewStore {
  const ui = liveUi(p);
  return ui.store;
}

const uiState = (s: ViewStore) =>
  JSON.stringify({
    notifications: s.notifications.value,
    channelNotify: [...s.channelNotify.value.values()].sort((a, b) => (a.address < b.address ? -1 : 1)),
    popover: s.popover.value,
    mfa: s.mfaResets.value,
    alerts: s.alerts.value,
  });

describe('notify, mfa, popover and alerts: incremental equals rebuilt', () => {
  it('for 150 random logs, resumed from a rebuilt prefix', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const { envelopes } = randomLog(seed, 150);
      const fromScratch = foldAll(envelopes);
      const cut = (seed * 7) % envelopes.length;
      const live = foldAll(envelopes.slice(0, cut));
      const ui = liveUi(live);
      for (const envelope of envelopes.slice(cut)) ui.fold(envelope);
      expect(canonicalJson(live), `seed ${seed}`).toBe(canonicalJson(fromScratch));
      // What the UI holds after the diffs equals a fresh snapshot of the final state.
      expect(uiState(ui.store), `seed ${seed}`).toBe(uiState(snapshotUi(fromScratch)));
    }
  });
});

describe('the notify fold', () => {
  const base = () =>
    new LogBuilder()
      .add({ type: 'session.started', user: user({ target_user_guid: 'me' }) })
      .add({ type: 'channels.listed', channels: [channel({ address: 'a' }), channel({ address: 'dm', channel_type: 0 })] });

  it('announces only new messages from others, and beeps at most once a second', () => {
    const log = base()
      .add({ type: 'message.received', message: message({ guid: 'x', address: 'a', created: T0, from_guid: 'alice' }) })
      .add({ type: 'message.received', message: message({ guid: 'x', address: 'a', created: T0, from_guid: 'alice' }) });
    let p = foldAll(log.envelopes);
    expect(p.notify.announced).toBeNull();
    expect(p.notify.sound).toEqual({ id: 3, kind: 'beep' });
    log.add({ type: 'message.received', message: message({ guid: 'own', address: 'a', created: T0 + 1, from_guid: 'me' }) });
    expect(foldAll(log.envelopes).notify.announced).toBeNull();
    log.advance(999).add({ type: 'message.received', message: message({ guid: 'y', address: 'a', created: T0 + 2, from_guid: 'alice' }) });
    p = foldAll(log.envelopes);
    expect(p.notify.announced).toBeNull();
    log.advance(1).add({ type: 'message.received', message: message({ guid: 'z', address: 'a', created: T0 + 3, from_guid: 'alice' }) });
    p = foldAll(log.envelopes);
    expect(p.notify.announced).toBe('z');
    expect(p.notify.sound).toEqual({ id: 7, kind: 'beep' });
  });

  it('announces a message arriving live, not one learned by catching up (no beep without its toast)', () => {
    const caughtUp = base().add({ type: 'message.received', message: message({ guid: 'x', address: 'a', created: T0, from_guid: 'alice' }) }, 'rest');
    let p = foldAll(caughtUp.envelopes);
    expect(p.notify.announced).toBeNull();
    expect(p.notify.sound).toBeNull();
    caughtUp.advance(1_000).add({ type: 'message.received', message: message({ guid: 'y', address: 'a', created: T0 + 1, from_guid: 'alice' }) });
    p = foldAll(caughtUp.envelopes);
    expect(p.notify.announced).toBe('y');
    expect(p.notify.sound?.kind).toBe('beep');
  });

  it('lets a message that arrives before any channel list wait for it, silent; the list decides, by its channel_on', () => {
    const fresh = () =>
      new LogBuilder()
        .add({ type: 'session.started', user: user({ target_user_guid: 'me' }) })
        .add({ type: 'message.received', message: message({ guid: 'x', address: 'a', created: T0, from_guid: 'alice' }) });
    let p = foldAll(fresh().envelopes);
    // Without the list, 'a' would be judged a direct message: it waits instead, and nothing is played.
    expect(p.notify.announced).toBeNull();
    expect(p.notify.sound).toBeNull();
    expect(p.notify.awaitingList?.map((w) => w.message.guid)).toEqual(['x']);

    const silent = fresh().advance(300).add({ type: 'channels.listed', channels: [channel({ address: 'a', channel_on: false })] });
    p = foldAll(silent.envelopes);
    expect(p.notify.sound).toBeNull();
    expect(p.notify.announcedByList).toBeUndefined();
    expect(p.notify.awaitingList).toBeUndefined();

    const heard = fresh().advance(300).add({ type: 'channels.listed', channels: [channel({ address: 'a' })] });
    p = foldAll(heard.envelopes);
    // One beep, decided by the list's envelope; the toast is the core's, from announcedByList.
    expect(p.notify.sound).toEqual({ id: 3, kind: 'beep' });
    expect(p.notify.announcedByList?.map((m) => m.guid)).toEqual(['x']);
    expect(p.notify.lastAnnouncedAt).toBe(T0);
    // Nothing waits any more: the next list announces nothing again.
    heard.advance(60_000).add({ type: 'channels.listed', channels: [channel({ address: 'a' })] });
    p = foldAll(heard.envelopes);
    expect(p.notify.announcedByList).toBeUndefined();
    expect(p.notify.sound).toEqual({ id: 3, kind: 'beep' });
  });

  it('keeps nothing waiting once the connection drops or the session ends, and nothing in the state while none waits', () => {
    const dropped = new LogBuilder()
      .add({ type: 'session.started', user: user({ target_user_guid: 'me' }) })
      .add({ type: 'connection.changed', state: 'online' })
      .add({ type: 'message.received', message: message({ guid: 'x', address: 'a', created: T0, from_guid: 'alice' }) })
      .add({ type: 'connection.changed', state: 'connecting' })
      .add({ type: 'channels.listed', channels: [channel({ address: 'a' })] });
    expect(foldAll(dropped.envelopes).notify.sound).toBeNull();
    const ended = new LogBuilder()
      .add({ type: 'session.started', user: user({ target_user_guid: 'me' }) })
      .add({ type: 'message.received', message: message({ guid: 'x', address: 'a', created: T0, from_guid: 'alice' }) })
      .add({ type: 'session.ended', reason: 'signed-out' });
    expect(foldAll(ended.envelopes).notify.awaitingList).toBeUndefined();
    // Absent, not empty: a state without waiting messages is the one stored snapshots and recorded hashes hold.
    expect(Object.keys(foldAll(base().envelopes).notify)).not.toContain('awaitingList');
    expect(canonicalJson(foldAll(base().envelopes))).not.toContain('awaitingList');
  });

  it('clears an expired mute at its 10 s check, not before', () => {
    const expiry = T0 + 3_000;
    const log = base().add({ type: 'mute.changed', mute: { address: 'a', mute_hour: expiry, mute_today: null, mute_always: false } });
    log.now = T0 + 9_999;
    log.add({ type: 'clock.ticked' });
    expect(foldAll(log.envelopes).notify.mutes.has('a')).toBe(true);
    log.now = T0 + 10_000;
    log.add({ type: 'clock.ticked' });
    expect(foldAll(log.envelopes).notify.mutes.has('a')).toBe(false);
  });

  it('schedules the upgrade alert once and drops it when the versions no longer call for it', () => {
    const log = base().add({ type: 'version.checked', client_version: '0.5.0', server_version: '0.6.0', latest_release: '0.6.0' });
    expect(foldAll(log.envelopes).notify.upgradeDueAt).toBe(T0 + 300_000);
    log.advance(60_000).add({ type: 'version.checked', client_version: '0.5.0', server_version: '0.6.0', latest_release: '0.6.0' });
    expect(foldAll(log.envelopes).notify.upgradeDueAt).toBe(T0 + 300_000);
    log.add({ type: 'version.checked', client_version: '0.5.0', server_version: '0.5.0', latest_release: '0.6.0' });
    expect(foldAll(log.envelopes).notify.upgradeDueAt).toBeNull();
  });
});

describe('the alerts fold: dismiss after timeout', () => {
  it('dismisses a timeout alert 5 s after it arrived, even when the server lists it again', () => {
    const log = new LogBuilder().add({ type: 'alert.received', alert: alert({ guid: 'r', alert_type: 10 }) });
    log.advance(5_000).add({ type: 'clock.ticked' });
    let p = foldAll(log.envelopes);
    expect(p.alerts.byGuid.get('r')!.is_dismissed).toBe(true);
    expect([...p.alerts.timedOut]).toEqual(['r']);
    log.add({ type: 'alerts.listed', alerts: [alert({ guid: 'r', alert_type: 10 })] });
    p = foldAll(log.envelopes);
    expect(p.alerts.byGuid.get('r')!.is_dismissed).toBe(true);
    log.add({ type: 'alerts.dismissed', guids: ['r'] });
    expect(foldAll(log.envelopes).alerts.timedOut.size).toBe(0);
  });

  it('leaves other behaviours alone', () => {
    const log = new LogBuilder().add({ type: 'alert.received', alert: alert({ guid: 'g', alert_type: 11 }) });
    log.advance(60_000).add({ type: 'clock.ticked' });
    expect(foldAll(log.envelopes).alerts.byGuid.get('g')!.is_dismissed).toBe(false);
  });
});

describe('the mfa fold', () => {
  it('keeps a cancelled request flagged until its alert is dismissed; one’s own simply goes', () => {
    const ask = alert({ guid: 'r1', alert_type: 16, target: { target_user_guid: 'carol', name: 'Carol' } });
    const log = new LogBuilder()
      .add({ type: 'session.started', user: user({ target_user_guid: 'me', is_company_admin: true }) })
      .add({ type: 'alert.received', alert: ask })
      .add({ type: 'mfa-resets.listed', requests: [{ target_user_guid: 'me', name: 'Me', requested: T0 }] })
      .add({ type: 'mfa-reset.cancelled', target_user_guid: 'carol' })
      .add({ type: 'mfa-reset.cancelled', target_user_guid: 'me' });
    let p = foldAll(log.envelopes);
    expect([...p.mfa.requests.values()]).toEqual([{ target_user_guid: 'carol', name: 'Carol', requested: T0, cancelled: true }]);
    expect(p.mfa.cancelledAlerts.has('r1')).toBe(true);
    log.add({ type: 'alerts.dismissed', guids: ['r1'] });
    p = foldAll(log.envelopes);
    expect(p.mfa.requests.size).toBe(0);
  });

  it('treats a request gone from the list while away as cancelled', () => {
    const log = new LogBuilder()
      .add({ type: 'session.started', user: user({ target_user_guid: 'me', is_company_admin: true }) })
      .add({ type: 'alert.received', alert: alert({ guid: 'r1', alert_type: 16, target: { target_user_guid: 'dave' } }) })
      .add({ type: 'mfa-resets.listed', requests: [] });
    expect(foldAll(log.envelopes).mfa.cancelledAlerts.has('r1')).toBe(true);
  });
});

describe('notification rules', () => {
  it('maps channel types to DM, TEAM (with is_hr) and COMPANY', () => {
    expect(notificationKindOf({ channel_type: 0 })).toEqual({ kind: 'DM', is_hr: false });
    expect(notificationKindOf({ channel_type: 3 })).toEqual({ kind: 'DM', is_hr: false });
    expect(notificationKindOf({ channel_type: 1, is_hr: true })).toEqual({ kind: 'TEAM', is_hr: true });
    expect(notificationKindOf({ channel_type: 2 })).toEqual({ kind: 'COMPANY', is_hr: false });
  });

  it('lets a channel notify only when global, its kind and channel_on allow it', () => {
    const all = { global_on: true, conversations_on: true, teams_on: true, departments_on: true };
    expect(channelNotifies(all, { channel_type: 1, channel_on: true })).toBe(true);
    expect(channelNotifies({ ...all, teams_on: false }, { channel_type: 1, channel_on: true })).toBe(false);
    expect(channelNotifies({ ...all, teams_on: false }, { channel_type: 1, is_hr: true, channel_on: true })).toBe(true);
    expect(channelNotifies({ ...all, departments_on: false }, { channel_type: 1, is_hr: true, channel_on: true })).toBe(false);
    expect(channelNotifies({ ...all, conversations_on: false }, { channel_type: 0, channel_on: true })).toBe(false);
    expect(channelNotifies({ ...all, teams_on: false, conversations_on: false, departments_on: false }, { channel_type: 2, channel_on: true })).toBe(true);
    expect(channelNotifies({ ...all, global_on: false }, { channel_type: 2, channel_on: true })).toBe(false);
    expect(channelNotifies(all, { channel_type: 0, channel_on: false })).toBe(false);
  });

  it('keeps one-hour, today and always mutually exclusive; null clears only its own', () => {
    const hour = applyMuteChange(unmuted('a'), { mute_hour: 5 });
    expect(applyMuteChange(hour, { mute_always: true })).toEqual({ address: 'a', mute_hour: null, mute_today: null, mute_always: true });
    expect(applyMuteChange(hour, { mute_today: null })).toEqual(hour);
    expect(applyMuteChange(applyMuteChange(hour, { mute_always: true }), { mute_today: 9 })).toEqual({ address: 'a', mute_hour: null, mute_today: 9, mute_always: false });
    expect(isMuted(hour, 4)).toBe(true);
    expect(isMuted(hour, 5)).toBe(false);
    expect(muteCheckAt({ address: 'a', mute_hour: 12_001, mute_today: null, mute_always: false })).toBe(20_000);
  });

  it('shows 99+ above 99 and a star while idle', () => {
    expect([badgeLabel(0), badgeLabel(99), badgeLabel(100)]).toEqual(['', '99', '99+']);
    expect([badgeTitle(0, true), badgeTitle(3, false), badgeTitle(3, true)]).toEqual(['Plaza', '(3) Plaza', '(3) Plaza *']);
  });

  it('offers an upgrade only when the server and the latest release are newer than the client', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
    expect(upgradeAvailable('0.5.0', '0.6.0', '0.6.0')).toBe(true);
    expect(upgradeAvailable('0.5.0', '0.6.0', '0.5.0')).toBe(false);
    expect(upgradeAvailable('0.5.0', '0.5.0', '0.6.0')).toBe(false);
  });
});

describe('messages that raise alerts', () => {
  it('leaves urgent messages and mentions of the user to their alerts, and thread replies unannounced', () => {
    const at = (guid: string, over: Partial<Parameters<typeof message>[0]> = {}) =>
      ({ type: 'message.received', message: message({ guid, address: 'a', created: T0, from_guid: 'alice', ...over }) }) as const;
    const log = new LogBuilder().add({ type: 'session.started', user: user({ target_user_guid: 'me' }) }).add({ type: 'channels.listed', channels: [channel({ address: 'a' })] });
    log.add(at('u', { is_urgent: true }));
    expect(foldAll(log.envelopes).notify.announced).toBeNull();
    log.advance(2_000).add(at('m', { parts: [{ type: 'person', user_guid: 'me', name: 'Me', scope: 'user' }] }));
    expect(foldAll(log.envelopes).notify.announced).toBeNull();
    log.advance(2_000).add(at('all', { parts: [{ type: 'bullet-list', items: [[{ type: 'person', user_guid: 'a', name: 'everyone', scope: 'all' }]] }] }));
    expect(foldAll(log.envelopes).notify.announced).toBeNull();
    log.advance(2_000).add(at('reply', { reply_to: 'u' }));
    expect(foldAll(log.envelopes).notify.announced).toBeNull();
    log.advance(2_000).add(at('other', { parts: [{ type: 'person', user_guid: 'carol', name: 'Carol', scope: 'user' }] }));
    expect(foldAll(log.envelopes).notify.announced).toBe('other');
  });
});
