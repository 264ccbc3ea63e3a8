/**
 * Posting rights (spec 1 §5), shared by the client (composer disabled with the
 * reason shown) and the server (refuses the post). The reasons' wording is not
 * in the spec; these are Plaza's.
 */
import type { Channel } from '../entities';

export type PostingSubject = Pick<Channel, 'name' | 'channel_type' | 'etype' | 'is_hr' | 'read_only' | 'is_member' | 'user_is_admin'>;
export type PostingRight = { allowed: true } | { allowed: false; reason: string };

export const POSTING_REASONS = {
  notMember: 'Join this conversation to post in it.',
  companyAdminsOnly: 'Only company admins can post in the company channel.',
  announcementAdminsOnly: 'Only the channel admin or a company admin can post announcements.',
  readOnly: 'This channel is read-only.',
  /** A direct message named after `name` (its other person), whom the user's company has blocked. */
  blockedPeer: (name: string) => `You can't send messages to ${name}: they are blocked from your company.`,
} as const;

/** What the rules need to know besides the channel and the user. */
export interface PostingFacts {
  /**
   * For a direct message: its other person is blocked as the user sees them (blocked by the user's company —
   * which took the conversation from them (spec 1 §4 "Blocking") — or in their own). A post would reach nobody.
   */
  peerBlocked?: boolean;
}

/** Whether a user may post in a channel, and if not, why. */
export function postingRight(channel: PostingSubject, user: { is_company_admin: boolean }, facts: PostingFacts = {}): PostingRight {
  const no = (reason: string): PostingRight => ({ allowed: false, reason });
  // Direct messages and tasks: posting is always allowed — save to a person blocked from the user's company, who
  // lost the conversation and would never see it (Plaza's reading: refused rather than sent into the void).
  if (channel.channel_type === 0) return facts.peerBlocked ? no(POSTING_REASONS.blockedPeer(channel.name)) : { allowed: true };
  if (channel.channel_type === 3) return { allowed: true };
  // Company channel: only company admins post.
  if (channel.channel_type === 2) return user.is_company_admin ? { allowed: true } : no(POSTING_REASONS.companyAdminsOnly);
  // Announcements: only the channel admin or a company admin.
  if (channel.etype === 'announcement') {
    return channel.user_is_admin || user.is_company_admin ? { allowed: true } : no(POSTING_REASONS.announcementAdminsOnly);
  }
  // Team or department: team admins always; a company admin may post in an hr department;
  // a member may post unless the channel is read-only.
  if (channel.user_is_admin) return { allowed: true };
  if (channel.is_hr && user.is_company_admin) return { allowed: true };
  if (!channel.is_member) return no(POSTING_REASONS.notMember);
  if (channel.read_only) return no(POSTING_REASONS.readOnly);
  return { allowed: true };
}
