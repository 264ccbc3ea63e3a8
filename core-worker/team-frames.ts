/**
 * What a team action (CHA, spec 1 §4) or a block (BLO) means, given what the
 * user already knows: a rename is told only when the name changed ('Channel
 * Renamed'), and an external-members change only when it differs from the
 * current state (spec 1 §5, §8). Pure: the projections in, events and toasts
 * out, so replay reproduces it.
 */
import type { Projections } from '../projections/fold';
import type { Channel } from '../protocol/entities';
import type { DomainEvent, ToastSpec } from '../protocol/events';
import type { DownFrame } from '../protocol/frames/down';

export interface FrameOutcome {
  events: DomainEvent[];
  toasts: Omit<ToastSpec, 'id'>[];
  /** The frame lacked what its action needs: logged as a rejection, nothing changes. */
  rejection?: string;
  /** BLO lifting a block: the user is told to refresh (a client alert). */
  reinstated?: { company_guid: string; company_name: string };
}

type ChaData = Extract<DownFrame, { code: 'CHA' }>['data'];
type BloData = Extract<DownFrame, { code: 'BLO' }>['data'];

export const TEAM_TEXTS = {
  renamedTitle: 'Channel Renamed',
  renamed: (from: string, to: string) => `${from} is now called ${to}.`,
  externalTitle: 'External members',
  nowExternal: (name: string) => `Channel ${name} now contains external members.`,
  noLongerExternal: (name: string) => `Channel ${name} no longer contains external members.`,
  accessRestored: (company: string) => `Your access to ${company || 'a company'} was restored. Refresh to see its channels again.`,
} as const;

/** Upserts a channel, noting an external-members change against the current state (acted on only when it differs). */
function upsert(p: Projections, channel: Channel, out: FrameOutcome, renamed: boolean): void {
  const before = p.channels.byAddress.get(channel.address)?.channel;
  out.events.push({ type: 'channel.upserted', channel });
  if (!before) return;
  if (renamed && before.name !== channel.name) out.toasts.push({ title: TEAM_TEXTS.renamedTitle, body: TEAM_TEXTS.renamed(before.name, channel.name), kind: 'info' });
  if (before.is_external !== channel.is_external) {
    const body = channel.is_external ? TEAM_TEXTS.nowExternal(channel.name) : TEAM_TEXTS.noLongerExternal(channel.name);
    out.toasts.push({ title: TEAM_TEXTS.externalTitle, body, kind: 'info' });
  }
}

export function chaOutcome(data: ChaData, p: Projections, me: string | undefined): FrameOutcome {
  const out: FrameOutcome = { events: [], toasts: [] };
  const address = data.address ?? data.channel?.address;
  const need = (what: string): FrameOutcome => ({ events: [], toasts: [], rejection: `${data.action} without ${what}` });
  switch (data.action) {
    case 'add':
    case 'modify':
    case 'change':
    case 'change_company':
      if (!data.channel) return need('a channel');
      upsert(p, data.channel, out, data.action === 'modify');
      return out;
    case 'remove':
      if (!address) return need('an address');
      out.events.push({ type: 'channel.removed', address });
      return out;
    case 'member_added':
    case 'member_updated':
      if (!address || !data.member) return need('an address and a member');
      out.events.push({ type: 'team.member_upserted', address, member: data.member });
      // The member's own standing changed (e.g. made admin): the channel comes along.
      if (data.channel) upsert(p, data.channel, out, false);
      return out;
    case 'member_removed':
      if (!address || !data.target_user_guid) return need('an address and a target_user_guid');
      out.events.push(data.target_user_guid === me ? { type: 'channel.removed', address } : { type: 'team.member_removed', address, user_guid: data.target_user_guid });
      return out;
    case 'invite_added':
      if (!address || !data.invite) return need('an address and an invite');
      out.events.push({ type: 'team.invites_upserted', address, invites: [data.invite] });
      return out;
    case 'invite_removed':
      if (!address || !data.invite_guid) return need('an address and an invite_guid');
      out.events.push({ type: 'team.invite_removed', address, guid: data.invite_guid });
      return out;
  }
}

/**
 * BLO: blocked, the user loses every channel of the blocking company (spec 1
 * §4); the alert saying so is the server's (type 17, stored, so someone offline
 * still gets it). Reinstated: the channels come back with a refresh, which a
 * client alert (1004 'Access restored') asks for.
 */
export function bloOutcome(data: BloData, p: Projections): FrameOutcome {
  if (!data.is_blocked) return { events: [], toasts: [], reinstated: { company_guid: data.company_guid, company_name: data.company_name } };
  const events: DomainEvent[] = [];
  for (const [address, record] of p.channels.byAddress) {
    if (record.channel.company_guid === data.company_guid) events.push({ type: 'channel.removed', address });
  }
  return { events, toasts: [] };
}
