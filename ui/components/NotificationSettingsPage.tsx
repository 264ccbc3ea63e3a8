/**
 * Settings: Notifications (spec 1 §2; spec 3 §3, §4.2, §7.4): the global
 * settings, pausing everything, each conversation's notifications, two-factor
 * reset requests, and — for company admins — sending an information alert.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { MuteChoice } from '../../protocol/core-api';
import type { NotificationSettings } from '../../protocol/rules/notifications';
import { usePlaza } from '../client/core-context';
import { endOfToday } from '../client/device';
import { InformationAlertForm } from './InformationAlertForm';
import { muteText } from './format-mute';
import { TwoFactorSettings } from './TwoFactorSettings';
import { useAction } from './use-action';

/** A long conversation list is cut here; typing narrows it. */
const MAX_CHANNELS = 100;

const SETTINGS: { key: keyof NotificationSettings; label: string; hint: string }[] = [
  { key: 'global_on', label: 'All notifications', hint: 'Off: no alerts, toasts or sounds from any conversation.' },
  { key: 'conversations_on', label: 'Direct messages', hint: 'Direct messages and task conversations.' },
  { key: 'teams_on', label: 'Teams', hint: 'Team channels.' },
  { key: 'departments_on', label: 'Departments', hint: 'Departments and announcements.' },
];

export function NotificationSettingsPage() {
  useSignals();
  const { store } = usePlaza();
  const admin = store.session.value.user?.is_company_admin ?? false;
  return (
    // Not labelled by its heading: the toasts are the "Notifications" region, and two regions of one name cannot be told apart.
    <section className="settings" aria-label="Notification settings">
      <h1>Notifications</h1>
      <GlobalSettings />
      <PauseSettings />
      <ChannelSettings />
      <TwoFactorSettings />
      {admin && <InformationAlertForm />}
    </section>
  );
}

function GlobalSettings() {
  useSignals();
  const { store, core } = usePlaza();
  const { settings } = store.notifications.value;
  const { busy, error, run } = useAction();
  return (
    <fieldset className="settings-group">
      <legend>Notify me about</legend>
      {SETTINGS.map(({ key, label, hint }) => (
        <label key={key} className="setting">
          <input
            type="checkbox"
            checked={settings[key]}
            disabled={busy || (key !== 'global_on' && !settings.global_on)}
            onChange={(e) => void run(() => core.$setNotificationSettings({ [key]: e.target.checked }))}
          />{' '}
          {label} <span className="hint">{hint}</span>
        </label>
      ))}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const PAUSES: { value: string; label: string; choice: () => MuteChoice }[] = [
  { value: 'off', label: 'Not paused', choice: () => ({ kind: 'off' }) },
  { value: 'hour', label: 'For 1 hour', choice: () => ({ kind: 'hour' }) },
  { value: 'today', label: 'For today', choice: () => ({ kind: 'today', until: endOfToday() }) },
  { value: 'always', label: 'Until I turn them back on', choice: () => ({ kind: 'always' }) },
];

function PauseSettings() {
  useSignals();
  const { store, core } = usePlaza();
  const { pause } = store.notifications.value;
  const { busy, error, run } = useAction();
  const current = pause.kind ?? 'off';
  return (
    <fieldset className="settings-group">
      <legend>Pause notifications</legend>
      <p className="hint">While paused there are no toasts and no sounds; alerts still arrive in the Alerts list.</p>
      {PAUSES.map((p) => (
        <label key={p.value} className="setting">
          <input type="radio" name="pause" value={p.value} checked={current === p.value} disabled={busy} onChange={() => void run(() => core.$setMute(null, p.choice()))} /> {p.label}
        </label>
      ))}
      {pause.kind && <p role="status">{muteText(pause).replace('Muted', 'Paused')}</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ChannelSettings() {
  useSignals();
  const { store, core } = usePlaza();
  const [query, setQuery] = useState('');
  const { busy, error, run } = useAction();
  const needle = query.trim().toLowerCase();
  const all = store.channelGroups.value.flatMap((g) => g.entries);
  const matches = all.filter((c) => needle === '' || c.name.toLowerCase().includes(needle));
  const shown = matches.slice(0, MAX_CHANNELS);
  const states = store.channelNotify.value;
  return (
    <fieldset className="settings-group">
      <legend>Conversations</legend>
      <div className="settings-row">
        <label>
          Find a conversation <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <button type="button" disabled={busy || matches.length === 0} onClick={() => void run(() => core.$setChannelNotifications(matches.map((c) => c.address), true))}>
          Turn all on
        </button>
        <button type="button" disabled={busy || matches.length === 0} onClick={() => void run(() => core.$setChannelNotifications(matches.map((c) => c.address), false))}>
          Turn all off
        </button>
      </div>
      <ul className="settings-channels" aria-label="Conversation notifications">
        {shown.map((c) => {
          const state = states.get(c.address);
          const on = state?.channel_on ?? true;
          const muted = state ? muteText(state.mute) : '';
          return (
            <li key={c.address}>
              <label className="setting">
                <input type="checkbox" checked={on} disabled={busy} onChange={(e) => void run(() => core.$setChannelNotifications([c.address], e.target.checked))} /> {c.name}
              </label>
              {muted && (
                <>
                  {' '}
                  <span className="hint">{muted}</span>{' '}
                  <button type="button" aria-label={`Unmute ${c.name}`} disabled={busy} onClick={() => void run(() => core.$setMute(c.address, { kind: 'off' }))}>
                    Unmute
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {matches.length > shown.length && <p className="hint">{matches.length - shown.length} more: type to narrow the list.</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
