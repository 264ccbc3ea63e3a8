/**
 * Turns what the user typed into message parts: lines starting "- " or "* "
 * become a bullet list, "1. ", "2. ", … an ordered list (numbered from 1 on, as
 * typed: the part has no start number, so "3. " alone or a skipped number stays
 * text rather than show a number the user did not write); http(s) and mailto links become
 * hyperlinks, and conference links (/vc/{digits}, …?token_id={digits}) a
 * video_conference part; "@First Last" (or a unique "@First") of a known user
 * becomes a person part with scope "user", "@channel" and "@all" one with
 * scope "channel"/"all" naming the conversation; a message starting with a
 * command of protocol/commands.ts becomes that command part, "/vc {digits}" a
 * conference. Everything else stays text, exactly as typed.
 */
import { isCommandCode } from '../protocol/commands';
import type { InlinePart, MessagePart, User } from '../protocol/entities';

const URL_PATTERN = /\b(?:https?:\/\/|mailto:)[^\s<>"]+[^\s<>".,;:!?)\]}'"]/gi;
const BULLET = /^\s*[-*•]\s+(.*)$/;
const ORDERED = /^\s*(\d{1,3})[.)]\s+(.*)$/;

interface Mentionable {
  guid: string;
  label: string;
  scope: 'user' | 'channel' | 'all';
}

/** Conference links (spec 1 §2 routes); parsing requires a numeric token (spec 1 §5). */
const VC_LINK = /^https?:\/\/[^/\s]+\/(?:vc\/(\d{1,20})\/?|corporate\/resource\/(?:video_conference|vc)\?token_id=(\d{1,20}))$/i;

export function conferenceToken(url: string): string | null {
  const match = VC_LINK.exec(url);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function mentionables(users: Iterable<User>, address: string | undefined): Mentionable[] {
  const list: Mentionable[] = [];
  if (address) for (const scope of ['channel', 'all'] as const) list.push({ guid: address, label: scope, scope });
  const firstNames = new Map<string, number>();
  const all = [...users];
  for (const u of all) firstNames.set(u.first_name.toLowerCase(), (firstNames.get(u.first_name.toLowerCase()) ?? 0) + 1);
  for (const u of all) {
    const full = `${u.first_name} ${u.last_name}`.trim();
    if (full) list.push({ guid: u.target_user_guid, label: full, scope: 'user' });
    if (u.first_name && firstNames.get(u.first_name.toLowerCase()) === 1) list.push({ guid: u.target_user_guid, label: u.first_name, scope: 'user' });
  }
  // Longest label first, so "@Bob Brown" wins over "@Bob".
  return list.sort((a, b) => b.label.length - a.label.length);
}

function pushText(parts: InlinePart[], text: string): void {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last?.type === 'text') last.text += text;
  else parts.push({ type: 'text', text });
}

function mentionsIn(text: string, people: Mentionable[], parts: InlinePart[]): void {
  let rest = text;
  while (rest) {
    const at = rest.indexOf('@');
    if (at < 0) break;
    const after = rest.slice(at + 1);
    const hit = people.find((p) => after.toLowerCase().startsWith(p.label.toLowerCase()) && !/[\p{L}\p{N}_]/u.test(after.charAt(p.label.length)));
    if (!hit || (at > 0 && /[\p{L}\p{N}_]/u.test(rest.charAt(at - 1)))) {
      pushText(parts, rest.slice(0, at + 1));
      rest = after;
      continue;
    }
    pushText(parts, rest.slice(0, at));
    parts.push({ type: 'person', user_guid: hit.guid, name: hit.scope === 'user' ? after.slice(0, hit.label.length) : hit.scope, scope: hit.scope });
    rest = after.slice(hit.label.length);
  }
  pushText(parts, rest);
}

function inlineParts(text: string, people: Mentionable[]): InlinePart[] {
  const parts: InlinePart[] = [];
  let index = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    mentionsIn(text.slice(index, match.index), people, parts);
    parts.push({ type: 'hyperlink', url: match[0] });
    index = match.index + match[0].length;
  }
  mentionsIn(text.slice(index), people, parts);
  return parts;
}

/** A whole message that is one command ("/me waves"), or null. */
function commandMessage(text: string): MessagePart[] | null {
  const match = /^\/([a-z]+)(?:[ \t]+|\n|$)([\s\S]*)$/.exec(text.replace(/^\s+/, ''));
  if (!match) return null;
  const [, code, rest] = match as unknown as [string, string, string];
  if (code === 'vc') return /^\d{1,20}$/.test(rest.trim()) ? [{ type: 'video_conference', token: rest.trim() }] : null;
  if (!isCommandCode(code)) return null;
  const body = code === 'code' ? rest.replace(/\s+$/, '') : rest.trim();
  if (body === '' && code !== 'shrug') return null;
  return [{ type: 'command', code, text: body }];
}

/** What composing needs besides the text: who can be mentioned, and the conversation ("@channel", "@all"). */
export interface ComposeContext {
  users?: Iterable<User>;
  address?: string;
}

/** Message parts for the typed text. Blank text gives no parts. */
export function partsFromText(text: string, context: ComposeContext | Iterable<User> = {}): MessagePart[] {
  const { users = [], address } = Symbol.iterator in context ? { users: context as Iterable<User>, address: undefined } : (context as ComposeContext);
  const command = commandMessage(text);
  if (command) return command;
  const people = mentionables(users, address);
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const parts: MessagePart[] = [];
  let paragraph: string[] = [];
  const flushParagraph = (): void => {
    if (paragraph.length === 0) return;
    for (const p of inlineParts(paragraph.join('\n'), people)) {
      const last = parts[parts.length - 1];
      const token = p.type === 'hyperlink' ? conferenceToken(p.url) : null;
      if (token) parts.push({ type: 'video_conference', token });
      else if (p.type === 'text' && last?.type === 'text') last.text += p.text;
      else parts.push(p);
    }
    paragraph = [];
  };
  for (const line of lines) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : ORDERED.exec(line);
    // The number the list would show here: the next of the list going on (blank lines between items keep it going).
    const previous = parts[parts.length - 1];
    const goesOn = previous?.type === 'ordered-list' && paragraph.every((l) => l.trim() === '');
    const ordered = numbered && Number(numbered[1]) === (goesOn ? previous.items.length + 1 : 1) ? numbered : null;
    const kind = bullet ? 'bullet-list' : ordered ? 'ordered-list' : null;
    if (!kind) {
      paragraph.push(line);
      continue;
    }
    // A list ends the paragraph before it; the newline between them is implied by the list.
    if (paragraph.length > 0 && paragraph.every((l) => l.trim() === '')) paragraph = [];
    flushParagraph();
    const item = inlineParts(bullet ? bullet[1]! : ordered![2]!, people);
    const last = parts[parts.length - 1];
    if (last && last.type === kind) last.items.push(item);
    else parts.push({ type: kind, items: [item] });
  }
  flushParagraph();
  // Trim surrounding blank lines of text parts at the edges.
  const first = parts[0];
  if (first?.type === 'text') first.text = first.text.replace(/^\s*\n/, '');
  const last = parts[parts.length - 1];
  if (last?.type === 'text') last.text = last.text.replace(/\n\s*$/, '');
  return parts.filter((p) => p.type !== 'text' || p.text.trim() !== '');
}
