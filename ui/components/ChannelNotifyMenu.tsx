/**
 * A conversation's notification menu (spec 1 §7 notifications/channel, spec 3
 * §4.2): turn its notifications on or off, mute it for an hour, for today or
 * until unmuted, or unmute it. The state shows beside the button.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { MuteChoice } from '../../protocol/core-api';
import { usePlaza } from '../client/core-context';
import { endOfToday } from '../client/device';
import { muteText } from './format-mute';
import { useAction } from './use-action';

const NOT_MUTED = { kind: null, until: null } as const;

export function ChannelNotifyMenu({ address }: { address: string }) {
  useSignals();
  const { store, core } = usePlaza();
  const state = store.channelNotify.value.get(address);
  const on = state?.channel_on ?? true;
  const mute = state?.mute ?? NOT_MUTED;
  const [open, setOpen] = useState(false);
  const { busy, error, run } = useAction();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    // A press anywhere else closes the menu.
    const onPointerDown = (e: PointerEvent): void => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (): void => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (call: () => ReturnType<typeof core.$setMute>): void => {
    close();
    void run(call);
  };
  const muteFor = (choice: MuteChoice): void => choose(() => core.$setMute(address, choice));

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>): void => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = (at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
      items[next]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  const status = [on ? '' : 'Notifications off', muteText(mute)].filter(Boolean).join(' · ');
  return (
    <div className="channel-notify">
      {status && (
        <span className="channel-notify-state" role="status">
          {status}
        </span>
      )}
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={busy}
        onClick={() => setOpen((o) => !o)}
      >
        Notifications
      </button>
      {open && (
        <ul id={menuId} ref={menuRef} className="menu" role="menu" aria-label="Notifications" onKeyDown={onKeyDown}>
          <MenuItem label={on ? 'Turn notifications off' : 'Turn notifications on'} onSelect={() => choose(() => core.$setChannelNotifications([address], !on))} />
          <MenuItem label="Mute for 1 hour" onSelect={() => muteFor({ kind: 'hour' })} />
          <MenuItem label="Mute for today" onSelect={() => muteFor({ kind: 'today', until: endOfToday() })} />
          <MenuItem label="Mute until I unmute" onSelect={() => muteFor({ kind: 'always' })} />
          {mute.kind !== null && <MenuItem label="Unmute" onSelect={() => muteFor({ kind: 'off' })} />}
        </ul>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  );
}

function MenuItem({ label, onSelect }: { label: string; onSelect: () => void }) {
  return (
    <li role="none">
      <button type="button" role="menuitem" tabIndex={-1} onClick={onSelect}>
        {label}
      </button>
    </li>
  );
}
