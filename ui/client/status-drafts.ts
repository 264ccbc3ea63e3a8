/**
 * The status dialog's unsaved forms (adding a status, editing one), kept on the main thread for the page's
 * life: closing the dialog — Close, Escape, a click elsewhere — loses nothing typed, and reopening the
 * dialog and then the form offers it again. A form goes when it is saved or cancelled.
 *
 * Kept per user, so that whoever signs in next on the same page never sees another's text; kept in memory
 * only. Unlike a message draft (drafts.ts), a status form is not a conversation's text: it has an icon,
 * a colour and the status it edits, and would be out of place among the drafts stored per conversation
 * address (the Drafts view lists those). A reload drops it — a status text is at most 100 characters.
 */
import type { StatusColor, StatusIcon } from '../../protocol/custom-status-values';
import { createFormDrafts, type FormDrafts } from './form-drafts';

/** A status form as it was left. */
export interface StatusDraft {
  /** The icon of the status being edited; null when adding. */
  editing: StatusIcon | null;
  icon: StatusIcon;
  text: string;
  color: StatusColor;
}

/** Which form a draft is: the status it edits, or 'new'. */
export const statusDraftKey = (draft: Pick<StatusDraft, 'editing'>): string => draft.editing ?? 'new';

export interface StatusDrafts {
  /** The form for `key` (statusDraftKey) that `user` left, if any. */
  get(user: string, key: string): StatusDraft | undefined;
  /** Keeps a form as it is now, replacing the one kept for the same status. */
  keep(user: string, draft: StatusDraft): void;
  /** Forgets the form for `key` (saved, cancelled, its status deleted). */
  drop(user: string, key: string): void;
}

/** The status forms, kept among the page's other unsaved forms (form-drafts.ts) under 'status:{key}'. */
export function createStatusDrafts(forms: FormDrafts = createFormDrafts()): StatusDrafts {
  const form = (key: string): string => `status:${key}`;
  return {
    get: (user, key) => forms.get<StatusDraft>(user, form(key)),
    keep: (user, draft) => forms.keep(user, form(statusDraftKey(draft)), draft),
    drop: (user, key) => forms.drop(user, form(key)),
  };
}
