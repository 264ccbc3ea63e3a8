/**
 * Demo data, written once into an empty database: the Acme company, four
 * people, the welcome bot, the usual channels and a few days of history.
 * Every seeded message starts out read, so a fresh demo shows 0 unread.
 */
import type { MessagePart } from '../protocol/entities';
import { line, lineParts } from './bot/script';
import { addMember, findOrCreateDm, insertChannel, insertMessage, markAllRead } from './channel-store';
import { hashPassword, newGuid } from './crypto';
import type { Database, Queryable } from './db';
import { refreshExternal } from './team-store';

export const DEMO_PASSWORD = 'plaza-demo';

/** The demo sign-ins, printed by main.ts. */
export const DEMO_CREDENTIALS = [
  { email: 'alice@acme.test', password: DEMO_PASSWORD, name: 'Alice Anders', note: 'company admin' },
  { email: 'bob@acme.test', password: DEMO_PASSWORD, name: 'Bob Brown', note: 'Engineering admin' },
  { email: 'carol@acme.test', password: DEMO_PASSWORD, name: 'Carol Chen', note: '' },
  { email: 'dave@acme.test', password: DEMO_PASSWORD, name: 'Dave Diaz', note: '' },
  { email: 'grace@globex.test', password: DEMO_PASSWORD, name: 'Grace Green', note: 'another company (Globex): connect with her through a connect link' },
  { email: 'gina@globex.test', password: DEMO_PASSWORD, name: 'Gina Garcia', note: 'Globex, an external member of Acme’s “Launch Partners” (blocking, external members)' },
] as const;

const HOUR = 3_600_000;
const text = (t: string): MessagePart => ({ type: 'text', text: t });
const link = (url: string, label?: string): MessagePart => ({ type: 'hyperlink', url, ...(label ? { text: label } : {}) });
const bullets = (...items: string[]): MessagePart => ({ type: 'bullet-list', items: items.map((i) => [{ type: 'text', text: i }]) });

