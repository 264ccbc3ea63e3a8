/** A person's status next to their name: the custom status when one is selected, else Active/Idle/Offline/Blocked. */
import type { CustomStatusView, PresenceLabel } from '../../protocol/views-people';
import { PRESENCE_CLASS, STATUS_ICON_GLYPHS } from './status-icons';

export function StatusBadge({ status, customStatus }: { status: PresenceLabel; customStatus: CustomStatusView | null }) {
  if (customStatus) {
    return (
      <span className={`status-badge status-${customStatus.color}`} title={`${customStatus.iconLabel}: ${customStatus.text}`}>
        <span className="status-dot" aria-hidden="true" />
        <span aria-hidden="true">{STATUS_ICON_GLYPHS[customStatus.icon]}</span> {customStatus.text}
      </span>
    );
  }
  return (
    <span className={`status-badge status-${PRESENCE_CLASS[status]}`}>
      <span className="status-dot" aria-hidden="true" />
      {status}
    </span>
  );
}
