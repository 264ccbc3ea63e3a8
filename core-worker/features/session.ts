/**
 * Signing in and out, resuming a stored session at boot, and ending a session
 * (signed out, refused by the server with 403, or closed by an OUT frame).
 */
import { fail, ok } from '../../protocol/result';
import type { Credentials } from '../api-client';
import type { CoreContext, Feature } from '../core-context';
import { CREDENTIALS_KEY, DEVICE_KEY, VIEW_CACHE_KEY } from '../boot-keys';
import { usableCache, type StoredViewCache } from '../view-cache';

export type EndReason = 'signed-out' | 'unauthorized' | 'server-logout';

/**
 * How long a sign-out waits for the server's answer to its logout call before resolving anyway (a server that
 * hangs; offline the call fails at once): the page waits for it to go, showing "Signing out…".
 */
export const SIGN_OUT_ANSWER_WAIT_MS = 5_000;

/** What only the core may do, lent to the session feature. */
export interface SessionHost {
  setCredentials(credentials: Credentials | null): void;
  /** Loads a user's log and rebuilds every projection from it. */
  openUserLog(userGuid: string): Promise<void>;
  bumpEpoch(): void;
  setDeviceGuid(guid: string): void;
  /** Starts the socket and the first refresh. */
  goOnline(): void;
  /** Tells every feature the session ended. */
  sessionEnded(): void;
  persistLog(): Promise<void>;
  /** Removes the stored sidebar (the view cache) once any write of it is done. */
  forgetSidebar(): Promise<void>;
}

export interface SessionFeature extends Feature<'$signIn' | '$signOut'> {
  /** Loads the device id and a stored session; resolves when the core is ready. */
  boot(): Promise<void>;
  endSession(reason: EndReason): Promise<void>;
}

export function createSessionFeature(ctx: CoreContext, host: SessionHost): SessionFeature {
  const { storage } = ctx.deps;
  /** The last session end's storing (credentials forgotten, log and outbox persisted); resolved when none is under way. */
  let ending: Promise<void> = Promise.resolve();

  /** Ends the session (once; a later call waits for that end's storing). */
  function endSession(reason: EndReason): Promise<void> {
    if (!ctx.runtime.signedIn) return ending;
    ending = end(reason);
    return ending;
  }

  async function end(reason: EndReason): Promise<void> {
    ctx.dispatch(reason === 'signed-out' ? 'intent' : 'system', [{ type: 'session.ended', reason }]);
    ctx.runtime.signedIn = false;
    host.setCredentials(null);
    host.bumpEpoch();
    ctx.publisher.changes.session = true;
    host.sessionEnded();
    ctx.socket.stop();
    ctx.publisher.schedule();
    await storage.removeItem(CREDENTIALS_KEY);
    // Nothing of this person is read at the next page's start, which records it for whoever signs in there.
    await host.forgetSidebar();
    await host.persistLog();
  }

  /** Resolves when `call` does, or after `ms` if it has not by then. */
  const answered = (call: Promise<unknown>, ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      const timer = ctx.deps.clock.setTimeout(resolve, ms);
      void call.then(() => {
        ctx.deps.clock.clearTimeout(timer);
        resolve();
      });
    });

  return {
    endSession,

    async boot() {
      // One round trip for all three, and the device id written only when new: every round trip delays
      // the first paint. The sidebar as last shown goes to the UI at once, while the log is still read.
      const [known, stored, cache] = await Promise.all([
        storage.getItem<string>(DEVICE_KEY),
        storage.getItem<Credentials>(CREDENTIALS_KEY),
        storage.getItem<StoredViewCache>(VIEW_CACHE_KEY),
      ]);
      const cachedViews = stored ? usableCache(cache, stored.user_guid) : undefined;
      if (cachedViews !== undefined) ctx.publisher.provisional(cachedViews);
      const device = known ?? ctx.deps.random.uuid();
      host.setDeviceGuid(device);
      if (!known) await storage.setItem(DEVICE_KEY, device);
      if (stored) {
        host.setCredentials(stored);
        await host.openUserLog(stored.user_guid);
        ctx.runtime.signedIn = true;
      }
      ctx.runtime.booted = true;
      ctx.publisher.changes.session = true;
      ctx.publisher.schedule();
      if (stored) host.goOnline();
    },

    api: {
      async $signIn(email, password) {
        await ctx.ready();
        const result = await ctx.api.call('login', { email, password });
        // Wrong email or password (401, no field named): the password is what to type again, so it is blamed.
        if (!result.ok) return result.error.status === 401 && !result.error.field ? fail({ ...result.error, field: 'password' }) : result;
        const { user, login_guid, auth_token } = result.value;
        const credentials = { login_guid, auth_token, user_guid: user.target_user_guid };
        host.setCredentials(credentials);
        await storage.setItem(CREDENTIALS_KEY, credentials);
        await host.openUserLog(user.target_user_guid);
        ctx.runtime.signedIn = true;
        ctx.dispatch('rest', [{ type: 'session.started', user }]);
        host.goOnline();
        return ok(null);
      },

      async $signOut() {
        await ctx.ready();
        // The server ends the session too, and tells this sign-in's other tabs (OUT), which would otherwise go on
        // as the user. The call takes the credentials now; the session ends here at once, without waiting for an
        // answer (offline there is none) — and so before this tab's own socket could hear the OUT. It resolves once the
        // end is stored and the server has answered (or the call failed, or SIGN_OUT_ANSWER_WAIT_MS passed), so the page
        // may go then (the UI leaves it at every session end): a page gone earlier would cancel the call, leaving the
        // session valid on the server. Signed out already (an OUT frame, a 403), it waits for that end's storing.
        const logout = ctx.runtime.signedIn ? ctx.api.call('logout', {}) : null;
        await endSession('signed-out');
        if (logout) await answered(logout, SIGN_OUT_ANSWER_WAIT_MS);
      },
    },

    frames: {
      OUT: () => void endSession('server-logout'),
    },
  };
}
