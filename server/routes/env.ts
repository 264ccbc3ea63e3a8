/** env_data (spec 1 §7): the server's proxy (none here) and versions, for the version-upgrade alert. */
import { CLIENT_VERSION } from '../../protocol/version';
import type { Handlers, RouteDeps } from './context';

export function envHandlers({ versions }: RouteDeps): Handlers<'envData'> {
  const server_version = versions?.server_version ?? CLIENT_VERSION;
  const latest_release = versions?.latest_release ?? server_version;
  return {
    async envData() {
      return { isOk: true, server_proxy: null, server_version, latest_release };
    },
  };
}
