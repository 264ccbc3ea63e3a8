/**
 * Every REST call Plaza makes, with the spec's paths and field names, gathered
 * from one schema file per family (session, channels, messages, users, …).
 * Every call is a POST of JSON, except the GETs the spec names (teams/list,
 * departments_list). Secure calls live under /secure/data and carry the
 * X-Login-Guid and X-Auth-Token headers; sign-in is under /data. Response
 * fields beyond those the spec names are Plaza's choice and are documented in
 * docs/protocol.md.
 */
import type { z } from 'zod';
import { alertEndpoints } from './alerts';
import { channelEndpoints } from './channels';
import type { Endpoint } from './endpoint';
import { healthEndpoints } from './health';
import { envEndpoints } from './env';
import { folderEndpoints } from './folders';
import { messageEndpoints } from './messages';
import { notificationEndpoints } from './notifications';
import { securityEndpoints } from './security';
import { sessionEndpoints } from './session';
import { settingsEndpoints } from './settings';
import { teamMemberEndpoints } from './team-members';
import { teamEndpoints } from './teams';
import { userEndpoints } from './users';
import { botEndpoints } from './bot';
import { connectionEndpoints } from './connections';
import { peopleEndpoints } from './people';
import { searchEndpoints } from './search';
import { statusEndpoints } from './status';

export { AUTH_HEADERS, SECURE_BASE, type Endpoint, type HttpMethod } from './endpoint';

export const endpoints = {
  ...sessionEndpoints,
  ...channelEndpoints,
  ...messageEndpoints,
  ...userEndpoints,
  ...settingsEndpoints,
  ...statusEndpoints,
  ...peopleEndpoints,
  ...connectionEndpoints,
  ...searchEndpoints,
  ...botEndpoints,
  ...alertEndpoints,
  ...teamEndpoints,
  ...healthEndpoints,
  ...notificationEndpoints,
  ...securityEndpoints,
  ...envEndpoints,
  ...teamMemberEndpoints,
  ...folderEndpoints,
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type RequestOf<N extends EndpointName> = z.input<Endpoints[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.output<Endpoints[N]['response']>;
/** What the server sends for a call (schema input: before defaults and decoding). */
export type ResponseBodyOf<N extends EndpointName> = z.input<Endpoints[N]['response']>;
