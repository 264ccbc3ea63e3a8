/**
 * Understanding the user's answer to the welcome bot: a clicked choice
 * carries its step in a command code; typed words are matched to a step. An
 * answer that matches nothing is "unknown" (spec 1 §4: sorry, then help, then topics).
 */
import type { MessagePart } from '../../protocol/entities';
import { BOT_COMMAND_PREFIX, BOT_STEPS, type BotStep } from '../../protocol/welcome-bot';

/** Words (lower case) → step. The first word found in the answer wins, in this order. */
const KEYWORDS: readonly [RegExp, BotStep][] = [
  [/(^\?$)|\b(help|hi|hello|hey)\b/, 'help'],
  [/\b(topics?|menu|more)\b/, 'topics'],
  [/\b(tour|start over|restart)\b/, 'handbook'],
  [/\binvit/, 'invite_people'],
  [/\b(look around|explore)\b/, 'look_around'],
  [/\b(messages?|chat|mention)/, 'messages'],
  [/\b(video|calls?|meetings?)\b/, 'video'],
  [/\b(channels?|teams?)\b/, 'channel'],
  [/\b(workspaces?|dashboards?)\b/, 'workspace'],
  [/\b(mobile|phone|ios|android)\b/, 'mobile_app'],
  [/\b(desktop|app)\b/, 'desktop_app'],
  [/\b(divisions?|departments?)\b/, 'division'],
  [/\bcompany\b/, 'company'],
  [/\b(notifications?|unread|alerts?)\b/, 'notification'],
  [/\b(e-?mail|mail)\b/, 'email'],
  [/\b(surveys?|polls?)\b/, 'survey'],
  [/\b(tips?|tricks?)\b/, 'tips'],
];
const NEXT = /^(next|continue|yes|yep|ok|okay|sure|go|show me( around)?)\b/;
const SKIP = /^(skip|no|nope|later|not now)\b/;

export type Answer = { kind: 'step'; step: BotStep } | { kind: 'next' } | { kind: 'unknown' };

export function parseAnswer(parts: readonly MessagePart[]): Answer {
  for (const part of parts) {
    if (part.type === 'command' && part.code.startsWith(BOT_COMMAND_PREFIX)) {
      const step = part.code.slice(BOT_COMMAND_PREFIX.length);
      if ((BOT_STEPS as readonly string[]).includes(step)) return { kind: 'step', step: step as BotStep };
    }
  }
  const text = parts
    .map((p) => (p.type === 'text' ? p.text : p.type === 'command' ? p.text : ''))
    .join(' ')
    .toLowerCase()
    .trim();
  if (NEXT.test(text)) return { kind: 'next' };
  if (SKIP.test(text)) return { kind: 'step', step: 'topics' };
  for (const [pattern, step] of KEYWORDS) if (pattern.test(text)) return { kind: 'step', step };
  return { kind: 'unknown' };
}
