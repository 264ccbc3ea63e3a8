/**
 * applyEnvelope's shortcuts (projections/fold.ts): the commonest events run only the folds that can act
 * on them. Held two ways: against the folds' sources (a fold left out of an event's shortcut neither names
 * that event nor acts on every event; a shortcut calls its folds as applyEveryFold does, in its order),
 * and against the general path itself, on hostile logs that put every fold that could care into a state
 * where it would (mutes about to expire, alerts and toasts timing out, a context window, search hits,
 * flagged copies, loaded threads, queued posts, an open conversation with unread messages).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alert, channel, LogBuilder, message, user } from '../../fixtures/builders';
import { randomLog } from '../../fixtures/random-log';
import { applyAlerts } from '../../projections/alerts';
import { canonicalize, canonicalJson } from '../../projections/canonical';
import { applyChannels } from '../../projections/channels';
import { createChangeSet, type ChangeSet } from '../../projections/changes';
import { applyConnection } from '../../projections/connection';
import { applyContext } from '../../projections/context';
import { applyFlagged } from '../../projections/flagged';
import { applyEnvelope, applyEveryFold, createProjections, type Projections } from '../../projections/fold';
import { applyFolders } from '../../projections/folders';
import { applyMessageSettings } from '../../projections/message-settings';
import { applyMessages } from '../../projections/messages';
import { applyMfa } from '../../projections/mfa';
import { applyNotify } from '../../projections/notify';
import { applyOutbox } from '../../projections/outbox';
import { applyPeople } from '../../projections/people';
import { applyPopover } from '../../projections/popover';
import { applyPreferences } from '../../projections/preferences';
import { applyPresence } from '../../projections/presence';
import { applyReading } from '../../projections/reading';
import { applySearch } from '../../projections/search';
import { applySession } from '../../projections/session';
import { applyTeams } from '../../projections/teams';
import { applyThreads } from '../../projections/threads';
import { applyToasts } from '../../projections/toasts';
import { applyTyping } from '../../projections/typing';
import { applyUnread } from '../../projections/unread';
import type { Message } from '../../protocol/entities';
import type { DomainEvent, Envelope } from '../../protocol/events';
import type { OutboxEntry } from '../../protocol/outbox';
import { prng } from '../../protocol/prng';

const projections = join(__dirname, '../../projections');
const foldSource = readFileSync(join(projections, 'fold.ts'), 'utf8');

/** The text between the brace that opens at or after `from` and the one that closes it. */
function braced(text: string, from: number): string {
  const open = text.indexOf('{', from);
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error('unbalanced braces');
}

interface FoldCall {
  /** The projection it folds (its name in Projections). */
  name: string;
  fn: string;
  /** The call as written. */
  line: string;
}

const callsIn = (text: string): FoldCall[] => [...text.matchAll(/^\s*((apply\w+)\(p\.(\w+),.*\);)$/gm)].map(([, line, fn, name]) => ({ name: name!, fn: fn!, line: line! }));

/** applyEveryFold's calls, in order. */
const everyFold = callsIn(braced(foldSource, foldSource.indexOf('export function applyEveryFold')));

/** applyEnvelope's shortcuts: event type → the calls its case makes. */
const shortcuts = (() => {
  const body = braced(foldSource, foldSource.indexOf('export function applyEnvelope'));
  const cases = braced(body, body.indexOf('switch (type)'));
  const out = new Map<string, FoldCall[]>();
  for (const [, type, calls] of cases.matchAll(/case '([\w.-]+)':([\s\S]*?)break;/g)) out.set(type!, callsIn(calls!));
  return out;
})();

/** The file each apply function lives in, from fold.ts's imports. */
const fileOf = new Map<string, string>();
for (const [, names, file] of foldSource.matchAll(/^import \{([^}]*)\} from '\.\/([\w-]+)';$/gm)) {
  for (const name of names!.split(',').map((n) => n.trim())) if (name.startsWith('apply')) fileOf.set(name, `${file}.ts`);
}

/**
 * Whether a fold may act whatever the event: its apply function does more than destructure and
 * switch on the event's type (a prelude or a postlude), or its switch's default does something.
 */
