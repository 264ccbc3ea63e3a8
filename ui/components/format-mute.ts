/** How a mute reads on screen. */
import { DateTime } from 'luxon';
import type { MuteView } from '../../protocol/views';

/** "Muted until 14:05", "Muted for today", "Muted until you unmute", or '' when not muted. */
export function muteText(mute: MuteView, now: DateTime = DateTime.now()): string {
  switch (mute.kind) {
    case null:
      return '';
    case 'always':
      return 'Muted until you unmute';
    case 'today':
      return 'Muted for today';
    case 'hour': {
      const until = DateTime.fromMillis(mute.until ?? 0).setZone(now.zone);
      return `Muted until ${until.toFormat('HH:mm')}`;
    }
  }
}
