/** One-line descriptions of inputs and events for the debugger's lists. */
import type { Envelope } from '../../protocol/events';
import type { InputLine } from '../../protocol/session-file';
import type { PeopleEvent } from '../../protocol/events-people';
import type { SearchEvent } from '../../protocol/events-search';
import { describePeopleOrSearchEvent } from './describe-people';

const MAX = 160;

export function clip(text: string, max = MAX): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const json = (value: unknown): string => {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
};

/** The input's code: a frame's 3-letter code, an intent's method, else its kind. */
export function inputCode(input: InputLine): string {
  if (input.k === 'frame') {
    const code = typeof input.x === 'string' ? input.x.slice(0, 3) : '';
    return /^[A-Z]{3}$/.test(code) ? code : '????';
  }
  if (input.k === 'intent') return input.m;
  return input.k;
}

/** What a response's request asked for and what a storage op did, by id (the session's outputs); unknown ids are left out. */
export interface OutputNamesLookup {
  requestPath: ReadonlyMap<number, string>;
  storageOp: ReadonlyMap<number, string>;
}

const NO_NAMES: OutputNamesLookup = { requestPath: new Map(), storageOp: new Map() };

/**
 * What an answer answers: ' /data/login' for a response or network error to that request, ' (get device_guid)' for a
 * storage answer, '' for other inputs — shown in its row, and matched by the code filter too.
 */
export function answeredOutput(input: InputLine, names: OutputNamesLookup = NO_NAMES): string {
  if (input.k === 'res' || input.k === 'neterr') {
    const path = names.requestPath.get(input.r);
    return path === undefined ? '' : ` ${path}`;
  }
  if (input.k === 'io') {
    const op = names.storageOp.get(input.o);
    return op === undefined ? '' : ` (${op})`;
  }
  return '';
}

export function inputSummary(input: InputLine, names: OutputNamesLookup = NO_NAMES): string {
  const named = answeredOutput(input, names);
  switch (input.k) {
    case 'frame':
      return clip(`socket ${input.s}: ${typeof input.x === 'string' ? input.x : json(input.x)}`);
    case 'open':
      return `socket ${input.s} opened`;
    case 'close':
      return `socket ${input.s} closed`;
    case 'res':
      return clip(`request ${input.r}${named} → ${input.st} ${json(input.b)}`);
    case 'neterr':
      return clip(`request ${input.r}${named} failed: ${input.m}`);
    case 'timer':
      return `timer ${input.id} fired`;
    case 'intent':
      return clip(`${input.m}(${input.a.map(json).join(', ')})`);
    case 'io':
      return clip(input.e !== undefined ? `storage op ${input.o}${named} failed: ${input.e}` : `storage op ${input.o}${named} → ${json(input.v)}`);
  }
}

