/**
 * A small scripted stand-in for the server's REST side, for timing tests of
 * the core with the manual clock (tests/core/harness.ts): one direct message
 * and one team channel, messages with change sequences, the change feed,
 * posting with client_guid de-duplication, threads, bookmarks, deletions — and answers
 * that fail on demand. The real server is exercised by the live and chaos suites.
 */
import type { MessageWire, UserWire } from '../../protocol/entities';
import type { Route } from './harness';

export const BOB: UserWire = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', email: 'bob@acme.test', company_guid: 'acme' };
export const ALICE: UserWire = { target_user_guid: 'alice', first_name: 'Alice', last_name: 'Anders', name: 'Alice Anders', email: 'alice@acme.test', company_guid: 'acme' };

const PATH = '/secure/data/confirmed/corporate';
type Failure = number | 'network';
type Stored = MessageWire & { created: number; change_seq: number; deleted: boolean; client_guid: string | null };

export class ScriptedServer {
  readonly messages: Stored[] = [];
  seq = 0;
  now = Date.UTC(2026, 10, 2, 9, 0, 0);
  readonly bookmark = new Map<string, number>();
  readonly requests: { path: string; body: any }[] = [];
  private readonly failures = new Map<string, Failure[]>();
  /** The change feed's page size (the core asks for 500; tests make it small). */
  pageLimit = Infinity;

  /** The next calls to `path` (e.g. '/messages/post') answer these statuses (or fail without an answer), in order. */
  fail(path: string, ...answers: Failure[]): void {
    this.failures.set(path, [...(this.failures.get(path) ?? []), ...answers]);
  }

  /** Someone posts (as the real server would: created strictly increasing, the next change sequence). */
  post(from: UserWire, address: string, text: string, client_guid: string | null = null): Stored {
    const message: Stored = {
      guid: `s${this.messages.length + 1}`,
      address,
      created: ++this.now,
      from_guid: from.target_user_guid,
      from_first_name: from.first_name,
      from_last_name: from.last_name,
      json: JSON.stringify([{ type: 'text', text }]),
      client_guid,
      change_seq: ++this.seq,
      deleted: false,
    };
    this.messages.push(message);
    return message;
  }

  wire(m: Stored): MessageWire {
    const { deleted: _deleted, ...wire } = m;
    return wire;
  }

  unread(address: string): number {
    const mark = this.bookmark.get(address) ?? 0;
    return this.messages.filter((m) => m.address === address && !m.deleted && m.from_guid !== 'bob' && m.created > mark).length;
  }

  routes(): Record<string, Route> {
    const answer = (path: string, handle: (body: any) => { status: number; body: unknown }): Route => async (body) => {
      this.requests.push({ path, body });
      const failure = this.failures.get(path)?.shift();
      if (failure === 'network') throw new Error('connection refused');
      if (failure !== undefined) return { status: failure, body: failure < 500 ? { isOk: false, message: `Refused (${failure})` } : undefined };
      return handle(body);
    };
    const channel = (address: string, name: string, channel_type: 0 | 1) => {
      const last = this.messages.filter((m) => m.address === address && !m.deleted).at(-1);
      return { guid: `g-${address}`, address, name, channel_type, etype: channel_type === 0 ? 'DM' : 'channel', unread_messages: this.unread(address), last_message: last ? this.wire(last) : null, last_message_ts: last?.created ?? null };
    };
    return {
      '/data/login': answer('/login', () => ({ status: 200, body: { isOk: true, login_guid: 'login-1', auth_token: 'token-0123456789abcdef', user: BOB } })),
      [`${PATH}/channels/list`]: answer('/channels/list', () => ({ status: 200, body: { isOk: true, channels: [channel('dm', 'Alice Anders', 0), channel('team', 'Team', 1)] } })),
      [`${PATH}/users/list`]: answer('/users/list', () => ({ status: 200, body: { isOk: true, users: [BOB, ALICE] } })),
      [`${PATH}/messages/history`]: answer('/messages/history', (b) => {
        const all = this.messages.filter((m) => m.address === b.address && !m.deleted);
        const end = all.length - b.page * 50;
        return { status: 200, body: { isOk: true, data: all.slice(Math.max(0, end - 50), Math.max(0, end)).map((m) => this.wire(m)), page_size: 50 } };
      }),
      [`${PATH}/messages/changes`]: answer('/messages/changes', (b) => {
        if (b.since === null) return { status: 200, body: { isOk: true, messages: [], deleted: [], cursor: this.seq, has_more: false } };
        const limit = Math.min(b.limit ?? 500, this.pageLimit);
        const changed = this.messages.filter((m) => m.change_seq > b.since).sort((x, y) => x.change_seq - y.change_seq).slice(0, limit);
        const hasMore = changed.length === limit && this.messages.some((m) => m.change_seq > changed.at(-1)!.change_seq);
        return {
          status: 200,
          body: {
            isOk: true,
            messages: changed.filter((m) => !m.deleted).map((m) => this.wire(m)),
            deleted: changed.filter((m) => m.deleted).map((m) => ({ address: m.address, guid: m.guid, from_guid: m.from_guid, created: m.created, reply_to: null, change_seq: m.change_seq })),
            cursor: hasMore ? changed.at(-1)!.change_seq : this.seq,
            has_more: hasMore,
          },
        };
      }),
      [`${PATH}/messages/post`]: answer('/messages/post', (b) => {
        const earlier = this.messages.find((m) => m.from_guid === 'bob' && m.client_guid === b.client_guid);
        const message = earlier ?? this.post(BOB, b.address, JSON.parse(b.json)[0].text, b.client_guid);
        return { status: 200, body: { isOk: true, message: this.wire(message) } };
      }),
      [`${PATH}/messages/thread`]: answer('/messages/thread', (b) => {
        const first = this.messages.find((m) => m.address === b.address && m.guid === b.guid && !m.deleted);
        if (!first) return { status: 404, body: { isOk: false, message: 'No message found' } };
        const replies = this.messages.filter((m) => m.reply_to === first.guid && !m.deleted);
        return { status: 200, body: { isOk: true, message: this.wire(first), data: replies.map((m) => this.wire(m)) } };
      }),
      [`${PATH}/messages/bookmark`]: answer('/messages/bookmark', (b) => {
        const m = this.messages.find((x) => x.guid === b.guid);
        if (!m) return { status: 404, body: { isOk: false, message: 'No message found' } };
        this.bookmark.set(m.address, Math.max(this.bookmark.get(m.address) ?? 0, m.created));
        return { status: 200, body: { isOk: true, address: m.address, unread_messages: this.unread(m.address) } };
      }),
      [`${PATH}/messages/delete`]: answer('/messages/delete', (b) => {
        const m = this.messages.find((x) => x.guid === b.guid);
        if (!m) return { status: 404, body: { isOk: false, message: 'No message found' } };
        if (!m.deleted) {
          m.deleted = true;
          m.change_seq = ++this.seq;
        }
        return { status: 200, body: { isOk: true } };
      }),
    };
  }

  /** How often a call went out. */
  count(path: string): number {
    return this.requests.filter((r) => r.path === path).length;
  }
}
