import { signal } from '@preact/signals-react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionView, SessionView } from '../../protocol/views';
import { watchOutboxHandoff } from './outbox-handoff';

/** A tab: its page events, its core's calls, and what the page holds of session and connection. */
function tab(user: string | null, unsent: number) {
  const listeners = new Map<string, () => void>();
  const win = {
    BroadcastChannel,
    addEventListener: (type: string, fn: () => void) => void listeners.set(type, fn),
    removeEventListener: (type: string) => void listeners.delete(type),
  };
  const calls: string[] = [];
  const store = {
    session: signal({ user: user ? { guid: user, name: user, email: `${user}@acme.test`, is_company_admin: false } : null } as SessionView),
    connection: signal({ unsent } as ConnectionView),
  };
  const stop = watchOutboxHandoff({ $adoptStoredOutbox: async () => void calls.push('$adoptStoredOutbox') }, store, win as never);
  return { calls, store, stop, close: () => listeners.get('pagehide')?.() };
}

/** BroadcastChannel delivers in a task of its own. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 50));

const tabs: ReturnType<typeof tab>[] = [];
const open = (user: string | null, unsent: number) => {
  const t = tab(user, unsent);
  tabs.push(t);
  return t;
};
afterEach(() => {
  for (const t of tabs.splice(0)) t.stop();
});

describe('unsent changes handed over between tabs', () => {
  it('a tab closing with unsent changes has the same user’s other tabs take them over; another user’s tab ignores it', async () => {
    const closing = open('bob', 2);
    const sameUser = open('bob', 0);
    const otherUser = open('alice', 0);
    const signedOut = open(null, 0);
    closing.close();
    await delivered();
    expect(sameUser.calls).toEqual(['$adoptStoredOutbox']);
    expect(otherUser.calls).toEqual([]);
    expect(signedOut.calls).toEqual([]);
    expect(closing.calls).toEqual([]); // a channel does not hear its own messages
  });

  it('a tab closing with nothing unsent says nothing', async () => {
    const closing = open('bob', 0);
    const other = open('bob', 0);
    closing.close();
    await delivered();
    expect(other.calls).toEqual([]);
  });

  it('a tab no longer watching hears nothing', async () => {
    const closing = open('bob', 1);
    const other = open('bob', 0);
    other.stop();
    closing.close();
    await delivered();
    expect(other.calls).toEqual([]);
  });
});
