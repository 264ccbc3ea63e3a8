/** Who is offered as someone to contact: "Blocked users are excluded from contacts and searches" (spec 2 §5, spec 3 §5). */
import type { UserView } from '../../protocol/views';

/**
 * Whether a person of the directory is offered in the lists of people to contact — "New message", the People
 * directory, @-mention suggestions: not while blocked (in their own company, or by the user's). Their direct
 * message, if they have one, stays in the sidebar and readable; the quick switcher and the people searches
 * leave them out in the worker (projections/views/quick-switch.ts, people-view.ts contactResults).
 */
export function isContact(user: UserView): boolean {
  return !isBlocked(user);
}

/** Whether a person shows as blocked (spec 3 §4.1): in their own company, or by the user's — their status says so. */
export function isBlocked(user: UserView | undefined): boolean {
  return user?.status === 'Blocked';
}
