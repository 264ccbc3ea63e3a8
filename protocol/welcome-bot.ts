/**
 * The welcome bot's vocabulary shared by client and server (spec 1 §4, §7):
 * the steps of its sequence, the tutorial state, and how the user answers.
 * The bot itself runs in the server (server/bot/); the client asks it to
 * speak with messages/post_as_bot and answers by posting in the bot's DM.
 */
import { z } from 'zod';

/** The bot user's user_type (spec 1 §6). */
export const BOT_USER_TYPE = 2;

export const BOT_TOPICS = [
  'messages',
  'video',
  'channel',
  'workspace',
  'mobile_app',
  'desktop_app',
  'division',
  'company',
  'notification',
  'email',
  'survey',
  'tips',
  'help',
] as const;
export type BotTopic = (typeof BOT_TOPICS)[number];

/** Every step of the sequence (spec 1 §4 "Welcome bot sequence"). */
export const BOT_STEPS = [
  'welcome',
  'welcome2',
  'handbook',
  'tutorial1',
  'invite_people',
  'look_around',
  'topics',
  'sorry',
  'welcomeBack',
  ...BOT_TOPICS,
] as const;
export type BotStep = (typeof BOT_STEPS)[number];

/**
 * What post_as_bot may ask for: a step, or 'hello' — "greet this user as their
 * tutorial state says" (welcome the first time, welcomeBack after).
 */
export const BotRequest = z.enum(['hello', ...BOT_STEPS]);
export type BotRequest = z.infer<typeof BotRequest>;

/** Welcome tutorial state (spec 1 §4): not set, first time, nth time. */
export const TUTORIAL_STATES = ['not_set', 'first', 'nth'] as const;
export type TutorialState = (typeof TUTORIAL_STATES)[number];

export * from './bot-commands';

/** The error text when the user has no DM with a bot (spec 1 §8). */
export const NO_BOT_CHANNEL = 'No Bot channel found';
