/**
 * A form's fields, kept among the page's unsaved forms (form-drafts.ts) as they are typed: a dialog closed
 * without deciding, or a settings page left before sending, opens again with them. `discard` — for its Cancel,
 * or once saved — puts the form back to `blank` and lets it go. A form typed back to blank is let go as well.
 */
import { useState } from 'react';
import { usePlaza } from '../client/core-context';

const sameFields = <T extends object>(a: T, b: T): boolean => (Object.keys(b) as (keyof T)[]).every((k) => Object.is(a[k], b[k]));

export function useFormDraft<T extends object>(form: string, blank: T): [T, (change: Partial<T>) => void, () => void] {
  const { store, formDrafts } = usePlaza();
  // The form belongs to whoever was signed in when it opened; a dialog does not outlive a sign-out.
  const [user] = useState(() => store.session.peek().user?.guid ?? '');
  const [fields, setFields] = useState<T>(() => ({ ...blank, ...formDrafts.get<T>(user, form) }));
  const change = (patch: Partial<T>): void => {
    const next = { ...fields, ...patch };
    if (sameFields(next, blank)) formDrafts.drop(user, form);
    else formDrafts.keep(user, form, next);
    setFields(next);
  };
  const discard = (): void => {
    formDrafts.drop(user, form);
    setFields(blank);
  };
  return [fields, change, discard];
}
