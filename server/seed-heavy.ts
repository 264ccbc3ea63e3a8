/**
 * The heavy-user company (issue 6): a deterministic, seeded generator of a
 * company "Northwind" with 300 people and 5,000 conversations of every kind,
 * most of them the heavy user Hana Hayes's, and 200,000 messages with threads,
 * reactions, mentions and files in realistic sizes.
 *
 * Same seed, same data (guids included): the generator draws everything from
 * one PRNG, and times count back from a fixed base. It writes with multi-row
 * `INSERT … SELECT FROM unnest(…)` batches, which run on PGlite and PostgreSQL
 * alike (a few thousand rows per statement instead of one round trip per row).
 */
import type { MessagePart } from '../protocol/entities';
import { hashPassword } from './crypto';
import type { Database, Queryable, SqlValue } from './db';
import { mentionsOf, pgArray } from './channel-store';
import { prng } from '../protocol/prng';

export const HEAVY_PASSWORD = 'plaza-demo';
export const HEAVY_USER_EMAIL = 'hana@northwind.test';
/** A second person, in most of Hana's conversations: the benchmark's sender. */
export const HEAVY_PEER_EMAIL = 'sam@northwind.test';

export interface HeavyOptions {
  seed?: number;
  users?: number;
  channels?: number;
  messages?: number;
  /** Epoch ms the history ends at; fixed by default so the same seed gives the same rows. */
  base?: number;
  log?: (line: string) => void;
}

export interface HeavySummary {
  company: string;
  users: number;
  channels: number;
  heavyUserChannels: number;
  messages: number;
  replies: number;
  reactions: number;
  mentions: number;
  files: number;
  unreadChannels: number;
  ms: number;
}

/** 2026-06-01T09:00:00Z. */
export const HEAVY_BASE = 1_780_304_400_000;
const DAY = 86_400_000;


