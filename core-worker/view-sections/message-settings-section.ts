/** The emoji picker's settings: skin tone and the Recent list. */
import { recentEmoji } from '../../projections/message-settings';
import type { ViewSection } from './section';

export function createMessageSettingsSection(): ViewSection {
  return {
    build(patch, { p, changes, reset }) {
      if (reset || changes.messageSettings) patch.messageSettings = { skinTone: p.messageSettings.skinTone, recent: recentEmoji(p.messageSettings) };
    },
    forget() {},
  };
}
