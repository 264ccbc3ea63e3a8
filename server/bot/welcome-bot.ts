/**
 * The welcome bot (spec 1 §4, §7, §9), running in the server: it greets a
 * user when their client asks (messages/post_as_bot), answers what the user
 * posts in their DM with the bot, and "types" before each line — TYP frames
 * from the bot, 50 ms per character (at least 500 ms, at most 4 s), after a
 * 1 s start. Timers are injected so tests run the delays instantly and check them.
 */
import type { MessageWire } from '../../protocol/entities';
import { TYPING_RESEND_MS } from '../../protocol/frames/typing';
import type { BotRequest, BotStep, TutorialState } from '../../protocol/welcome-bot';
import { insertMessage } from '../channel-store';
import type { Database } from '../db';
import type { SocketHub } from '../socket-hub';
import type { UserRow } from '../user-store';
import { parseAnswer } from './answers';
import { line, lineLength, lineParts, type ScriptContext } from './script';
import { getBotState, setBotState, botPeer, companyName } from './bot-store';

export interface BotTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Spec 1 §9: 50 ms per character, replies at least 500 ms, 1 s start. The 4 s cap is Plaza's (long lines would otherwise type for 10 s). */
export const BOT_TIMING = { startMs: 1_000, perCharMs: 50, minMs: 500, maxMs: 4_000 } as const;

export function typingDelay(chars: number): number {
  return Math.min(BOT_TIMING.maxMs, Math.max(BOT_TIMING.minMs, chars * BOT_TIMING.perCharMs));
}

export interface WelcomeBot {
  /** post_as_bot: say `what` (a step, or 'hello': greet as the tutorial state says) in the user's DM with the bot. */
  request(user: UserRow, bot: UserRow, channel: { guid: string; address: string }, what: BotRequest): void;
  /** A user posted a message: if it is in their DM with a bot, the bot answers. */
  onPosted(user: UserRow, channelGuid: string, message: MessageWire): void;
  /** Resolves when every queued line has been said (tests). */
  settled(): Promise<void>;
  stop(): void;
}

const realTimers: BotTimers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };

export function createWelcomeBot(options: { db: Database; hub: SocketHub; timers?: BotTimers; log: (line: string) => void }): WelcomeBot {
  const { db, hub, log } = options;
  const timers = options.timers ?? realTimers;
  /** One queue per user, so lines never interleave. */
  const chains = new Map<string, Promise<void>>();
  const pending = new Set<unknown>();
  let stopped = false;

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (stopped) return;
      const handle = timers.setTimeout(() => {
        pending.delete(handle);
        resolve();
      }, ms);
      pending.add(handle);
    });

  function enqueue(userGuid: string, work: () => Promise<void>): void {
    const previous = chains.get(userGuid) ?? Promise.resolve();
    const next = previous.then(work).catch((err: unknown) => log(`welcome bot failed for ${userGuid}: ${err instanceof Error ? err.message : String(err)}`));
    chains.set(userGuid, next);
    void next.then(() => {
      if (chains.get(userGuid) === next) chains.delete(userGuid);
    });
  }

  /** Says `step` and whatever follows it at once; remembers the last step that offers choices. */
  async function say(user: UserRow, bot: UserRow, channel: { guid: string; address: string }, step: BotStep, tutorial: TutorialState): Promise<void> {
    const context: ScriptContext = { firstName: user.first_name, companyName: await companyName(db, user.company_guid), isAdmin: user.is_company_admin, tutorial };
    let current: BotStep | undefined = step;
    let first = true;
    let awaiting: BotStep | null = null;
    for (let guard = 0; current && guard < 10; guard++) {
      const l = line(current, context);
      if (first) await sleep(BOT_TIMING.startMs);
      first = false;
      await type(user, bot, channel.address, typingDelay(lineLength(l)));
      if (stopped) return;
      const { message, created, members } = await insertMessage(db, {
        channel_guid: channel.guid,
        from_guid: bot.guid,
        json: JSON.stringify(lineParts(l)),
        is_urgent: false,
        reply_to: null,
        client_guid: null,
      });
      if (created) hub.sendToUsers(members, 'MSG', { message: message.wire });
      if (l.choices.length > 0) awaiting = current;
      current = l.then;
    }
    if (awaiting) await setBotState(db, user.guid, { step: awaiting });
  }

  /** TYP frames from the bot for `ms`, repeated before the 5 s indicator expires. */
  async function type(user: UserRow, bot: UserRow, address: string, ms: number): Promise<void> {
    for (let left = ms; left > 0 && !stopped; left -= TYPING_RESEND_MS) {
      hub.sendToUsers([user.guid], 'TYP', { address, user_guid: bot.guid, first_name: bot.first_name, last_name: bot.last_name });
      await sleep(Math.min(left, TYPING_RESEND_MS));
    }
  }

  return {
    request(user, bot, channel, what) {
      enqueue(user.guid, async () => {
        const state = await getBotState(db, user.guid);
        if (what === 'hello') {
          const step: BotStep = state.tutorial_state === 'not_set' ? 'welcome' : 'welcomeBack';
          await setBotState(db, user.guid, { tutorial_state: state.tutorial_state === 'not_set' ? 'first' : 'nth' });
          await say(user, bot, channel, step, state.tutorial_state);
          return;
        }
        if (what === 'welcome' && state.tutorial_state === 'not_set') await setBotState(db, user.guid, { tutorial_state: 'first' });
        await say(user, bot, channel, what, state.tutorial_state);
      });
    },

    onPosted(user, channelGuid, message) {
      if (user.user_type === 2) return;
      enqueue(user.guid, async () => {
        const peer = await botPeer(db, channelGuid, user.guid);
        if (!peer) return;
        let parts: Parameters<typeof parseAnswer>[0];
        try {
          parts = JSON.parse(message.json) as typeof parts;
        } catch {
          return;
        }
        const answer = parseAnswer(parts);
        const state = await getBotState(db, user.guid);
        let step: BotStep;
        if (answer.kind === 'step') step = answer.step;
        else if (answer.kind === 'unknown') step = 'sorry';
        else step = state.step ? (line(state.step, { firstName: '', companyName: '', isAdmin: false, tutorial: state.tutorial_state }).choices[0]?.step ?? 'topics') : 'topics';
        await say(user, peer, { guid: channelGuid, address: message.address }, step, state.tutorial_state);
      });
    },

    async settled() {
      while (chains.size > 0) await Promise.all([...chains.values()]);
    },

    stop() {
      stopped = true;
      for (const handle of pending) timers.clearTimeout(handle);
      pending.clear();
    },
  };
}
