/**
 * Connection requests and connect links (spec 2 §4, §7, §8, §9).
 *
 * Using a connect link (connect/start_conversation) opens a direct message at
 * once when the two are colleagues or already connected; otherwise it sends
 * the link's owner a connection request (CRQ request) and answers with no
 * channel. Accepting a request connects the two and opens an external DM;
 * the requester hears '{name} has connected with you!' (CRQ remove with
 * connected_user). A link with a team_guid also adds its user to that team.
 */
import type { UserWire } from '../../protocol/entities';
import { addMember, findOrCreateDm, getMemberChannelByGuid } from '../channel-store';
import {
  answerRequest,
  createLink,
  deleteLink,
  findOrCreateExternalDm,
  getLink,
  getRequest,
  listLinks,
  pendingRequestsTo,
  requestConnection,
  useLink,
} from '../connection-store';
import type { Queryable } from '../db';
import { reject } from '../http-util';
import { areConnected, connect } from '../people-store';
import { getUser, userWire, type UserRow } from '../user-store';
import type { Handlers, RouteDeps } from './context';

export const CONNECTION_MESSAGES = {
  noLink: 'This connect link does not exist.',
  expired: 'This connect link has expired.',
  usedUp: 'This connect link has been used as often as it allows.',
  ownLink: 'This is your own connect link.',
  noRequest: 'No such connection request.',
  answered: 'This connection request was already answered.',
  notTeamAdmin: 'You can only link to a team you are an admin of.',
} as const;

type Name = 'crList' | 'crRespond' | 'connectCodes' | 'connectCreate' | 'connectDelete' | 'connectStart';

export function connectionHandlers({ db, hub }: RouteDeps): Handlers<Name> {
  const plain = (u: UserRow): UserWire => userWire(u, hub.connectionState(u.guid));

  /** The DM of two people (external when their companies differ), announced to both when new. */
  async function openDm(a: UserRow, b: UserRow) {
    const dm = await db.transaction((tx) =>
      a.company_guid === b.company_guid ? findOrCreateDm(tx, a.company_guid, a.guid, b.guid) : findOrCreateExternalDm(tx, a.company_guid, a.guid, b.guid),
    );
    const forA = await getMemberChannelByGuid(db, a.guid, dm.guid);
    if (!forA) throw new Error('direct message without its member');
    if (dm.created) {
      hub.sendToUsers([a.guid], 'CHA', { action: 'add', channel: forA.wire });
      const forB = await getMemberChannelByGuid(db, b.guid, dm.guid);
      if (forB) hub.sendToUsers([b.guid], 'CHA', { action: 'add', channel: forB.wire });
    }
    return forA.wire;
  }

  /** A team link adds its user to the team (once). */
  async function joinTeam(teamGuid: string | null, user: UserRow): Promise<void> {
    if (!teamGuid) return;
    const already = await getMemberChannelByGuid(db, user.guid, teamGuid);
    if (already) return;
    await addMember(db, teamGuid, user.guid, 0);
    const mine = await getMemberChannelByGuid(db, user.guid, teamGuid);
    if (mine) hub.sendToUsers([user.guid], 'CHA', { action: 'add', channel: mine.wire });
  }

  return {
    async crList(user) {
      return { isOk: true, requests: (await pendingRequestsTo(db, user.guid)).map((r) => r.wire) };
    },

    async crRespond(user, body) {
      const request = await getRequest(db, body.guid);
      if (!request || request.to_guid !== user.guid) throw reject(404, CONNECTION_MESSAGES.noRequest);
      if (!request.pending || !(await answerRequest(db, request.wire.guid, body.response))) throw reject(400, CONNECTION_MESSAGES.answered);
      hub.sendToUsers([user.guid], 'CRQ', { action: 'remove', guid: request.wire.guid });
      if (body.response === 1) return { isOk: true, channel: null };
      const requester = await getUser(db, request.from_guid);
      if (!requester) throw reject(404, CONNECTION_MESSAGES.noRequest);
      await connect(db, user.guid, requester.guid);
      const channel = await openDm(user, requester);
      const linkTeam = await teamOfRequest(db, request.wire.guid);
      await joinTeam(linkTeam, requester);
      hub.sendToUsers([requester.guid], 'CRQ', { action: 'remove', guid: request.wire.guid, connected_user: plain(user) });
      return { isOk: true, channel };
    },

    async connectCodes(user) {
      return { isOk: true, links: (await listLinks(db, user.guid)).map((l) => l.wire) };
    },

    async connectCreate(user, body) {
      const teamGuid = body.team_guid ?? null;
      if (teamGuid) {
        const team = await getMemberChannelByGuid(db, user.guid, teamGuid);
        if (!team || team.wire.channel_type !== 1 || team.wire.member_type !== 2) throw reject(400, CONNECTION_MESSAGES.notTeamAdmin, { team_guid: CONNECTION_MESSAGES.notTeamAdmin });
      }
      const link = await createLink(db, user.guid, { ttl_seconds: body.ttl_seconds, max_clicks: body.max_clicks, team_guid: teamGuid });
      hub.sendToUsers([user.guid], 'CRQ', { action: 'connect_link_added', link: link.wire });
      return { isOk: true, link: link.wire };
    },

    async connectDelete(user, body) {
      if (!(await deleteLink(db, user.guid, body.cl_guid))) throw reject(404, CONNECTION_MESSAGES.noLink);
      hub.sendToUsers([user.guid], 'CRQ', { action: 'connect_link_deleted', cl_guid: body.cl_guid });
      return { isOk: true };
    },

    async connectStart(user, body) {
      const link = await getLink(db, body.cl_guid);
      if (!link || link.deleted) throw reject(404, CONNECTION_MESSAGES.noLink, { cl_guid: CONNECTION_MESSAGES.noLink });
      if (link.owner_guid === user.guid) throw reject(400, CONNECTION_MESSAGES.ownLink, { cl_guid: CONNECTION_MESSAGES.ownLink });
      if (link.wire.expires <= Date.now()) throw reject(400, CONNECTION_MESSAGES.expired, { cl_guid: CONNECTION_MESSAGES.expired });
      const owner = await getUser(db, link.owner_guid);
      if (!owner || owner.is_blocked) throw reject(404, CONNECTION_MESSAGES.noLink, { cl_guid: CONNECTION_MESSAGES.noLink });
      const used = await useLink(db, link.wire.cl_guid);
      if (!used) throw reject(400, CONNECTION_MESSAGES.usedUp, { cl_guid: CONNECTION_MESSAGES.usedUp });

      if (owner.company_guid === user.company_guid || (await areConnected(db, owner.guid, user.guid))) {
        const channel = await openDm(user, owner);
        await joinTeam(used.wire.team_guid ?? null, user);
        hub.sendToUsers([owner.guid], 'CRQ', { action: 'connect_link_used', link: used.wire, connected_user: plain(user) });
        return { isOk: true, channel };
      }
      const { request, created } = await requestConnection(db, user.guid, owner.guid, used.wire.cl_guid);
      hub.sendToUsers([owner.guid], 'CRQ', { action: 'connect_link_used', link: used.wire });
      if (created) hub.sendToUsers([owner.guid], 'CRQ', { action: 'request', request: request.wire });
      return { isOk: true, channel: null };
    },
  };
}

async function teamOfRequest(db: Queryable, requestGuid: string): Promise<string | null> {
  const rows = await db.query<{ team_guid: string | null }>(
    'SELECT l.team_guid FROM connection_requests r JOIN connect_links l ON l.cl_guid = r.cl_guid WHERE r.guid = $1',
    [requestGuid],
  );
  return rows[0]?.team_guid ?? null;
}
