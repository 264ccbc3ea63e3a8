/**
 * Dialogs' unsaved forms, kept on the main thread for the page's life: closing a dialog without deciding —
 * Escape, its Close, a click elsewhere — loses nothing typed, and opening it again offers the form as it was
 * left. Saving it, or its Cancel, lets the form go. (The status dialog's forms are kept here too, by
 * status-drafts.ts; a conversation's text is a message draft, stored per conversation by drafts.ts.)
 *
 * Kept per user, so whoever signs in next on the same page never sees another's text, and in memory only:
 * these are short texts (a team's name and description, a list of addresses), not worth a store that outlives
 * the page — a reload drops them.
 */

export interface FormDrafts {
  /** The form `form` (a dialog's name, with what it is about: 'create-team', 'invite:{address}') that `user` left, if any. */
  get<T>(user: string, form: string): T | undefined;
  /** Keeps the form as it is now. */
  keep<T>(user: string, form: string, value: T): void;
  /** Lets the form go (saved, cancelled, or back to blank). */
  drop(user: string, form: string): void;
}

export function createFormDrafts(): FormDrafts {
  const byUser = new Map<string, Map<string, unknown>>();
  return {
    get: <T>(user: string, form: string) => byUser.get(user)?.get(form) as T | undefined,
    keep(user, form, value) {
      let mine = byUser.get(user);
      if (!mine) byUser.set(user, (mine = new Map()));
      mine.set(form, value);
    },
    drop(user, form) {
      byUser.get(user)?.delete(form);
    },
  };
}
