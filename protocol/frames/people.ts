/**
 * People frames, server to client: presence (NOS) and connections (CRQ).
 *
 * NOS is Plaza's use of a receive code the spec lists without a meaning
 * (spec 1 §7): a company member's (or connection's) presence changed — the
 * connection state and the selected custom status. The server sends it when
 * the state changes, and again on every "active" report so receivers can turn
 * an automatic 'active' to idle after 30 s without news (spec 3 §4.1).
 * `is_blocked` comes only when the receiver's company blocked or reinstated the
 * person: "a blocked user shows as blocked" (spec 3 §4.1), at once.
 */
import { z } from 'zod';
import { CONNECTION_ACTIONS, ConnectionRequest, ConnectLink } from '../connections';
import { UserCustomStatus } from '../custom-status';
import { User } from '../entities';

const guid = z.string().min(1).max(200);

export const NosFrame = z.object({
  user_guid: guid,
  connection_state: z.string().max(50),
  custom_status: UserCustomStatus.nullable().default(null),
  /** The person as the receiver's company now has them; absent: unchanged. */
  is_blocked: z.boolean().optional(),
});

/**
 * CRQ: a connection message (spec 2 §4 actions). `request` with 'request';
 * `guid` with 'remove' (the request was answered); `link` with the
 * connect_link_* actions (`cl_guid` alone for connect_link_deleted);
 * `connected_user` when the action made a connection — the other side, for the
 * '{name} has connected with you!' toast (spec 1 §8).
 */
export const CrqFrame = z
  .object({
    action: z.enum(CONNECTION_ACTIONS),
    request: ConnectionRequest.optional(),
    guid: guid.optional(),
    link: ConnectLink.optional(),
    cl_guid: guid.optional(),
    connected_user: User.optional(),
  })
  .superRefine((f, ctx) => {
    const need = (ok: boolean, field: string) => ok || ctx.addIssue({ code: 'custom', message: `${f.action} needs ${field}`, path: [field] });
    if (f.action === 'request') need(!!f.request, 'request');
    else if (f.action === 'remove') need(!!f.guid, 'guid');
    else if (f.action === 'connect_link_deleted') need(!!(f.cl_guid ?? f.link), 'cl_guid');
    else need(!!f.link, 'link');
  });

/** Others' automatic 'active' turns idle after this long without news (spec 3 §4.1, §9). */
export const PRESENCE_IDLE_AFTER_MS = 30_000;
