/** Records a short live session against a real server: someone fails to sign in, Bob signs in, Alice (unrecorded) writes, Bob reads, posts and switches channels. */
import { createCore } from '../../core-worker/core';
import { createRecorder } from '../../core-worker/recorder';
import type { PlazaServer } from '../../server/app';
import { nodeDeps, until } from './node-deps';

/** The address of a sign-in attempt that failed before Bob's (nobody of the demo companies). */
export const FAILED_ATTEMPT_EMAIL = 'someone.else@example.test';

export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function recordSession(server: PlazaServer): Promise<{ text: string; secrets: string[]; hash: string }> {
  const lines: string[] = [];
  const real = nodeDeps(server.url);
  const recorder = createRecorder({ ...real, baseUrl: server.url }, { app: 'plaza-test', settle: (fn) => setImmediate(fn), write: (l) => lines.push(l) });
  const bobCore = createCore(recorder.deps);
  const bob = recorder.attach(bobCore);
  await bob.$subscribe(() => {});
  // Someone else tried first at the same page, and gave up: what they typed is not the recording's.
  const attempt = await bob.$signIn(FAILED_ATTEMPT_EMAIL, 'not-the-password');
  if (attempt.ok) throw new Error('the failed attempt signed in');
  const signedIn = await bob.$signIn('bob@acme.test', 'plaza-demo');
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error.message}`);
  await until(() => bobCore.projections.connection.socket === 'online', 5_000, 'online');
  await until(() => bobCore.projections.channels.byAddress.size > 0, 5_000, 'channels');

  // Another user, not recorded, posts to Bob.
  const alice = createCore({ ...nodeDeps(server.url), baseUrl: server.url });
  await alice.start();
  await alice.api.$signIn('alice@acme.test', 'plaza-demo');
  await until(() => alice.projections.channels.byAddress.size > 0, 5_000, 'alice channels');
  const dm = [...bobCore.projections.channels.byAddress.values()].find((r) => r.channel.name === 'Alice Anders')!.channel.address;
  const design = [...bobCore.projections.channels.byAddress.values()].find((r) => r.channel.name === 'Design')!.channel.address;
  await alice.api.$post(dm, 'hello Bob');
  await until(() => bobCore.projections.unread.byAddress.get(dm)?.count === 1, 5_000, 'unread');
  await bob.$openConversation(dm);
  await bob.$post(dm, 'hi Alice, see https://acme.test');
  await bob.$typing(dm);
  await bob.$openConversation(design);
  await bob.$post(design, 'design review at 3?');
  await until(() => bobCore.projections.messages.byAddress.get(design)?.order.length, 5_000, 'design history');
  await new Promise((r) => setTimeout(r, 100)); // let the log persist and frames settle
  await settle();
  const creds = (await real.storage.getItem<{ login_guid: string; auth_token: string }>('credentials'))!;
  const footer = recorder.footer(); // first: it writes the last input's digest before it
  const text = [...lines, footer].join('\n') + '\n';
  await bobCore.stop();
  await alice.stop();
  return { text, secrets: [creds.login_guid, creds.auth_token, 'plaza-demo', 'not-the-password', FAILED_ATTEMPT_EMAIL], hash: JSON.parse(recorder.footer()).hash };
}