/** `reply_to` is the index of an earlier line of the same `say`: the thread it answers. */
type Line = [author: string, hoursAgo: number, parts: MessagePart[], options?: { reply_to?: number; is_urgent?: boolean }];

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
  const details: [{ guid: string }, string, string, string][] = [
    [alice, 'CEO', '+1 555 0100', 'A-101'],
    [bob, 'Engineering lead', '+1 555 0101', 'B-204'],
    [carol, 'Product designer', '+1 555 0102', 'B-210'],
    [dave, 'Software engineer', '+1 555 0103', 'B-215'],
  ];
  for (const [u, title, cell, desk] of details) {
    await tx.query(`UPDATE users SET job_title = $2, cell_number = $3, desk_number = $4, city = 'Springfield' WHERE guid = $1`, [u.guid, title, cell, desk]);
  }
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
  ): Promise<{ guid: string; address: string; messages: string[] }> => {
    const c = await insertChannel(tx, spec);
    for (const [user, type] of members) await addMember(tx, c.guid, user.guid, type);
    return { ...c, messages: await say(tx, c.guid, now, lines) };
  };
  const base = { company_guid: company, created: now - 30 * 24 * HOUR };

  const acme = await channel({ ...base, name: 'Acme', channel_type: 2, etype: 'company', is_private: false }, people.map((u) => [u, u === alice ? 2 : 0]), [
    [alice.guid, 150, [text('Welcome to Plaza, everyone! This is the company-wide channel for news that concerns all of Acme.')]],
    [alice.guid, 120, [text('Heads-up: the kitchen is being renovated next week. The coffee machine moves to the 2nd floor lounge.')]],
    [alice.guid, 74, [text('Agenda for Friday\'s all-hands:'), bullets('Q3 results', 'Roadmap for the next half', 'Office move update', 'Open Q&A')]],
    [alice.guid, 50, [text('Slides from the all-hands: '), link('https://intranet.acme.test/all-hands/q3', 'Q3 all-hands deck')]],
    [alice.guid, 20, [text('Thanks for a great quarter, team!')]],
  ]);

  const design = await channel({ ...base, name: 'Design', channel_type: 1, etype: 'channel' }, [[alice, 2], [bob, 0], [carol, 0]], [
    [carol.guid, 98, [text('I pushed the new onboarding mockups to the shared folder.')]],
    [alice.guid, 97, [text('Nice! The empty states look much friendlier.')]],
    [bob.guid, 96, [text('Can we keep the sidebar at 280px? Engineering already built around it.')]],
    [carol.guid, 95.5, [text('Sure, I\'ll adjust the frames.')]],
    [alice.guid, 49, [mention(carol), text(' could you also do a dark-mode pass before Thursday?')]],
    [carol.guid, 48.5, [text('On it.')]],
    [carol.guid, 26, [text('Here is the clickable prototype: '), link('https://design.acme.test/prototypes/onboarding-v3', 'Onboarding v3')]],
    [bob.guid, 25, [text('Looks great on my phone too.')]],
  ]);

  const engineering = await channel({ ...base, name: 'Engineering', channel_type: 1, etype: 'channel' }, [[bob, 2], [alice, 0], [carol, 0], [dave, 0]], [
    [bob.guid, 121, [text('Sprint 14 starts today. The board is up to date.')]],
    [dave.guid, 120.5, [text('I\'ll take the message-search ticket.')]],
    [bob.guid, 100, [text('Release checklist for 2.3:'), bullets('Migrations reviewed', 'Feature flags off by default', 'Changelog written', 'Smoke tests on staging')]],
    // A thread on the checklist (line 2): replies live in the thread, not in the channel.
    [dave.guid, 99.9, [text('Migrations are reviewed, ticking that one off.')], { reply_to: 2 }],
    [carol.guid, 99.8, [text('I can write the changelog if nobody has started.')], { reply_to: 2 }],
    [alice.guid, 99, [text('Do we have a date for the 2.3 release?')]],
    [bob.guid, 98.8, [mention(carol), text(' yes please, thank you!')], { reply_to: 2 }],
    [bob.guid, 98.7, [text('Targeting next Tuesday if staging stays green.')]],
    [dave.guid, 52, [text('Staging deploy is done. One flaky test in the socket suite, looking into it.')]],
    [carol.guid, 51, [mention(dave), text(' the new icons are in the design repo whenever you need them.')]],
    [dave.guid, 50.8, [text('Thanks Carol!')]],
    [bob.guid, 27, [text('Postmortem for Monday\'s outage: '), link('https://wiki.acme.test/engineering/postmortems/2024-outage')]],
    [dave.guid, 5, [text('Flaky test fixed: a timer was not being cleared between runs.')]],
    [bob.guid, 4, [text('Staging is down for a database upgrade until 15:00. Please hold deploys.')], { is_urgent: true }],
    [dave.guid, 3, [text('Pairing on the socket flake, join if you like: '), { type: 'video_conference', token: '4815162342' }]],
  ]);

  // Reactions and a flag (the messages features; the thread, urgent and video lines are in Engineering above).
  const react = async (message: string, who: { guid: string }[], content: string, hoursAgo: number): Promise<void> => {
    for (const [i, u] of who.entries()) {
      await tx.query('INSERT INTO reactions (message_guid, user_guid, content, created) VALUES ($1, $2, $3, $4)', [
        message,
        u.guid,
        content,
        Math.round(now - hoursAgo * HOUR) + i,
      ]);
    }
  };
  await react(acme.messages[4]!, [bob, carol, dave], '🎉', 19); // "Thanks for a great quarter, team!"
  await react(acme.messages[4]!, [dave], '❤️', 18);
  await react(engineering.messages[12]!, [bob, alice], '👍', 4.5); // "Flaky test fixed"
  await react(design.messages[6]!, [alice, bob], '😍', 25.5); // the prototype link
  await tx.query('INSERT INTO message_flags (message_guid, user_guid, flag, created) VALUES ($1, $2, $3, $4)', [engineering.messages[11]!, alice.guid, 5, now - 26 * HOUR]);

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

  // The welcome bot greeted everyone once (tutorial state 'first'): signing in, they get its welcomeBack.
  const greet = async (companyGuid: string, companyName: string, botGuid: string, person: { guid: string; first: string }, admin: boolean) => {
    const welcome = await findOrCreateDm(tx, companyGuid, botGuid, person.guid);
    const context = { firstName: person.first, companyName, isAdmin: admin, tutorial: 'not_set' as const };
    await say(tx, welcome.guid, now, [
      [botGuid, 160, lineParts(line('welcome', context))],
      [botGuid, 159.9, lineParts(line('welcome2', context))],
    ]);
    await tx.query(`INSERT INTO bot_states (user_guid, tutorial_state, step, updated) VALUES ($1, 'first', 'welcome2', $2)`, [person.guid, now]);
  };
  for (const person of people) await greet(company, 'Acme', bot.guid, person, person === alice);

  // Another company, so connections (requests between companies) can be tried: Grace of Globex.
  const globex = newGuid();
  await tx.query('INSERT INTO companies (guid, name, created) VALUES ($1, $2, $3)', [globex, 'Globex', now - 20 * 24 * HOUR]);
  const addGlobexUser = async (first: string, last: string, email: string | null, hash: string | null, userType: number) => {
    const guid = newGuid();
    await tx.query(
      `INSERT INTO users (guid, company_guid, email, first_name, last_name, user_type, is_company_admin, password_hash, created, job_title)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [guid, globex, email, first, last, userType, userType === 0, hash, now - 20 * 24 * HOUR, userType === 0 ? 'Partner manager' : null],
    );
    return { guid, first, last };
  };
  const grace = await addGlobexUser('Grace', 'Green', 'grace@globex.test', hashes[4] ?? null, 0);
  const globexBot = await addGlobexUser('Plaza', 'Bot', null, null, 2);
  await channel({ company_guid: globex, created: now - 20 * 24 * HOUR, name: 'Globex', channel_type: 2, etype: 'company', is_private: false }, [[grace, 2]], [
    [grace.guid, 100, [text('Welcome to the Globex workspace.')]],
  ]);
  await greet(globex, 'Globex', globexBot.guid, grace, true);

  // A second Globex person shares Acme's external team "Launch Partners" and a direct message with Alice,
  // so external members and blocking can be shown (Grace stays a stranger for the connection flow).
  const gina = await addGlobexUser('Gina', 'Garcia', 'gina@globex.test', hashes[5] ?? null, 0);
  await tx.query('UPDATE users SET is_company_admin = false, job_title = $2 WHERE guid = $1', [gina.guid, 'Launch coordinator']);
  await addMember(tx, (await tx.query<{ guid: string }>("SELECT guid FROM channels WHERE company_guid = $1 AND channel_type = 2", [globex]))[0]!.guid, gina.guid, 0);
  await greet(globex, 'Globex', globexBot.guid, gina, false);
  await seedLaunchPartners(tx, company, { alice, bob, gina }, now);
  await markAllRead(tx);
}

/** Acme's external team "Launch Partners" (Alice, Bob and Gina of Globex) and the external DM of Alice and Gina. */
async function seedLaunchPartners(tx: Queryable, acme: string, who: { alice: { guid: string }; bob: { guid: string }; gina: { guid: string } }, now: number): Promise<void> {
  const { alice, bob, gina } = who;
  const partners = await insertChannel(tx, { company_guid: acme, created: now - 20 * 24 * HOUR, name: 'Launch Partners', channel_type: 1, etype: 'channel', is_open: false });
  await addMember(tx, partners.guid, alice.guid, 2);
  await addMember(tx, partners.guid, bob.guid, 0);
  await addMember(tx, partners.guid, gina.guid, 0);
  await refreshExternal(tx, partners.guid);
  await say(tx, partners.guid, now, [
    [alice.guid, 60, [text('Welcome, Gina! This is where Acme and Globex plan the joint launch.')]],
    [gina.guid, 59, [text('Thanks! I shared our timeline with the team.')]],
    [bob.guid, 30, [text('Engineering can deliver the integration by the 15th.')]],
  ]);
  const dm = await findOrCreateDm(tx, acme, alice.guid, gina.guid);
  await refreshExternal(tx, dm.guid);
  await say(tx, dm.guid, now, [
    [gina.guid, 58, [text('Hi Alice, quick question about the launch budget.')]],
    [alice.guid, 57, [text('Sure, let us talk tomorrow.')]],
  ]);
}

async function say(tx: Queryable, channelGuid: string, now: number, lines: Line[]): Promise<string[]> {
  const guids: string[] = [];
  for (const [from, hoursAgo, parts, options] of lines) {
    const { message } = await insertMessage(tx, {
      channel_guid: channelGuid,
      from_guid: from,
      json: JSON.stringify(parts),
      is_urgent: options?.is_urgent ?? false,
      reply_to: options?.reply_to === undefined ? null : (guids[options.reply_to] ?? null),
      client_guid: null,
      now: Math.round(now - hoursAgo * HOUR),
    });
    guids.push(message.wire.guid);
  }
  return guids;
}
