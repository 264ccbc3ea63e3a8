/** Message frames, server to client: new messages, deletions, reaction changes. */
import { z } from 'zod';
import { Message, Reaction } from '../entities';

const guid = z.string().min(1).max(200);
/** The message's change sequence after this change (see MessageWire.change_seq). */
const changeSeq = z.number().int().nonnegative().optional();

/** MSG: a message was posted in a channel the user belongs to. */
export const MsgFrame = z.object({ message: Message });
/** DEL: a message was deleted. `from_guid` and `created` let unread counters decide without the message at hand. */
export const DelFrame = z.object({
  address: guid,
  guid,
  from_guid: guid.optional(),
  created: z.number().int().nonnegative().optional(),
  reply_to: guid.nullable().optional(),
  change_seq: changeSeq,
});
/** REA: the full reaction list of a message after a change. */
export const ReaFrame = z.object({ address: guid, guid, reactions: z.array(Reaction).max(10_000), change_seq: changeSeq });
/**
 * FAV: the user flagged or unflagged a message (flags are per user, so only the
 * flagging user's own sockets get it, to keep their other devices in step). 0 is off.
 */
export const FavFrame = z.object({ address: guid, guid, flag: z.number().int().min(0).max(12) });
