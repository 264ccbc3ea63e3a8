/**
 * The welcome bot in the server: post_as_bot greets by tutorial state, the
 * user's answers move through the sequence, unknown answers get sorry → help
 * → topics, admins get their help variant, and the bot types first (TYP
 * frames, 50 ms per character, at least 500 ms, 1 s start). Its timers are
 * injected: they fire at once and record the delays asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePart } from '../../protocol/entities';
import type { DownFrame } from '../../protocol/frames/down';
import { BOT_TIMING, typingDelay } from '../../server/bot/welcome-bot';
import { loginDemo, startHarness, textJson, type Harness, type Session, type TestSocket } from './helpers';

const delays: number[] = [];
let h: Harness;
let alice: Session, bob: Session, carol: Session;

beforeAll(async () => {
  h = await startHarness({
    botTimers: {
      setTimeout: (fn, ms) => {
        delays.push(ms);
        return setImmediate(fn);
      },
      clearTimeout: (handle) => clearImmediate(handle as NodeJS.Immediate),
    },
  });
  ({ alice, bob, carol } = await loginDemo(h));
});
afterAll(() => h?.server.close());

const botDm = async (s: Session) => h.channelByName(s, 'Plaza Bot');
const botGuid = async (s: Session) => (await botDm(s)).target_user_guid as string;

/** The bot's messages in the socket since `from`, as [text, choice labels]. */
function botLines(socket: TestSocket, bot: string, from = 0): [string, string[]][] {
  return socket.frames
    .slice(from)
    .filter((f): f is Extract<DownFrame, { code: 'MSG' }> => f.code === 'MSG' && f.data.message.from_guid === bot)
    .map((f) => {
      const parts = f.data.message.parts as MessagePart[];
      return [parts[0]?.type === 'text' ? parts[0].text : '', parts.filter((p) => p.type === 'command').map((p) => (p.type === 'command' ? p.text : ''))];
    });
}

/** Waits until the bot has said everything and its last message reached the socket. */
async function delivered(dm: { guid: string }, socket: TestSocket): Promise<void> {
  await h.server.botSettled();
  const [last] = await h.server.db.query<{ guid: string }>('SELECT guid FROM messages WHERE channel_guid = $1 ORDER BY created DESC LIMIT 1', [dm.guid]);
  await socket.next('MSG', (d) => d.message.guid === last!.guid);
}

async function ask(s: Session, socket: TestSocket, message: string): Promise<number> {
  const dm = await botDm(s);
  const from = socket.frames.length;
  await h.ok('postAsBot', { target_user_guid: dm.target_user_guid, address: dm.address, message: message as never }, s);
  await delivered(dm, socket);
  return from;
}

async function answer(s: Session, socket: TestSocket, json: string): Promise<number> {
  const dm = await botDm(s);
  const from = socket.frames.length;
  await h.ok('post', { address: dm.address, json, is_urgent: false }, s);
  await delivered(dm, socket);
  return from;
}