const FIRST = ['Hana', 'Sam', 'Ava', 'Ben', 'Chloe', 'Diego', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Keiko', 'Liam', 'Maya', 'Noah', 'Olga', 'Pablo', 'Quinn', 'Rosa', 'Sven', 'Tara', 'Umar', 'Vera', 'Wen', 'Ximena', 'Yusuf', 'Zoe', 'Amir', 'Bea', 'Carlos', 'Dana', 'Emil', 'Fatima', 'Gus', 'Hiro', 'Ivy', 'Jack', 'Kira', 'Leo'];
const LAST = ['Hayes', 'Sender', 'Adams', 'Berg', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Hoffmann', 'Ivanova', 'Jensen', 'Kowalski', 'Lopez', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quast', 'Rossi', 'Silva', 'Tanaka', 'Ueda', 'Varga', 'Weber', 'Xu', 'Yilmaz', 'Zhang', 'Novak', 'Meyer'];
const TOPICS = ['billing', 'onboarding', 'search', 'mobile', 'payments', 'infra', 'design-system', 'growth', 'security', 'data', 'support', 'sales', 'legal', 'hiring', 'events', 'docs', 'api', 'android', 'ios', 'web', 'releases', 'analytics', 'partners', 'finance', 'ops', 'qa', 'research', 'brand', 'marketing', 'pricing'];
const SUFFIX = ['team', 'squad', 'guild', 'project', 'launch', 'sync', 'review', 'war-room', 'standup', 'planning', 'alerts', 'ideas', 'feedback', 'triage', 'roadmap'];
const WORDS = 'the a we I you it this that deploy build test review ship fix bug issue ticket sprint meeting call notes draft plan update release customer report number chart metric budget design spec copy flow page screen API endpoint server client database query cache latency error log alert dashboard today tomorrow Monday later soon quickly again maybe probably definitely agree thanks please check look see think need want can could should will would done ready blocked waiting merged approved'.split(' ');
const EMOJI = ['👍', '🎉', '❤️', '😂', '👀', '🚀', '✅', '🙏', '🔥', '💯'];
const FILES = [
  ['Q3 report', 'pdf'],
  ['roadmap', 'pptx'],
  ['screenshot', 'png'],
  ['budget', 'xlsx'],
  ['notes', 'docx'],
  ['recording', 'mp4'],
  ['logo', 'svg'],
  ['export', 'csv'],
  ['contract', 'pdf'],
  ['mockup', 'fig'],
] as const;

interface Person {
  guid: string;
  first: string;
  last: string;
  email: string | null;
  bot: boolean;
}

interface ChannelPlan {
  guid: string;
  address: string;
  name: string;
  channel_type: 0 | 1 | 2 | 3;
  etype: string;
  is_hr: boolean;
  is_external: boolean;
  is_private: boolean;
  read_only: boolean;
  dm_key: string | null;
  created: number;
  /** Member indexes into people; the first is the channel's admin (member_type 2) except in DMs. */
  members: number[];
  weight: number;
}

/** Seeds Northwind unless it exists. Returns null when it was already there. */
export async function seedHeavy(db: Database, options: HeavyOptions = {}): Promise<HeavySummary | null> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const rand = prng(options.seed ?? 42);
  const base = options.base ?? HEAVY_BASE;
  const nUsers = options.users ?? 300;
  const nChannels = options.channels ?? 5_000;
  const nMessages = options.messages ?? 200_000;

  const existing = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM companies WHERE name = 'Northwind'");
  if ((existing[0]?.n ?? 0) > 0) return null;

  const int = (n: number): number => Math.floor(rand() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const hex = (n: number): string => {
    let s = '';
    for (let i = 0; i < n; i++) s += int(16).toString(16);
    return s;
  };
  /** A v4-shaped uuid drawn from the seed. */
  const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(4)]}${hex(3)}-${hex(12)}`;
  /** Log-normal-ish: median m, heavy tail. */
  const lognormal = (m: number, spread: number): number => m * Math.exp(spread * Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand()));

  // ---- people ----------------------------------------------------------------
  const company = uuid();
  const people: Person[] = [];
  for (let i = 0; i < nUsers; i++) {
    const bot = i === nUsers - 1;
    const first = i < 2 ? FIRST[i]! : bot ? 'Northwind' : pick(FIRST);
    const last = i < 2 ? LAST[i]! : bot ? 'Bot' : pick(LAST);
    const email = bot ? null : i === 0 ? HEAVY_USER_EMAIL : i === 1 ? HEAVY_PEER_EMAIL : `${first}.${last}.${i}@northwind.test`.toLowerCase();
    people.push({ guid: uuid(), first, last, email, bot });
  }
  const humans = people.map((_, i) => i).filter((i) => !people[i]!.bot);
  /** `n` distinct people, always including `must`. */
  const someone = (n: number, must: number[] = []): number[] => {
    const set = new Set(must);
    while (set.size < Math.min(n, humans.length)) set.add(humans[int(humans.length)]!);
    return [...set];
  };

  // ---- channels --------------------------------------------------------------
  // Kinds and how many of each the heavy user (person 0) belongs to.
  const HEAVY = 0;
  const PEER = 1;
  const plans: ChannelPlan[] = [];
  const add = (p: Omit<ChannelPlan, 'guid' | 'address' | 'created' | 'weight'>): void => {
    plans.push({ ...p, guid: uuid(), address: uuid(), created: base - 400 * DAY + int(200 * DAY), weight: 0 });
  };
  add({ name: 'Northwind', channel_type: 2, etype: 'company', is_hr: false, is_external: false, is_private: false, read_only: false, dm_key: null, members: humans });
  const scaled = (n: number): number => Math.max(0, Math.round((n * nChannels) / 5_000));
  const counts = { announcement: scaled(40), department: scaled(160), task: scaled(500), dm: scaled(1_000) };
  const heavyDms = Math.min(humans.length - 1, counts.dm);
  const otherDms = counts.dm - heavyDms;
  const teams = nChannels - 1 - counts.announcement - counts.department - counts.task - counts.dm;
  for (let i = 0; i < counts.announcement; i++) {
    const members = someone(60 + int(240), [HEAVY, PEER]);
    add({ name: `${pick(TOPICS)} announcements ${i + 1}`, channel_type: 1, etype: 'announcement', is_hr: true, is_external: false, is_private: false, read_only: false, dm_key: null, members });
  }
  for (let i = 0; i < counts.department; i++) {
    const heavy = i < counts.department * 0.94;
    const members = someone(5 + int(25), heavy ? [HEAVY, PEER] : []);
    add({ name: `Dept ${pick(TOPICS)} ${i + 1}`, channel_type: 1, etype: 'channel', is_hr: true, is_external: false, is_private: true, read_only: rand() < 0.05, dm_key: null, members });
  }
  for (let i = 0; i < teams; i++) {
    const heavy = i < teams * 0.97;
    const external = rand() < 0.08;
    const size = Math.min(120, Math.max(2, Math.round(lognormal(9, 0.9))));
    const members = someone(size, heavy ? [HEAVY, ...(rand() < 0.9 ? [PEER] : [])] : []);
    add({ name: `${pick(TOPICS)}-${pick(SUFFIX)}-${i + 1}`, channel_type: 1, etype: external ? 'external channel' : 'channel', is_hr: false, is_external: external, is_private: rand() < 0.7, read_only: rand() < 0.02, dm_key: null, members });
  }
  for (let i = 0; i < counts.task; i++) {
    const heavy = i < counts.task * 0.96;
    const members = someone(2 + int(7), heavy ? [HEAVY, PEER] : []);
    add({ name: `Task: ${pick(WORDS)} ${pick(TOPICS)} #${1000 + i}`, channel_type: 3, etype: 'task', is_hr: false, is_external: false, is_private: true, read_only: false, dm_key: null, members });
  }
  const dmKeys = new Set<string>();
  const addDm = (a: number, b: number): void => {
    const key = [people[a]!.guid, people[b]!.guid].sort().join('|');
    if (dmKeys.has(key)) return;
    dmKeys.add(key);
    add({ name: '', channel_type: 0, etype: 'DM', is_hr: false, is_external: false, is_private: true, read_only: false, dm_key: key, members: [a, b] });
  };
  for (let i = 1; i <= heavyDms; i++) addDm(HEAVY, humans[i]!);
  while (dmKeys.size < heavyDms + otherDms) {
    const a = humans[1 + int(humans.length - 1)]!;
    const b = humans[1 + int(humans.length - 1)]!;
    if (a !== b) addDm(a, b);
  }

  // Activity follows a power law: a few busy channels, a long quiet tail (some never used).
  for (const p of plans) p.weight = rand() < 0.06 ? 0 : 1 / Math.pow(1 + int(plans.length), 0.85) * (p.channel_type === 0 ? 0.6 : 1);
  plans[0]!.weight = 0.02;
  const totalWeight = plans.reduce((s, p) => s + p.weight, 0);

  // ---- write users, channels, members ---------------------------------------
  const hash = await hashPassword(HEAVY_PASSWORD); // one hash for everyone: 300 scrypt runs would dominate the seed
  const summary: HeavySummary = { company, users: people.length, channels: plans.length, heavyUserChannels: 0, messages: 0, replies: 0, reactions: 0, mentions: 0, files: 0, unreadChannels: 0, ms: 0 };

  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO companies (guid, name, created) VALUES ($1, $2, $3)', [company, 'Northwind', base - 500 * DAY]);
    await bulk(tx, 'users', ['guid', 'company_guid', 'email', 'first_name', 'last_name', 'user_type', 'is_company_admin', 'password_hash', 'created'], ['text', 'text', 'text', 'text', 'text', 'int', 'bool', 'text', 'bigint'],
      people.map((p, i) => [p.guid, company, p.email, p.first, p.last, p.bot ? 2 : 0, i === 0, p.bot ? null : hash, base - 500 * DAY]));
    await bulk(tx, 'channels', ['guid', 'address', 'company_guid', 'name', 'channel_type', 'etype', 'is_hr', 'is_external', 'is_private', 'read_only', 'dm_key', 'created'], ['text', 'text', 'text', 'text', 'int', 'text', 'bool', 'bool', 'bool', 'bool', 'text', 'bigint'],
      plans.map((c) => [c.guid, c.address, company, c.name, c.channel_type, c.etype, c.is_hr, c.is_external, c.is_private, c.read_only, c.dm_key, c.created]));
    const memberRows: SqlValue[][] = [];
    for (const c of plans) {
      c.members.forEach((m, i) => memberRows.push([c.guid, people[m]!.guid, c.channel_type !== 0 && i === 0 && m !== HEAVY ? 2 : c.channel_type === 2 && m === HEAVY ? 2 : 0, c.created]));
      if (c.members.includes(HEAVY)) summary.heavyUserChannels++;
    }
    await bulk(tx, 'channel_members', ['channel_guid', 'user_guid', 'member_type', 'joined'], ['text', 'text', 'int', 'bigint'], memberRows);
  });
  log(`northwind: ${people.length} people, ${plans.length} channels (${summary.heavyUserChannels} of them Hana's), ${Math.round(performance.now() - started)} ms`);

  // ---- messages -------------------------------------------------------------
  const messageCols = ['guid', 'channel_guid', 'from_guid', 'created', 'json', 'reply_to', 'is_urgent', 'mentions', 'mentions_all', 'file_json', 'change_seq'];
  const messageTypes = ['text', 'text', 'text', 'bigint', 'text', 'text', 'bool', 'text', 'bool', 'text', 'bigint'];
  // Every message takes the next value of the server-wide change counter (docs/protocol.md "Exact catch-up"),
  // here in bulk: numbered on from the counter, which is moved past them once all are in.
  let changeSeq = Number((await db.query<{ v: number | bigint }>('SELECT v FROM change_counter'))[0]?.v ?? 0);
  const reactionRows: SqlValue[][] = [];
  const bookmarks: { channel: string; user: string; created: number; guid: string }[] = [];
  let batch: SqlValue[][] = [];
  const flush = async (force = false): Promise<void> => {
    if (batch.length === 0 || (!force && batch.length < 2_000)) return;
    const rows = batch;
    batch = [];
    // mentions is text[]: the bulk helper passes it as a nested literal cast per row.
    await bulk(db, 'messages', messageCols, messageTypes, rows, { mentions: 'text[]' });
  };

  const sentence = (): string => {
    const n = Math.max(1, Math.min(400, Math.round(lognormal(11, 0.8))));
    const words: string[] = [];
    for (let i = 0; i < n; i++) words.push(pick(WORDS));
    const text = words.join(' ');
    return text.charAt(0).toUpperCase() + text.slice(1) + pick(['.', '.', '.', '?', '!']);
  };

  // Each channel's share of the messages, rounded by largest remainder so they add up exactly.
  const exact = plans.map((p) => (p.weight / totalWeight) * nMessages);
  const shares = exact.map(Math.floor);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0, left = nMessages - shares.reduce((a, b) => a + b, 0); k < left; k++) shares[byRemainder[k % plans.length]![1]]!++;

  for (let ci = 0; ci < plans.length; ci++) {
    const c = plans[ci]!;
    const share = shares[ci]!;
    if (share <= 0) continue;
    const posters = c.channel_type === 2 || c.etype === 'announcement' ? c.members.slice(0, 3) : c.members;
    // Spread over the last 90 days, strictly increasing within the channel.
    const span = 90 * DAY;
    const step = Math.max(2, Math.floor(span / share));
    let t = base - span;
    const roots: string[] = [];
    let last: { guid: string; created: number } | null = null;
    const heavyIn = c.members.includes(HEAVY);
    for (let k = 0; k < share; k++) {
      t += 1 + int(step * 2 - 1);
      if (t >= base) t = base - (share - k); // keep the channel inside its window
      if (last && t <= last.created) t = last.created + 1;
      const author = posters[int(posters.length)]!;
      const parts: MessagePart[] = [];
      const r = rand();
      if (r < 0.08 && c.members.length > 1) {
        const whom = heavyIn && rand() < 0.4 ? HEAVY : c.members[int(c.members.length)]!;
        const p = people[whom]!;
        parts.push({ type: 'person', user_guid: p.guid, name: `${p.first} ${p.last}`, scope: 'user' }, { type: 'text', text: ` ${sentence()}` });
      } else if (r < 0.085) {
        parts.push({ type: 'person', user_guid: people[author]!.guid, name: 'channel', scope: 'channel' }, { type: 'text', text: ` ${sentence()}` });
      } else if (r < 0.11) {
        parts.push({ type: 'text', text: `${sentence()} ` }, { type: 'hyperlink', url: `https://wiki.northwind.test/${pick(TOPICS)}/${int(10_000)}` });
      } else if (r < 0.125) {
        const items = Array.from({ length: 2 + int(5) }, () => [{ type: 'text' as const, text: sentence() }]);
        parts.push({ type: 'text', text: 'Notes:' }, { type: rand() < 0.5 ? 'bullet-list' : 'ordered-list', items });
      } else {
        parts.push({ type: 'text', text: sentence() });
      }
      const json = JSON.stringify(parts);
      const mentions = mentionsOf(json);
      const replyTo = roots.length > 0 && rand() < 0.1 ? roots[int(roots.length)]! : null;
      let file: string | null = null;
      if (rand() < 0.04) {
        const [stem, ext] = pick(FILES);
        file = JSON.stringify({
          file_guid: uuid(),
          file_name: `${stem} ${1 + int(40)}.${ext}`,
          file_link: `/files/${hex(12)}`,
          file_size: Math.round(Math.min(2e9, lognormal(350_000, 1.6))),
          hosting_type: 0,
          permission: 7,
          scope: 1,
          uploaded_by_guid: people[author]!.guid,
        });
        summary.files++;
      }
      const guid = uuid();
      if (!replyTo && rand() < 0.15) roots.push(guid);
      if (roots.length > 20) roots.shift();
      batch.push([guid, c.guid, people[author]!.guid, t, json, replyTo, rand() < 0.003, pgArray(mentions.users), mentions.all, file, ++changeSeq]);
      summary.messages++;
      if (replyTo) summary.replies++;
      if (mentions.users.length || mentions.all) summary.mentions++;
      if (rand() < 0.15) {
        const n = 1 + Math.min(c.members.length - 1, int(5));
        const who = new Set<number>();
        while (who.size < n) who.add(c.members[int(c.members.length)]!);
        for (const w of who) reactionRows.push([guid, people[w]!.guid, pick(EMOJI), t + 1 + int(60_000)]);
      }
      last = { guid, created: t };
      await flush();
    }
    if (last) {
      // Everyone has read the channel, except the heavy user in about one conversation in fourteen.
      bookmarks.push({ channel: c.guid, user: '*', created: last.created, guid: last.guid });
      if (heavyIn && rand() < 0.07) {
        summary.unreadChannels++;
        bookmarks.push({ channel: c.guid, user: people[HEAVY]!.guid, created: Math.max(0, last.created - (1 + int(30)) * step), guid: '' });
      }
    }
  }
  await flush(true);
  await db.query('UPDATE change_counter SET v = GREATEST(v, $1)', [changeSeq]);
  log(`northwind: ${summary.messages} messages, ${Math.round(performance.now() - started)} ms`);
  for (let i = 0; i < reactionRows.length; i += 5_000) {
    await bulk(db, 'reactions', ['message_guid', 'user_guid', 'content', 'created'], ['text', 'text', 'text', 'bigint'], reactionRows.slice(i, i + 5_000));
  }
  summary.reactions = reactionRows.length;

  // Read state: everything read, then the heavy user's unread tails.
  const all = bookmarks.filter((b) => b.user === '*');
  for (let i = 0; i < all.length; i += 5_000) {
    const slice = all.slice(i, i + 5_000);
    await db.query(
      `UPDATE channel_members cm SET bookmark_created = b.created, bookmark_guid = b.guid
         FROM unnest($1::text[], $2::bigint[], $3::text[]) AS b(channel_guid, created, guid)
        WHERE cm.channel_guid = b.channel_guid`,
      [pgArray(slice.map((b) => b.channel)), `{${slice.map((b) => b.created).join(',')}}`, pgArray(slice.map((b) => b.guid))],
    );
  }
  for (const b of bookmarks.filter((x) => x.user !== '*')) {
    await db.query(
      `UPDATE channel_members SET bookmark_created = $3,
              bookmark_guid = (SELECT guid FROM messages WHERE channel_guid = $1 AND created <= $3 ORDER BY created DESC LIMIT 1)
        WHERE channel_guid = $1 AND user_guid = $2`,
      [b.channel, b.user, b.created],
    );
  }
  // Fresh statistics for the planner: after a bulk load of this size it would otherwise plan the channel
  // list and history queries for the near-empty tables it last saw, until autovacuum happens to run.
  await db.query('ANALYZE');
  summary.ms = Math.round(performance.now() - started);
  log(`northwind: seeded in ${summary.ms} ms`);
  return summary;
}

/**
 * INSERT of many rows in one statement: one array parameter per column, unnested.
 * `casts` overrides a column's element cast (text[] columns arrive as text literals).
 */
async function bulk(db: Queryable, table: string, columns: string[], types: string[], rows: SqlValue[][], casts: Record<string, string> = {}): Promise<void> {
  const CHUNK = 5_000;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const params = columns.map((_, ci) => arrayLiteral(chunk.map((r) => r[ci] ?? null)));
    const select = columns.map((c, ci) => (casts[c] ? `u.c${ci}::${casts[c]}` : `u.c${ci}`)).join(', ');
    const unnest = columns.map((_, ci) => `$${ci + 1}::${types[ci]}[]`).join(', ');
    const alias = columns.map((_, ci) => `c${ci}`).join(', ');
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${select} FROM unnest(${unnest}) AS u(${alias})`, params);
  }
}

/** A one-dimensional PostgreSQL array literal; NULL elements unquoted. */
function arrayLiteral(values: SqlValue[]): string {
  return `{${values
    .map((v) => {
      if (v === null) return 'NULL';
      if (typeof v === 'number' || typeof v === 'boolean') return String(v);
      const text = typeof v === 'string' ? v : pgArray(v);
      return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    })
    .join(',')}}`;
}
