/** Reachability: a signed-in client asks whether the server answers (the session check is all the work). */
import type { Handlers } from './context';

export function healthHandlers(): Handlers<'ping'> {
  return {
    async ping() {
      return { isOk: true };
    },
  };
}
