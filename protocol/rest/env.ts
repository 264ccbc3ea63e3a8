/**
 * GET env_data (spec 1 §7 "General"): the environment the server reports.
 * `server_proxy` is the spec's; `server_version` and `latest_release` are
 * Plaza's, for the version-upgrade alert (spec 1 §4, protocol/version.ts).
 */
import { z } from 'zod';
import { ok, secureGet } from './endpoint';

const version = z.string().regex(/^\d+(\.\d+){0,3}$/).max(40);

export const EnvDataResponse = z.object({
  isOk: ok,
  server_proxy: z.string().max(2_000).nullable().default(null),
  server_version: version,
  latest_release: version,
});

export const envEndpoints = {
  envData: secureGet('/confirmed/corporate/env_data', EnvDataResponse),
} as const;
