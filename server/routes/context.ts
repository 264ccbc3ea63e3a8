/** What every route module shares: its dependencies, the handler types, the messages it answers with. */
import type { z } from 'zod';
import type { EndpointName, Endpoints, ResponseBodyOf } from '../../protocol/rest/endpoints';
import { getMembership, type Membership } from '../channel-store';
import type { Database } from '../db';
import { reject } from '../http-util';
import type { WelcomeBot } from '../bot/welcome-bot';
import type { Presence } from '../presence';
import type { SocketHub } from '../socket-hub';
import type { UserRow } from '../user-store';

export const MESSAGES = {
  badCredentials: 'The email or password is incorrect.',
  notSignedIn: 'Not signed in',
  noChannel: 'No channel found',
  noMessage: 'No message found',
  notFound: 'Not found',
  deleteOwnOnly: 'You can only delete your own messages.',
  selfConversation: 'You cannot start a conversation with yourself.',
  noUser: 'No such user in your company.',
  /** conversations/start with someone who is neither a colleague, a connection nor the other person of a direct message. */
  noContact: 'You can start a direct message only with people of your company and your connections.',
  blockedByTheirCompany: (company: string) => `You have been blocked from company ${company}.`,
  emptyMessage: 'The message is empty.',
  clientGuidReused: 'This client_guid was already used for a message in another channel.',
} as const;

export type SecureName = Exclude<EndpointName, 'login'>;
export type RequestBody<N extends EndpointName> = z.output<Endpoints[N]['request']>;
/** The session a secure call came with (its login guid, which the headers named and the server checked). */
export interface CallSession {
  login_guid: string;
}
export type Handler<N extends SecureName> = (user: UserRow, body: RequestBody<N>, session: CallSession) => Promise<ResponseBodyOf<N>>;
/** Handlers for a family of secure endpoints. */
export type Handlers<N extends SecureName> = { [K in N]: Handler<K> };

/** What env_data reports (spec 1 §4 version-upgrade rule); both default to this build's version. */
export interface ServerVersions {
  server_version: string;
  latest_release: string;
}

export interface RouteDeps {
  db: Database;
  hub: SocketHub;
  versions?: ServerVersions;
  /** Broadcasts a user's presence (NOS) after their custom status changed. */
  presence: Presence;
  /** The welcome bot: post_as_bot, and answers in the bot's DM. */
  bot: WelcomeBot;
  /** The server's log (e.g. the local server notes the emails it would send). */
  log?: (line: string) => void;
}

/** The user's membership of the channel at `address`; otherwise 404 'No channel found' (membership does not leak). */
export async function memberChannel(db: Database, user: UserRow, address: string): Promise<Membership> {
  const channel = await getMembership(db, user.guid, address);
  if (!channel) throw reject(404, MESSAGES.noChannel);
  return channel;
}