function actsOnEveryEvent(source: string, fn: string): boolean {
  const start = source.search(new RegExp(`export function ${fn}\\(`));
  expect(start, fn).toBeGreaterThanOrEqual(0);
  // The body, past the parameter list (whose destructuring has braces of its own); comments left out.
  const body = braced(source, source.indexOf('): void {', start) + 1).replace(/\/\/.*$/gm, '');
  const at = body.indexOf('switch (event.type)');
  if (at < 0) return true;
  const cases = braced(body, at);
  const around = body.slice(0, at) + body.slice(at + 'switch (event.type) {'.length + cases.length + 1);
  const onlyDeclarations = /^(\s*const [^;()]*;)*\s*$/.test(around);
  const defaultDoesNothing = /default:\s*(return|break);\s*$/.test(cases);
  return !onlyDeclarations || !defaultDoesNothing;
}

const sourceOf = (fn: string): string => readFileSync(join(projections, fileOf.get(fn)!), 'utf8');

describe('the fold shortcuts, held to the folds’ sources', () => {
  it('reads every fold and every shortcut from fold.ts', () => {
    expect(everyFold.map((c) => c.name).sort()).toEqual(Object.keys(createProjections()).filter((k) => k !== 'seq').sort());
    for (const call of everyFold) expect(fileOf.get(call.fn), call.fn).toMatch(/\.ts$/);
    expect([...shortcuts.keys()]).toEqual(['typing.started', 'message.received', 'reactions.changed', 'message.deleted']);
  });

  it('tells the folds that act on every event (so the check below is not vacuous)', () => {
    expect(everyFold.filter((c) => actsOnEveryEvent(sourceOf(c.fn), c.fn)).map((c) => c.name)).toEqual(['notify', 'alerts', 'toasts']);
  });

  for (const [type, calls] of shortcuts) {
    it(`${type}: calls every fold that names it or acts on every event, as applyEveryFold does, in its order`, () => {
      const needed = everyFold.filter((c) => sourceOf(c.fn).includes(`'${type}'`) || actsOnEveryEvent(sourceOf(c.fn), c.fn));
      expect(calls.map((c) => c.line)).toEqual(needed.map((c) => c.line));
    });
  }
});

/** Every fold as a step, for folding with one left out (the last test below). */
type Step = (p: Projections, envelope: Envelope, changes: ChangeSet, me: string | undefined) => void;
const STEPS: Record<string, Step> = {
  session: (p, e, c) => applySession(p.session, e, c),
  unread: (p, e, c, me) => applyUnread(p.unread, e, c, me, p.messages),
  channels: (p, e, c) => applyChannels(p.channels, e, c, p.messages),
  notify: (p, e, c) => applyNotify(p.notify, e, c, p),
  messages: (p, e, c) => applyMessages(p.messages, e, c, p.threads),
  threads: (p, e, c) => applyThreads(p.threads, e, c, p.messages),
  flagged: (p, e, c) => applyFlagged(p.flagged, e, c, p.messages, p.threads),
  reading: (p, e, c, me) => applyReading(p.reading, e, c, me, p),
  messageSettings: (p, e, c) => applyMessageSettings(p.messageSettings, e, c),
  typing: (p, e, c) => applyTyping(p.typing, e, c),
  connection: (p, e, c) => applyConnection(p.connection, e, c),
  preferences: (p, e, c) => applyPreferences(p.preferences, e, c),
  outbox: (p, e, c) => applyOutbox(p.outbox, e, c),
  presence: (p, e, c) => applyPresence(p.presence, e, c),
  people: (p, e, c) => applyPeople(p.people, e, c),
  search: (p, e, c) => applySearch(p.search, e, c),
  context: (p, e, c) => applyContext(p.context, e, c),
  mfa: (p, e, c, me) => applyMfa(p.mfa, e, c, me, p.alerts),
  alerts: (p, e, c) => applyAlerts(p.alerts, e, c),
  toasts: (p, e, c) => applyToasts(p.toasts, e, c),
  popover: (p, e, c) => applyPopover(p.popover, e, c),
  folders: (p, e, c) => applyFolders(p.folders, e, c),
  teams: (p, e, c) => applyTeams(p.teams, e, c),
};

/** A message at `created`, sometimes mentioning me or everyone, urgent, silent, or the server's copy of a queued post. */
type Known = { guid: string; address: string; created: number; from: string; seq: number; reply_to: string | null; client_guid: string | null };

/**
 * A hostile log: a session whose folds all hold state the commonest events can touch, then a mix weighted
 * to those events, many of them odd (late, repeated, unknown, out of order, about deleted messages).
 */