describe('welcome bot', () => {
  it('greets a user the seed already welcomed with welcomeBack (first), then the short one (nth)', async () => {
    const socket = await h.socket(bob);
    const bot = await botGuid(bob);
    let from = await ask(bob, socket, 'hello');
    expect(botLines(socket, bot, from)).toEqual([['Welcome back, Bob! Shall we finish the tour, or would you rather pick a topic?', ['Continue the tour', 'Topics']]]);
    from = await ask(bob, socket, 'hello');
    expect(botLines(socket, bot, from)).toEqual([['Welcome back, Bob! Type "help" whenever you need me.', ['Topics']]]);
    socket.close();
  });

  it('runs the tour for a new user: welcome → welcome2 → handbook → tutorial1 → look_around → topics', async () => {
    await h.server.db.query('DELETE FROM bot_states WHERE user_guid = $1', [carol.user_guid]);
    const socket = await h.socket(carol);
    const bot = await botGuid(carol);
    delays.length = 0;
    let from = await ask(carol, socket, 'hello');
    const greeting = botLines(socket, bot, from);
    expect(greeting.map(([t]) => t.slice(0, 27))).toEqual(['Hi Carol, welcome to Plaza!', "Plaza keeps Acme's conversa"]);
    expect(greeting[1]![1]).toEqual(['Show me around', 'Skip the tour']);
    // Typing first: a 1 s start, then 50 ms per character (capped), with TYP frames from the bot.
    expect(delays[0]).toBe(BOT_TIMING.startMs);
    const welcomeTyping = typingDelay(greeting[0]![0].length);
    expect(delays.slice(1, 1 + Math.ceil(welcomeTyping / 3_000)).reduce((a, b) => a + b, 0)).toBe(welcomeTyping);
    expect(socket.count('TYP', (d) => d.user_guid === bot)).toBeGreaterThanOrEqual(2);

    // "yes" continues from the last question; clicking a choice sends its command.
    from = await answer(carol, socket, textJson('yes please'));
    expect(botLines(socket, bot, from)[0]![0]).toMatch(/^The sidebar lists your conversations/);
    from = await answer(carol, socket, JSON.stringify([{ type: 'command', code: 'bot:tutorial1', text: 'Next' }]));
    expect(botLines(socket, bot, from)[0]![1]).toEqual(['Invite people', 'Look around']);
    from = await answer(carol, socket, JSON.stringify([{ type: 'command', code: 'bot:look_around', text: 'Look around' }]));
    const lines = botLines(socket, bot, from);
    expect(lines.map(([t]) => t.slice(0, 20))).toEqual(['Go ahead and explore', 'Ask me about any of ']);
    expect(lines[1]![1]).toHaveLength(13);
    // The next greeting is welcomeBack.
    from = await ask(carol, socket, 'hello');
    expect(botLines(socket, bot, from)[0]![0]).toMatch(/^Welcome back, Carol! Shall we finish the tour/);
    socket.close();
  });

  it('answers topics by word, and unknown answers with sorry → help → topics; admins get their help', async () => {
    const socket = await h.socket(carol);
    const bot = await botGuid(carol);
    let from = await answer(carol, socket, textJson('tell me about video'));
    expect(botLines(socket, bot, from)).toEqual([["Video calls aren't in Plaza yet. Until then, a direct message is the quickest way to reach someone.", ['More topics']]]);
    from = await answer(carol, socket, textJson('purple elephants'));
    const unknown = botLines(socket, bot, from);
    expect(unknown.map(([t]) => t.slice(0, 14))).toEqual(["Sorry, I didn'", 'I explain how ', 'Ask me about a']);
    expect(unknown[1]![0]).toContain('ask a company admin');
    socket.close();

    const aliceSocket = await h.socket(alice);
    from = await answer(alice, aliceSocket, textJson('help'));
    const admin = botLines(aliceSocket, await botGuid(alice), from);
    expect(admin[0]![0]).toContain('As a company admin you can also post in the company channel');
    aliceSocket.close();
  });

  it('post_as_bot outside the bot channel is "No Bot channel found"; a bad step is refused', async () => {
    const dm = await botDm(bob);
    const design = await h.channelByName(bob, 'Design');
    const wrongChannel = await h.call('postAsBot', { target_user_guid: dm.target_user_guid, address: design.address, message: 'hello' }, bob);
    expect(wrongChannel.status).toBe(404);
    expect(wrongChannel.body.message).toBe('No Bot channel found');
    const notABot = await h.call('postAsBot', { target_user_guid: alice.user_guid, address: dm.address, message: 'hello' }, bob);
    expect(notABot.body.message).toBe('No Bot channel found');
    const aliceDm = await botDm(alice);
    expect((await h.call('postAsBot', { target_user_guid: aliceDm.target_user_guid, address: aliceDm.address, message: 'hello' }, bob)).status).toBe(404);
    const badStep = await h.call('postAsBot', { target_user_guid: dm.target_user_guid, address: dm.address, message: 'dance' }, bob);
    expect(badStep.status).toBe(400);
    expect(badStep.body.results.message).toBeDefined();
    // Messages elsewhere never wake the bot.
    const before = (await h.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE channel_guid = $1', [dm.guid]))[0]!.n;
    await h.ok('post', { address: design.address, json: textJson('help'), is_urgent: false }, bob);
    await h.server.botSettled();
    expect((await h.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE channel_guid = $1', [dm.guid]))[0]!.n).toBe(before);
  });

  it('types 50 ms per character, at least 500 ms and at most 4 s', () => {
    expect(typingDelay(4)).toBe(500);
    expect(typingDelay(30)).toBe(1_500);
    expect(typingDelay(500)).toBe(4_000);
  });
});
