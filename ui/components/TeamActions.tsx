/** The team buttons in a conversation's header: members, settings (for those who manage it), leave. */
import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { ChannelEntryView } from '../../protocol/views';
import { focusPageHeading } from '../client/arrival-focus';
import { usePlaza } from '../client/core-context';
import { ConfirmDialog } from './ConfirmDialog';
import { TeamMembersPanel } from './TeamMembersPanel';
import { TeamSettingsDialog } from './TeamSettingsDialog';

export function TeamActions({ entry }: { entry: ChannelEntryView }) {
  const { core, router } = usePlaza();
  const [open, setOpen] = useState<'members' | 'settings' | 'leave' | null>(null);
  const team = entry.team;
  if (!team) return null;

  // Focus goes back to the button that opened the dialog (Dialog.tsx).
  const close = (): void => setOpen(null);

  return (
    <div className="team-actions-bar">
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen('members')}>
        Members
      </button>
      {team.canManage && (
        <button type="button" aria-haspopup="dialog" onClick={() => setOpen('settings')}>
          {team.is_hr ? 'Department settings' : 'Team settings'}
        </button>
      )}
      {team.canLeave && (
        <button type="button" aria-haspopup="dialog" onClick={() => setOpen('leave')}>
          Leave
        </button>
      )}
      {open === 'members' && <TeamMembersPanel entry={entry} onClose={close} />}
      {open === 'settings' && <TeamSettingsDialog entry={entry} onClose={close} />}
      {open === 'leave' && (
        <ConfirmDialog
          title={`Leave ${entry.name}?`}
          message="You will no longer see its messages. To come back, join it again from Browse teams."
          confirmLabel="Leave"
          onConfirm={() => core.$leaveChannel(entry.address)}
          onClose={close}
          onDone={() => {
            // The Leave button goes with the team's page: the keyboard starts at the heading of the page left for.
            flushSync(() => {
              setOpen(null);
              router.navigate('/');
            });
            focusPageHeading();
          }}
        />
      )}
    </div>
  );
}