export function eventSummary(envelope: Envelope): string {
  const e = envelope.event;
  switch (e.type) {
    case 'session.started':
      return `user ${e.user.target_user_guid}`;
    case 'session.ended':
      return e.reason;
    case 'users.listed':
      return `${e.users.length} users`;
    case 'channels.listed':
      return `${e.channels.length} channels`;
    case 'channel.upserted':
      return clip(`${e.channel.address} ${e.channel.name}`);
    case 'channel.removed':
    case 'channel.opened':
      return String(e.address);
    case 'history.loaded':
      return `${e.address} page ${e.page}: ${e.messages.length} messages`;
    case 'message.received':
      return clip(`${e.message.address} ${e.message.guid} from ${e.message.from_guid}`);
    case 'message.deleted':
    case 'reactions.changed':
      return `${e.address} ${e.guid}`;
    case 'reaction.toggled':
      return `${e.address} ${e.guid} ${e.on ? '+' : '−'}${e.content}`;
    case 'thread.opened':
      return e.thread ? `${e.thread.address} ${e.thread.guid}` : 'closed';
    case 'thread.loaded':
      return `${e.address} ${e.parent.guid}: ${e.replies.length} replies`;
    case 'flag.set':
      return `${e.address} ${e.guid} flag ${e.flag}`;
    case 'flagged.loaded':
      return `page ${e.page}: ${e.messages.length} messages`;
    case 'message_settings.loaded':
      return `skin tone ${e.settings.selected_skin_tone}, ${Object.keys(e.settings.emoji_stats).length} emoji`;
    case 'emoji.used':
      return e.emoji;
    case 'skin_tone.selected':
      return String(e.tone);
    case 'channel.viewed':
      return `${e.address} unread ${e.unread}`;
    case 'typing.started':
      return `${e.address} ${e.name}`;
    case 'connection.changed':
      return e.state;
    case 'clock.ticked':
    case 'sync.completed':
    case 'session.unconfirmed':
    case 'session.confirmed':
      return '';
    case 'log.snapshot':
      return `snapshot of seq ${envelope.seq}`;
    case 'messages.evicted':
      return `${e.addresses.length} conversations`;
    case 'ui-settings.changed':
      return `show last: a–z ${e.msg_sorting.az.show_last ?? 'all'}, recent ${e.msg_sorting.recent.show_last ?? 'all'}`;
    case 'sidebar.changed':
      return [e.tab && `tab ${e.tab}`, e.sort && `sort ${e.sort}`].filter(Boolean).join(', ');
    case 'sidebar.folder_collapsed':
      return `folder ${e.guid} ${e.collapsed ? 'collapsed' : 'expanded'}`;
    case 'clock.jumped':
      return `by ${e.by} ms`;
    case 'sync.advanced':
    case 'messages.reset':
      return `cursor ${e.cursor}`;
    case 'outbox.queued':
      return clip(`${e.entry.kind} ${e.entry.id} in ${e.entry.address}`);
    case 'outbox.failed':
      return clip(`${e.id}: ${e.error}`);
    case 'outbox.retried':
      return e.id;
    case 'outbox.removed':
      return `${e.id} ${e.reason}`;
    case 'outbox.restored':
      return `${e.entries.length} entries`;
    case 'alerts.listed':
      return `${e.alerts.length} alerts`;
    case 'alert.received':
      return clip(`${e.alert.alert_type} ${e.alert.guid} ${e.alert.message}`);
    case 'alerts.dismissed':
      return clip(e.guids.join(' '));
    case 'alert.cleared':
    case 'toast.closed':
      return 'guid' in e ? e.guid : e.id;
    case 'toast.shown':
      return clip(`${e.toast.id} ${e.toast.title}`);
    default: {
      const ours = describePeopleOrSearchEvent(e as PeopleEvent | SearchEvent);
      if (ours !== undefined) return ours;
      // Events without a summary of their own show their fields.
      const { type: _type, ...fields } = e as { type: string };
      return clip(json(fields));
    }
  }
}

/** Characters an id (address, guid) is made of: a match must not have one of them on either side. */
const ID_CHARACTER = /[A-Za-z0-9_-]/;

/**
 * Whether `text` names `id` as a whole: "c1" is in `"address":"c1"`, in a frame's escaped `\"c1\"` and in
 * `?address=c1&`, but not in "c10" nor "ac1". A substring search found a channel's neighbours too, so the
 * "first input touching c1" could be one about c10.
 */
export function mentionsId(text: string, id: string): boolean {
  if (id === '') return false;
  for (let at = text.indexOf(id); at >= 0; at = text.indexOf(id, at + 1)) {
    const before = at > 0 ? text[at - 1]! : '';
    const after = text[at + id.length] ?? '';
    if (!ID_CHARACTER.test(before) && !ID_CHARACTER.test(after)) return true;
  }
  return false;
}

/**
 * Whether an input or event names `id` whole in any of its strings or keys, walked in place: building each
 * one's JSON to search it cost ~9 µs an input, and keeping the texts ~800 bytes each (a million-input
 * session's first filter blocked the worker ~9 s and grew it by ~0.8 GB).
 */
export function valueMentionsId(value: unknown, id: string): boolean {
  if (typeof value === 'string') return mentionsId(value, id);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (valueMentionsId(item, id)) return true;
    return false;
  }
  for (const key in value) if (mentionsId(key, id) || valueMentionsId((value as Record<string, unknown>)[key], id)) return true;
  return false;
}

/**
 * Whether an input touched `id`: its own data names it, or an event it appended does. A `log.snapshot`
 * restates the whole state rather than touching any of it, so it is not searched (it would list every
 * compaction under every channel, at the cost of walking a heavy user's whole state each time).
 */
export function inputMentionsId(input: InputLine, events: readonly Envelope[], id: string): boolean {
  if (valueMentionsId(input, id)) return true;
  for (const e of events) if (e.event.type !== 'log.snapshot' && valueMentionsId(e.event, id)) return true;
  return false;
}
