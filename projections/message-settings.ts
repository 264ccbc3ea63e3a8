/**
 * Local message settings (spec 3 §3): the selected skin tone and how often
 * each emoji was used, for the picker's Recent list (top 36 by count, spec 3
 * §9). Counted by base emoji, so changing the skin tone keeps the counts.
 * The worker also stores them per user (features/message-settings.ts), so they
 * outlive a dropped log; at start the stored copy is folded in as an event.
 */
import { baseEmoji, RECENT_EMOJI_LIMIT, withSkinTone } from '../protocol/emoji';
import type { DomainEvent, Envelope, MessageSettings } from '../protocol/events';
import type { ChangeSet } from './changes';

export interface MessageSettingsState {
  skinTone: number;
  stats: Map<string, { count: number; last: number }>;
}

export function createMessageSettings(): MessageSettingsState {
  return { skinTone: 0, stats: new Map() };
}

/** Every event `applyMessageSettings` folds: what may change the settings (the core stores them after one). */
export const MESSAGE_SETTINGS_EVENTS: ReadonlySet<DomainEvent['type']> = new Set(['message_settings.loaded', 'emoji.used', 'reaction.toggled', 'skin_tone.selected']);

export function applyMessageSettings(state: MessageSettingsState, { event, at }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'message_settings.loaded':
      state.skinTone = event.settings.selected_skin_tone;
      state.stats = new Map(Object.entries(event.settings.emoji_stats).map(([emoji, s]) => [emoji, { count: s.count, last: s.last }]));
      changes.messageSettings = true;
      return;
    case 'emoji.used':
    case 'reaction.toggled': {
      if (event.type === 'reaction.toggled' && !event.on) return;
      const emoji = baseEmoji(event.type === 'emoji.used' ? event.emoji : event.content);
      const stat = state.stats.get(emoji);
      state.stats.set(emoji, { count: (stat?.count ?? 0) + 1, last: at });
      changes.messageSettings = true;
      return;
    }
    case 'skin_tone.selected':
      if (state.skinTone === event.tone) return;
      state.skinTone = event.tone;
      changes.messageSettings = true;
      return;
    default:
      return;
  }
}

/** The stored form (spec 3 §3 field names). */
export function messageSettingsOf(state: MessageSettingsState): MessageSettings {
  const emoji_stats: MessageSettings['emoji_stats'] = {};
  for (const [emoji, s] of state.stats) emoji_stats[emoji] = { count: s.count, last: s.last };
  return { selected_skin_tone: state.skinTone, emoji_stats };
}

/** The Recent list: top 36 by count, the more recently used first on a tie, in the chosen skin tone. */
export function recentEmoji(state: MessageSettingsState, limit = RECENT_EMOJI_LIMIT): string[] {
  return [...state.stats]
    .sort(([a, x], [b, y]) => y.count - x.count || y.last - x.last || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([emoji]) => withSkinTone(emoji, state.skinTone));
}
