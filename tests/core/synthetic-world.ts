/**
 * A recorded core in an in-memory world: scripted sign-in, channel list and
 * directory, one fake socket the caller feeds frames into, a clock the caller
 * moves. For recorder tests and the replay benchmark; no server, no timers fire.
 */
import { createCore, type Core } from '../../core-worker/core';
import type { SocketLike } from '../../core-worker/ports';
import { createRecorder, type Recorder } from '../../core-worker/recorder';
import { createMemoryStorage } from '../../core-worker/storage-memory';
import { FakeSocket } from './harness';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
export const settleMany = async (times = 20): Promise<void> => {
  for (let i = 0; i < times; i++) await settle();
};

export interface SyntheticWorld {
  core: Core;
  recorder: Recorder;
  /** The session file so far, footer included. */
  file(): string;
  socket(): FakeSocket;
  /** Sets the clock. */
  at(time: number): void;
}

/** Signs Bob in to a world of `channels` team channels and opens the socket. */
export async function startSyntheticWorld(options: { channels: number; start?: number; app?: string }): Promise<SyntheticWorld> {
  const lines: string[] = [];
  let socket: FakeSocket | null = null;
  let uuid = 0;
  let now = options.start ?? 1_800_000_000_000;
  const user = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'B', name: 'Bob B', company_guid: 'acme' };
  const channels = Array.from({ length: options.channels }, (_, i) => ({ guid: `g${i}`, address: `c${i}`, name: `Channel ${i}`, channel_type: 1, etype: 'channel' }));
  const recorder = createRecorder(
    {
      clock: { now: () => now, setTimeout: () => 0, clearTimeout: () => {} },
      random: { uuid: () => `u${++uuid}` },
      http: async (url) => {
        if (url.endsWith('/data/login')) return { status: 200, body: { isOk: true, login_guid: 'lg-1', auth_token: 'token-token-token-token', user } };
        if (url.endsWith('/channels/list')) return { status: 200, body: { isOk: true, channels } };
        return { status: 200, body: { isOk: true, users: [user] } };
      },
      openSocket: (url) => (socket = new FakeSocket(url)) as SocketLike,
      storage: createMemoryStorage(),
      logger: { warn: () => {}, info: () => {} },
      baseUrl: 'http://synthetic',
      scheduleFrame: () => () => {},
    },
    { app: options.app ?? 'plaza-synthetic', settle: (fn) => setImmediate(fn), write: (l) => lines.push(l) },
  );
  const core = createCore(recorder.deps);
  const api = recorder.attach(core);
  const signedIn = await api.$signIn('bob@acme.test', 'password');
  if (!signedIn.ok) throw new Error(signedIn.error.message);
  await settleMany();
  socket!.open();
  await settleMany();
  return {
    core,
    recorder,
    file: () => [...lines, recorder.footer()].join('\n') + '\n',
    socket: () => socket!,
    at: (time) => {
      now = time;
    },
  };
}