function hostileLog(seed: number, length: number): LogBuilder {
  const rand = prng(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const addresses = ['a', 'b', 'c', 'd', 'e'];
  const people = ['me', 'alice', 'carol', 'dave'];
  const log = new LogBuilder();
  let n = 0;
  let seq = 0;
  const known: Known[] = [];
  const queued: string[] = [];
  const wire = (m: Known, change_seq = m.seq, over: Partial<Message> = {}): Message => {
    const r = rand();
    const parts =
      r < 0.1
        ? [{ type: 'person' as const, user_guid: 'me', name: 'Me', scope: 'user' as const }]
        : r < 0.15
          ? [{ type: 'person' as const, user_guid: 'x', name: 'all', scope: 'all' as const }]
          : r < 0.2
            ? [{ type: 'bullet-list' as const, items: [[{ type: 'person' as const, user_guid: 'me', name: 'Me', scope: 'user' as const }]] }]
            : undefined;
    return message({
      guid: m.guid,
      address: m.address,
      created: m.created,
      from_guid: m.from,
      change_seq,
      reply_to: m.reply_to,
      client_guid: m.client_guid,
      is_urgent: rand() < 0.05,
      disable_notification: rand() < 0.05,
      text: `v${change_seq}`,
      ...(parts ? { parts } : {}),
      ...over,
    });
  };
  const post = (id: string, address: string): OutboxEntry => ({ id, kind: 'post', address, payload: { json: '[]', parts: [{ type: 'text', text: id }], is_urgent: false, reply_to: null }, queuedAt: log.now, state: 'pending', error: null });
  const newMessage = (reply_to: string | null = null, address = pick(addresses)): Known => {
    const client_guid = queued.length && rand() < 0.3 ? queued.splice(Math.floor(rand() * queued.length), 1)[0]! : null;
    // Sometimes created at the same moment as, or before, the last one: ties and reordering.
    const created = log.now - (rand() < 0.1 ? Math.floor(rand() * 5_000) : 0);
    const m: Known = { guid: `m${n++}`, address, created, from: client_guid ? 'me' : pick(people), seq: ++seq, reply_to, client_guid };
    known.push(m);
    return m;
  };
  const setup: DomainEvent[] = [
    { type: 'session.started', user: user({ target_user_guid: 'me' }) },
    { type: 'users.listed', users: people.map((guid) => user({ target_user_guid: guid })) },
    { type: 'channels.listed', channels: addresses.slice(0, 4).map((address, i) => channel({ address, channel_type: (i % 3) as 0 | 1 | 2, channel_on: i !== 2, unread_messages: i, last_message_ts: log.now - 10_000 })) },
    { type: 'attention.changed', attentive: rand() < 0.5 },
    { type: 'channel.opened', address: 'a' },
  ];
  for (const event of setup) log.add(event, 'rest');
  for (let i = 0; i < length; i++) {
    log.advance(pick([0, 1, 400, 2_000, 6_000]));
    const r = rand();
    let event: DomainEvent;
    if (r < 0.2) {
      const m = newMessage();
      event = { type: 'message.received', message: wire(m) };
    } else if (r < 0.27 && known.length) {
      // A duplicate, a newer version, or a late older one (of a message or a reply).
      const m = pick(known);
      const v = rand();
      if (v < 0.3) m.seq = ++seq;
      event = { type: 'message.received', message: wire(m, v > 0.7 ? Math.max(0, m.seq - 1) : m.seq) };
    } else if (r < 0.33 && known.length) {
      // A reply: to a known message (maybe deleted, maybe a reply itself), or to one never seen.
      const parent = rand() < 0.8 ? pick(known) : undefined;
      event = { type: 'message.received', message: wire(newMessage(parent?.guid ?? `unknown${n}`, parent?.address)) };
    } else if (r < 0.36) {
      // A message in a conversation not in the list.
      event = { type: 'message.received', message: wire(newMessage(null, 'zz')) };
    } else if (r < 0.46) {
      const m = rand() < 0.9 && known.length ? pick(known) : { guid: `nope${n}`, address: pick(addresses), seq: 0 };
      const v = rand();
      const reactions = v < 0.3 ? [] : [{ target_user_guid: pick(people), content: pick(['👍', '🎉']) }];
      event = { type: 'reactions.changed', address: rand() < 0.95 ? m.address : 'zz', guid: m.guid, reactions, ...(v < 0.5 ? { change_seq: ++seq } : v < 0.7 ? { change_seq: Math.max(0, m.seq - 1) } : {}) };
    } else if (r < 0.53 && known.length) {
      const m = pick(known);
      const d = rand();
      event = {
        type: 'message.deleted',
        address: m.address,
        guid: rand() < 0.9 ? m.guid : `nope${n}`,
        ...(d < 0.5 ? { from_guid: m.from, created: m.created } : {}),
        ...(m.reply_to && d < 0.8 ? { reply_to: m.reply_to } : {}),
        ...(rand() < 0.5 ? { change_seq: ++seq } : {}),
      };
    } else if (r < 0.68) {
      event = { type: 'typing.started', address: pick([...addresses, 'zz']), user_guid: pick(people), name: pick(['Someone', 'Someone else']) };
    } else if (r < 0.7) {
      event = { type: 'clock.ticked' };
    } else if (r < 0.72) {
      // A mute that expires soon (notify clears it on the first envelope past its end), or the global one.
      event = { type: 'mute.changed', mute: { address: pick([...addresses, null]), mute_hour: log.now + pick([1, 500, 3_000]), mute_today: null, mute_always: false } };
    } else if (r < 0.74) {
      event = { type: 'alert.received', alert: alert({ guid: `al${n++}`, alert_type: pick([0, 4, 10, 11, 17]) }) };
    } else if (r < 0.76) {
      event = { type: 'toast.shown', toast: { id: `t${n++ % 6}`, title: 'Hello', kind: pick(['info', 'promotion'] as const) } };
    } else if (r < 0.78) {
      const address = pick(addresses);
      const around = known.filter((m) => m.address === address && !m.reply_to).slice(-4);
      event = { type: 'context.loaded', address, anchor: around[0]?.guid ?? 'x', direction: pick(['both', 'before', 'after'] as const), messages: around.map((m) => wire(m)), has_before: rand() < 0.5, has_after: rand() < 0.5 };
    } else if (r < 0.8) {
      const id = `s${n++}`;
      const hits = known.slice(-6).map((m) => ({ message: wire(m), is_search_hit: true, before: [], after: [] }));
      log.add(rand() < 0.5 ? { type: 'channel_search.started', id, address: pick(addresses), query: { term: 'v', flags: [], include_files: false, date_range: null, from_name: '' }, page: 0 } : { type: 'global_search.started', id, query: { term: 'v', timeFrame: null, conversations: true, messages: true, files: false, meetings: false, people: false, flagged: false } });
      event = log.envelopes.at(-1)!.event.type === 'channel_search.started' ? { type: 'channel_search.results', id, page: 0, hits, result_count: hits.length + 3, terms: ['v'] } : { type: 'global_search.results', id, source: 'messages', hits, result_count: hits.length, terms: ['v'] };
    } else if (r < 0.82) {
      event = { type: 'flagged.loaded', page: 0, page_size: 50, messages: known.slice(-5).map((m) => wire(m, m.seq, { flag: 1 + Math.floor(rand() * 3) })) };
    } else if (r < 0.84 && known.length) {
      const parent = pick(known.filter((m) => !m.reply_to).concat(known[0]!));
      const replies = known.filter((m) => m.reply_to === parent.guid).map((m) => wire(m));
      event = { type: 'thread.loaded', address: parent.address, parent: wire(parent, parent.seq, { reply_count: replies.length, last_reply_ts: replies.at(-1)?.created ?? null }), replies };
    } else if (r < 0.87) {
      const id = `c${n++}`;
      queued.push(id);
      event = { type: 'outbox.queued', entry: post(id, pick(addresses)) };
    } else if (r < 0.9) {
      const address = pick(addresses);
      const last = known.filter((m) => m.address === address).at(-1);
      event = { type: 'channel.viewed', address, unread: pick([0, 1, 3]), bookmark: last && rand() < 0.7 ? { guid: last.guid, created: last.created } : null };
    } else if (r < 0.92) {
      event = { type: 'channel.opened', address: pick([...addresses, null]) };
    } else if (r < 0.94) {
      const address = pick(addresses);
      event = { type: 'history.loaded', address, page: 0, page_size: 3, messages: known.filter((m) => m.address === address && !m.reply_to).slice(-3).map((m) => wire(m)) };
    } else if (r < 0.95) {
      event = { type: 'connection.changed', state: pick(['connecting', 'online', 'offline'] as const) };
    } else if (r < 0.96) {
      event = { type: 'messages.evicted', addresses: addresses.filter(() => rand() < 0.3) };
    } else if (r < 0.97) {
      event = { type: 'channels.listed', channels: addresses.filter(() => rand() < 0.9).map((address) => channel({ address, unread_messages: Math.floor(rand() * 3), last_message_ts: known.filter((m) => m.address === address).at(-1)?.created ?? null })) };
    } else {
      event = { type: 'channel.upserted', channel: channel({ address: pick(addresses), channel_on: rand() < 0.7 }) };
    }
    // Most come by socket, as live frames do; some from REST answers (notify announces only the socket's).
    log.add(event, rand() < 0.85 ? 'socket' : 'rest');
  }
  return log;
}

describe('the fold shortcuts, held to the general path', () => {
  const asJson = (changes: ChangeSet) => JSON.stringify(canonicalize(changes));

  /** Folds a log both ways, comparing the changes noted for every envelope and the state every few. */
  function compare(envelopes: readonly Envelope[], label: string): Map<string, number> {
    const short = createProjections();
    const every = createProjections();
    const seen = new Map<string, number>();
    for (const [i, envelope] of envelopes.entries()) {
      const a = createChangeSet();
      const b = createChangeSet();
      applyEnvelope(short, envelope, a);
      applyEveryFold(every, envelope, b);
      const type = envelope.event.type;
      if (shortcuts.has(type)) seen.set(type, (seen.get(type) ?? 0) + 1);
      expect(asJson(a), `${label} seq ${envelope.seq} ${type}`).toBe(asJson(b));
      if (i % 25 === 0) expect(canonicalJson(short), `${label} seq ${envelope.seq}`).toBe(canonicalJson(every));
    }
    expect(canonicalJson(short), label).toBe(canonicalJson(every));
    return seen;
  }

  it('on 150 hostile logs: the same changes after every event, the same state', () => {
    const total = new Map<string, number>();
    for (let seed = 1; seed <= 150; seed++) {
      for (const [type, count] of compare(hostileLog(seed, 200).envelopes, `seed ${seed}`)) total.set(type, (total.get(type) ?? 0) + count);
    }
    for (const type of shortcuts.keys()) expect(total.get(type) ?? 0, type).toBeGreaterThan(1_000);
  });

  it('on the random logs of the rebuild tests', () => {
    for (let seed = 1; seed <= 100; seed++) compare(randomLog(seed, 150).envelopes, `seed ${seed}`);
  });

  it('the hostile logs catch any fold left out of any shortcut', () => {
    // Each list with one fold dropped, folded as applyEnvelope folds it: some log must then differ from the general path.
    const logs = Array.from({ length: 150 }, (_, i) => hostileLog(i + 1, 200).envelopes);
    expect(Object.keys(STEPS)).toEqual(everyFold.map((c) => c.name));
    for (const [type, calls] of shortcuts) {
      for (const { name: dropped } of calls) {
        const steps = calls.filter(({ name }) => name !== dropped).map(({ name }) => STEPS[name]!);
        const caught = logs.some((envelopes) => {
          const short = createProjections();
          const every = createProjections();
          for (const envelope of envelopes) {
            const a = createChangeSet();
            const b = createChangeSet();
            if (envelope.event.type === type) {
              const me = short.session.user?.target_user_guid;
              for (const step of steps) step(short, envelope, a, me);
              short.seq = envelope.seq;
            } else applyEveryFold(short, envelope, a);
            applyEveryFold(every, envelope, b);
            if (asJson(a) !== asJson(b)) return true;
          }
          return canonicalJson(short) !== canonicalJson(every);
        });
        expect(caught, `${type} without ${dropped}`).toBe(true);
      }
    }
  });

  it('the hostile logs reach the states the shortcuts must honour', () => {
    // Not vacuous: the general path's folds that the shortcuts keep really do act on these events.
    let mutesCleared = 0;
    let toastsExpired = 0;
    let contextTouched = 0;
    let searchTouched = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const p = createProjections();
      for (const envelope of hostileLog(seed, 200).envelopes) {
        const changes = createChangeSet();
        const mutes = p.notify.mutes.size;
        const toasts = p.toasts.shown.length;
        applyEveryFold(p, envelope, changes);
        if (!shortcuts.has(envelope.event.type)) continue;
        if (p.notify.mutes.size < mutes) mutesCleared++;
        if (p.toasts.shown.length < toasts) toastsExpired++;
        if (p.context.window && changes.messages.has(p.context.window.address)) contextTouched++;
        if (changes.search) searchTouched++;
      }
    }
    expect(mutesCleared).toBeGreaterThan(10);
    expect(toastsExpired).toBeGreaterThan(10);
    expect(contextTouched).toBeGreaterThan(10);
    expect(searchTouched).toBeGreaterThan(3);
  });
});
