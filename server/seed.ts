/**
 * Demo data, written once into an empty database: the Acme company, four
 * people, the welcome bot, the usual channels and a few days of history.
 * Every seeded message starts out read, so a fresh demo shows 0 unread.
 */
import type { MessagePart } from '../protocol/entities';
import { addMember, findOrCreateDm, insertChannel, insertMessage, markAllRead } from './channel-store';
import { hashPassword, newGuid } from './crypto';
import type { Database, Queryable } from './db';

export const DEMO_PASSWORD = 'plaza-demo';

/** The demo sign-ins, printed by main.ts. */
export const DEMO_CREDENTIALS = [
  { email: 'alice@acme.test', password: DEMO_PASSWORD, name: 'Alice Anders', note: 'company admin' },
  { email: 'bob@acme.test', password: DEMO_PASSWORD, name: 'Bob Brown', note: 'Engineering admin' },
  { email: 'carol@acme.test', password: DEMO_PASSWORD, name: 'Carol Chen', note: '' },
  { email: 'dave@acme.test', password: DEMO_PASSWORD, name: 'Dave Diaz', note: '' },
] as const;

const HOUR = 3_600_000;
const text = (t: string): MessagePart => ({ type: 'text', text: t });
const link = (url: string, label?: string): MessagePart => ({ type: 'hyperlink', url, ...(label ? { text: label } : {}) });
const bullets = (...items: string[]): MessagePart => ({ type: 'bullet-list', items: items.map((i) => [{ type: 'text', text: i }]) });

type Line = [author: string, hoursAgo: number, parts: MessagePart[]];

/** Seeds the demo when the database has no company yet. Returns whether it seeded. */
export async function seedDemo(db: Database): Promise<boolean> {
  // Hash before the transaction: scrypt is slow-ish and the transaction holds the database.
  const hashes = await Promise.all(DEMO_CREDENTIALS.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    const existing = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
    if ((existing[0]?.n ?? 0) > 0) return false;
    await seed(tx, hashes);
    return true;
  });
}

