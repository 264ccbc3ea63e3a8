/** The bot's command codes, without the schemas of welcome-bot.ts: the UI tells them apart without zod. */

/**
 * A choice the bot offers is a command part whose code starts with this
 * prefix; clicking it posts the same command part back (the bot reads the
 * code, so typed words and clicked choices meet in one place).
 */
export const BOT_COMMAND_PREFIX = 'bot:';
export const isBotCommand = (code: string): boolean => code.startsWith(BOT_COMMAND_PREFIX) && code.length <= 100;
