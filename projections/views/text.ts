/** Plain-text renderings of message parts: previews, emoji short codes, safe links, access codes. */
import { SHRUG } from '../../protocol/commands';
import { EMOJI_BY_CODE } from '../../protocol/emoji';
import type { InlinePart, MessagePart } from '../../protocol/entities';
import type { MessagePartView } from '../../protocol/views';

/** Preview length (spec 1 §5, §9). */
export const PREVIEW_LENGTH = 250;

/** `:short_code:` → emoji for the codes of protocol/emoji.ts. Unknown codes stay as typed. */
export function expandEmoji(text: string): string {
  if (!text.includes(':')) return text;
  return text.replace(/:([a-z0-9_+-]{1,40}):/gi, (whole, code: string) => EMOJI_BY_CODE.get(code.toLowerCase()) ?? whole);
}

/** Only these schemes become links; anything else (javascript:, data:, …) is shown as text. */
export function isSafeUrl(url: string): boolean {
  return /^(https?:\/\/[^\s\u0000-\u001f]+|mailto:[^\s\u0000-\u001f]+)$/i.test(url);
}

/** A conference's access code in three groups, 3-3-rest (spec 1 §5): 4815162342 → "481 516 2342". */
export function formatAccessCode(token: string): string {
  if (token.length <= 3) return token;
  if (token.length <= 6) return `${token.slice(0, 3)} ${token.slice(3)}`;
  return `${token.slice(0, 3)} ${token.slice(3, 6)} ${token.slice(6)}`;
}

/** How a command reads as text (docs/protocol.md "Commands"). */
export function commandText(part: Extract<InlinePart, { type: 'command' }>): string {
  switch (part.code) {
    case 'shrug':
      return part.text ? `${part.text} ${SHRUG}` : SHRUG;
    case 'me':
    case 'code':
      return part.text;
    default:
      return part.text || `/${part.code}`;
  }
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
      return commandText(part);
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
          return `Video conference ${formatAccessCode(part.token)}`;
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
  if (part.type === 'text') return part.text.includes(':') ? { type: 'text', text: expandEmoji(part.text) } : part;
  return part.type === 'hyperlink' && !isSafeUrl(part.url) ? { type: 'text', text: part.text ?? part.url } : part;
}

/** The parts to render: unsafe hyperlinks turned into text, emoji short codes expanded, access codes grouped. */
export function safeParts(parts: readonly MessagePart[]): MessagePartView[] {
  return parts.map((part): MessagePartView => {
    switch (part.type) {
      case 'bullet-list':
      case 'ordered-list':
        return { ...part, items: part.items.map((item) => item.map(safeInline)) };
      case 'video_conference':
        return { type: 'video_conference', token: part.token, access_code: formatAccessCode(part.token) };
      default:
        return safeInline(part);
    }
  });
}