async function seed(tx: Queryable, hashes: string[]): Promise<void> {
  const now = Date.now();
  const company = newGuid();
  await tx.query('INSERT INTO companies (guid, name, created) VALUES ($1, $2, $3)', [company, 'Acme', now - 30 * 24 * HOUR]);

  const addUser = async (first: string, last: string, email: string | null, hash: string | null, opts: { admin?: boolean; bot?: boolean } = {}) => {
    const guid = newGuid();
    await tx.query(
      `INSERT INTO users (guid, company_guid, email, first_name, last_name, user_type, is_company_admin, password_hash, created)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [guid, company, email, first, last, opts.bot ? 2 : 0, opts.admin ?? false, hash, now - 30 * 24 * HOUR],
    );
    return { guid, first, last };
  };
  const alice = await addUser('Alice', 'Anders', 'alice@acme.test', hashes[0] ?? null, { admin: true });
  const bob = await addUser('Bob', 'Brown', 'bob@acme.test', hashes[1] ?? null);
  const carol = await addUser('Carol', 'Chen', 'carol@acme.test', hashes[2] ?? null);
  const dave = await addUser('Dave', 'Diaz', 'dave@acme.test', hashes[3] ?? null);
  const bot = await addUser('Plaza', 'Bot', null, null, { bot: true });
  const people = [alice, bob, carol, dave];
  const mention = (u: { guid: string; first: string; last: string }): MessagePart => ({
    type: 'person',
    user_guid: u.guid,
    name: `${u.first} ${u.last}`,
    scope: 'user',
  });

  const channel = async (
    spec: Parameters<typeof insertChannel>[1],
    members: [{ guid: string }, 0 | 2][],
    lines: Line[],
  ): Promise<void> => {
    const c = await insertChannel(tx, spec);
    for (const [user, type] of members) await addMember(tx, c.guid, user.guid, type);
    await say(tx, c.guid, now, lines);
  };
  const base = { company_guid: company, created: now - 30 * 24 * HOUR };

  await channel({ ...base, name: 'Acme', channel_type: 2, etype: 'company', is_private: false }, people.map((u) => [u, u === alice ? 2 : 0]), [
    [alice.guid, 150, [text('Welcome to Plaza, everyone! This is the company-wide channel for news that concerns all of Acme.')]],
    [alice.guid, 120, [text('Heads-up: the kitchen is being renovated next week. The coffee machine moves to the 2nd floor lounge.')]],
    [alice.guid, 74, [text('Agenda for Friday\'s all-hands:'), bullets('Q3 results', 'Roadmap for the next half', 'Office move update', 'Open Q&A')]],
    [alice.guid, 50, [text('Slides from the all-hands: '), link('https://intranet.acme.test/all-hands/q3', 'Q3 all-hands deck')]],
    [alice.guid, 20, [text('Thanks for a great quarter, team!')]],
  ]);

  await channel({ ...base, name: 'Design', channel_type: 1, etype: 'channel' }, [[alice, 2], [bob, 0], [carol, 0]], [
    [carol.guid, 98, [text('I pushed the new onboarding mockups to the shared folder.')]],
    [alice.guid, 97, [text('Nice! The empty states look much friendlier.')]],
    [bob.guid, 96, [text('Can we keep the sidebar at 280px? Engineering already built around it.')]],
    [carol.guid, 95.5, [text('Sure, I\'ll adjust the frames.')]],
    [alice.guid, 49, [mention(carol), text(' could you also do a dark-mode pass before Thursday?')]],
    [carol.guid, 48.5, [text('On it.')]],
    [carol.guid, 26, [text('Here is the clickable prototype: '), link('https://design.acme.test/prototypes/onboarding-v3', 'Onboarding v3')]],
    [bob.guid, 25, [text('Looks great on my phone too.')]],
  ]);

  await channel({ ...base, name: 'Engineering', channel_type: 1, etype: 'channel' }, [[bob, 2], [alice, 0], [carol, 0], [dave, 0]], [
    [bob.guid, 121, [text('Sprint 14 starts today. The board is up to date.')]],
    [dave.guid, 120.5, [text('I\'ll take the message-search ticket.')]],
    [bob.guid, 100, [text('Release checklist for 2.3:'), bullets('Migrations reviewed', 'Feature flags off by default', 'Changelog written', 'Smoke tests on staging')]],
    [alice.guid, 99, [text('Do we have a date for the 2.3 release?')]],
    [bob.guid, 98.7, [text('Targeting next Tuesday if staging stays green.')]],
    [dave.guid, 52, [text('Staging deploy is done. One flaky test in the socket suite, looking into it.')]],
    [carol.guid, 51, [mention(dave), text(' the new icons are in the design repo whenever you need them.')]],
    [dave.guid, 50.8, [text('Thanks Carol!')]],
    [bob.guid, 27, [text('Postmortem for Monday\'s outage: '), link('https://wiki.acme.test/engineering/postmortems/2024-outage')]],
    [dave.guid, 5, [text('Flaky test fixed: a timer was not being cleared between runs.')]],
  ]);

  await channel({ ...base, name: 'HR', channel_type: 1, etype: 'channel', is_hr: true }, [[alice, 2], [dave, 0]], [
    [alice.guid, 146, [text('Hi Dave, welcome to the HR department channel.')]],
    [dave.guid, 145, [text('Thanks! Where can I find the holiday calendar?')]],
    [alice.guid, 144.5, [text('It is on the intranet: '), link('https://intranet.acme.test/hr/holidays', 'Holiday calendar')]],
    [alice.guid, 73, [text('Open tasks for this month:'), bullets('Update the employee handbook', 'Plan the summer party', 'Review the parental-leave policy')]],
    [dave.guid, 72, [text('I can take the summer party.')]],
    [alice.guid, 23, [text('Perfect, thank you!')]],
  ]);

  // Not open: others ask to join, and Alice (its admin) approves or denies (teams/request, teams/process).
  await channel({ ...base, name: 'Product Council', channel_type: 1, etype: 'channel', is_open: false }, [[alice, 2], [carol, 0]], [
    [alice.guid, 70, [text('This is where we decide what goes on the roadmap. Ask to join if you want a seat at the table.')]],
    [carol.guid, 69, [text('I added the research findings to the agenda.')]],
  ]);

  await channel(
    { ...base, name: 'News', channel_type: 1, etype: 'announcement', is_hr: true, is_private: false },
    people.map((u) => [u, u === alice ? 2 : 0]),
    [
      [alice.guid, 170, [text('Plaza is now our official chat tool. Please use it instead of email for quick questions.')]],
      [alice.guid, 97, [text('New benefits starting next month:'), bullets('Gym membership subsidy', 'Two extra wellness days', 'Learning budget of 1,000 per year')]],
      [alice.guid, 47, [text('Read the Q3 company update: '), link('https://intranet.acme.test/news/q3-update')]],
      [alice.guid, 22, [text('Please welcome our newest colleague, '), mention(dave), text('! He joins the Engineering team.')]],
      [alice.guid, 3, [text('The office is closed on Friday for maintenance.')]],
    ],
  );

  const dm = await findOrCreateDm(tx, company, alice.guid, bob.guid);
  await say(tx, dm.guid, now, [
    [alice.guid, 75, [text('Hey Bob, do you have a minute to talk about the roadmap?')]],
    [bob.guid, 74.5, [text('Sure, after lunch?')]],
    [alice.guid, 74.4, [text('Works for me.')]],
    [bob.guid, 28, [text('Here is the draft I mentioned: '), link('https://docs.acme.test/roadmap-next-half', 'Roadmap draft')]],
    [alice.guid, 27, [text('Thanks, I\'ll read it tonight.')]],
  ]);

  for (const person of people) {
    const welcome = await findOrCreateDm(tx, company, bot.guid, person.guid);
    await say(tx, welcome.guid, now, [
      [bot.guid, 160, [text(`Welcome to Plaza, ${person.first}! I'm Plaza Bot and I'll help you get started.`)]],
      [bot.guid, 159.9, [text('A few things to try:'), bullets('Open a channel from the sidebar', 'Start a direct message from the people list', 'Mention a colleague to get their attention')]],
      [bot.guid, 159.8, [text('Tip: press Enter to send and Shift+Enter for a new line.')]],
      [bot.guid, 159.7, [text('Need more help? Read the guide: '), link('https://help.plaza.test/getting-started', 'Getting started with Plaza')]],
      [bot.guid, 159.6, [text('Have fun!')]],
    ]);
  }

  await markAllRead(tx);
}

async function say(tx: Queryable, channelGuid: string, now: number, lines: Line[]): Promise<void> {
  for (const [from, hoursAgo, parts] of lines) {
    await insertMessage(tx, {
      channel_guid: channelGuid,
      from_guid: from,
      json: JSON.stringify(parts),
      is_urgent: false,
      reply_to: null,
      client_guid: null,
      now: Math.round(now - hoursAgo * HOUR),
    });
  }
}
