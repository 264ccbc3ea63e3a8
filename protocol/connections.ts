/**
 * Connections between people of different companies (spec 2 §3, §4, §9):
 * connection requests and shareable connect links.
 */
import { z } from 'zod';

const guid = z.string().min(1).max(200);

export * from './connect-link-limits';

/** A pending request to connect, as its receiver sees it: who asks (spec 2 §3). */
export const ConnectionRequest = z.object({
  guid,
  target_user_guid: guid,
  email: z.string().max(320).default(''),
  first_name: z.string().max(200),
  last_name: z.string().max(200),
  /** Epoch ms; Plaza's addition, for ordering. */
  created: z.number().int().nonnegative().default(0),
});
export type ConnectionRequest = z.output<typeof ConnectionRequest>;
export type ConnectionRequestWire = z.input<typeof ConnectionRequest>;

/** A shareable link (spec 2 §3). `clicks` is Plaza's addition: how often it was used. */
export const ConnectLink = z.object({
  cl_guid: guid,
  code: z.string().min(1).max(64),
  /** Epoch ms when the link stops working. */
  expires: z.number().int().nonnegative(),
  team_guid: guid.nullable().default(null),
  ttl_seconds: z.number().int().positive(),
  max_clicks: z.number().int().positive(),
  clicks: z.number().int().nonnegative().default(0),
});
export type ConnectLink = z.output<typeof ConnectLink>;
export type ConnectLinkWire = z.input<typeof ConnectLink>;

/** Connection message actions (spec 2 §4), carried by the CRQ frame. */
export const CONNECTION_ACTIONS = ['request', 'remove', 'connect_link_added', 'connect_link_deleted', 'connect_link_used'] as const;

/** The app path a connect link opens; the link's id is the last segment. */
export const connectLinkPath = (clGuid: string): string => `/connect/${encodeURIComponent(clGuid)}`;

/** The cl_guid in a pasted link (…/connect/{cl_guid} or ?cl_guid=…) or a bare id; null when none. */
export function clGuidFrom(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const path = /\/connect\/([^/?#\s]+)/.exec(text);
  if (path) return safeDecode(path[1]!);
  const query = /[?&]cl_guid=([^&#\s]+)/.exec(text);
  if (query) return safeDecode(query[1]!);
  return /^[A-Za-z0-9_-]{1,200}$/.test(text) ? text : null;
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
