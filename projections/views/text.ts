/** Plain-text renderings of message parts: previews, emoji short codes, safe links. */
import type { InlinePart, MessagePart } from '../../protocol/entities';

/** Preview length (spec 1 §5, §9). */
export const PREVIEW_LENGTH = 250;

/** Common emoji short codes. Unknown codes stay as typed. */
export const EMOJI_SHORT_CODES: Readonly<Record<string, string>> = {
  smile: '😄', smiley: '😃', grin: '😁', joy: '😂', wink: '😉', blush: '😊', heart: '❤️', thumbsup: '👍', '+1': '👍',
  thumbsdown: '👎', '-1': '👎', clap: '👏', tada: '🎉', fire: '🔥', rocket: '🚀', eyes: '👀', thinking: '🤔',
  ok_hand: '👌', wave: '👋', pray: '🙏', star: '⭐', check: '✅', white_check_mark: '✅', x: '❌', warning: '⚠️',
  coffee: '☕', sunny: '☀️', cry: '😢', sob: '😭', laughing: '😆', sweat_smile: '😅', muscle: '💪', sparkles: '✨',
  100: '💯', bulb: '💡', calendar: '📅', memo: '📝', point_right: '👉', raised_hands: '🙌', slightly_smiling_face: '🙂',
};

export function expandEmoji(text: string): string {
  return text.replace(/:([a-z0-9_+-]{1,40}):/gi, (whole, code: string) => EMOJI_SHORT_CODES[code.toLowerCase()] ?? whole);
}

/** Only these schemes become links; anything else (javascript:, data:, …) is shown as text. */
export function isSafeUrl(url: string): boolean {
  return /^(https?:\/\/[^\s\u0000-\u001f]+|mailto:[^\s\u0000-\u001f]+)$/i.test(url);
}

function inlineText(part: InlinePart): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'person':
      return `@${part.name}`;
    case 'hyperlink':
      return part.text ?? part.url;
    case 'command':
      return part.text || `/${part.code}`;
  }
}

/** The message as one line of plain text, lists flattened. */
export function partsToText(parts: readonly MessagePart[]): string {
  return parts
    .map((part) => {
      switch (part.type) {
        case 'bullet-list':
        case 'ordered-list':
          return part.items.map((item) => item.map(inlineText).join('')).join(' · ');
        case 'video_conference':
          return 'Video conference';
        default:
          return inlineText(part);
      }
    })
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Sidebar preview: plain text, emoji expanded, at most 250 characters. */
export function previewOf(parts: readonly MessagePart[], length = PREVIEW_LENGTH): string {
  const text = expandEmoji(partsToText(parts));
  if (text.length <= length) return text; // no more code points than UTF-16 units: nothing to cut
  const chars = Array.from(text); // do not cut an emoji in half
  return chars.length <= length ? text : `${chars.slice(0, length - 1).join('')}…`;
}

function safeInline(part: InlinePart): InlinePart {
  return part.type === 'hyperlink' && !isSafeUrl(part.url) ? { type: 'text', text: part.text ?? part.url } : part;
}

/** The parts to render, with unsafe hyperlinks turned into text. */
export function safeParts(parts: readonly MessagePart[]): MessagePart[] {
  return parts.map((part) => {
    switch (part.type) {
      case 'bullet-list':
      case 'ordered-list':
        return { ...part, items: part.items.map((item) => item.map(safeInline)) };
      case 'video_conference':
        return part;
      default:
        return safeInline(part);
    }
  });
}
