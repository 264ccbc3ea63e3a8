/** Connect links (spec 2 §3, §9): create one (7 days and 10 uses by default), share or delete it, or use someone's. */
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  CONNECT_LINK_CLICKS_MESSAGE,
  CONNECT_LINK_CLICKS_RANGE,
  CONNECT_LINK_MAX_CLICKS,
  CONNECT_LINK_TTL_RANGE,
  CONNECT_LINK_TTL_SECONDS,
} from '../../protocol/connect-link-limits';
import { usePlaza } from '../client/core-context';
import { openWithKeyboardInComposer } from './composer-focus';
import { blameProps } from './field-error';

const DAY = 86_400;
/**
 * The lifetime field is in whole days: 1 to 30. (A link may last from an hour, but the form offers whole days,
 * so the protocol's "at least an hour" would not be what the field asks.)
 */
const MIN_DAYS = Math.max(1, Math.ceil(CONNECT_LINK_TTL_RANGE.min / DAY));
const MAX_DAYS = Math.floor(CONNECT_LINK_TTL_RANGE.max / DAY);

/** The create form's fields, as a message blames them; null: the form as a whole (a server refusal). */
type CreateField = 'days' | 'uses';
/** The worker's name for each field's value (its failures name the request's member). */
const FIELD_OF_MEMBER: Record<string, CreateField> = { ttl_seconds: 'days', max_clicks: 'uses' };

/** A whole number from lo to hi, as typed; null otherwise (empty included: the fields are not required). */
function wholeIn(typed: string, lo: number, hi: number): number | null {
  const n = Number(typed);
  return typed.trim() !== '' && Number.isInteger(n) && n >= lo && n <= hi ? n : null;
}

export function ConnectLinks({ initialLink }: { initialLink?: string | undefined }) {
  useSignals();
  const { store, core, router } = usePlaza();
  const [days, setDays] = useState(String(CONNECT_LINK_TTL_SECONDS / DAY));
  const [uses, setUses] = useState(String(CONNECT_LINK_MAX_CLICKS));
  const [createError, setCreateError] = useState<{ message: string; field: CreateField | null } | null>(null);
  const [link, setLink] = useState(initialLink ? `${window.location.origin}/connect/${encodeURIComponent(initialLink)}` : '');
  const [useError, setUseError] = useState<string | null>(null);
  const createErrorId = useId();
  const useErrorId = useId();
  const fieldRefs = { days: useRef<HTMLInputElement>(null), uses: useRef<HTMLInputElement>(null) };
  const linkRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const links = store.people.value.links;

  /** Shows a message, blaming a field (which gets the keyboard, to be corrected) or the form. */
  const refuse = (message: string, field: CreateField | null): void => {
    setCreateError({ message, field });
    if (field) fieldRefs[field].current?.focus();
  };

  const create = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (creating) return;
    // Each field is told here, in its own unit, with what to type: an empty one too (the fields are not required).
    const lifetime = wholeIn(days, MIN_DAYS, MAX_DAYS);
    if (lifetime === null) return refuse(`A link lasts ${MIN_DAYS} to ${MAX_DAYS} days.`, 'days');
    const clicks = wholeIn(uses, CONNECT_LINK_CLICKS_RANGE.min, CONNECT_LINK_CLICKS_RANGE.max);
    if (clicks === null) return refuse(CONNECT_LINK_CLICKS_MESSAGE, 'uses');
    setCreateError(null);
    // One link per press: a second click (or Enter) while the first is on its way would make another.
    setCreating(true);
    let result;
    try {
      result = await core.$createConnectLink({ ttl_seconds: lifetime * DAY, max_clicks: clicks });
    } finally {
      setCreating(false);
    }
    if (!result.ok) refuse(result.error.message, FIELD_OF_MEMBER[result.error.field ?? ''] ?? null);
  };

  // The message was about what was typed before: once the field is edited it goes, rather than stay on screen
  // about a value no longer there.
  const edit = (set: (value: string) => void, value: string): void => {
    set(value);
    setCreateError(null);
  };

  const use = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setUseError(null);
    const result = await core.$useConnectLink(link);
    setBusy(false);
    if (!result.ok) {
      // Server refusals are told by a toast; a field that is not a link is told here.
      if (result.error.field === 'link') setUseError(result.error.message);
      // Connect was disabled while the link was on its way, which may have dropped the focus: back to the field.
      if (document.activeElement === null || document.activeElement === document.body) linkRef.current?.focus();
      return;
    }
    const address = result.value.address;
    if (!address) {
      // A request sent (the toast says so): the field, emptied, keeps the keyboard for another link — the
      // Connect button it was on is disabled while the field is empty, and a disabled button drops the focus.
      setLink('');
      linkRef.current?.focus();
      return;
    }
    // A conversation to go to: the keyboard goes to its composer, as from "New message".
    openWithKeyboardInComposer(router, address, () => setLink(''));
  };

  const copy = async (clGuid: string, url: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(clGuid);
    } catch {
      setCopied(null);
    }
  };

  return (
    <>
      <section aria-labelledby="links-heading">
        <h2 id="links-heading">Connect links</h2>
        <p className="hint">Share a link to connect with someone. Colleagues who use it land in a conversation with you; people of other companies send you a request.</p>
        {/* noValidate: the browser's own check would block 0 or 31 with a tooltip of its own, tied to nothing; the
            form's message says the range, beside the field it blames. */}
        <form noValidate className="inline-form" aria-label="Create a connect link" onSubmit={(e) => void create(e)}>
          <label className="field">
            <span>Lifetime in days</span>
            <input
              ref={fieldRefs.days}
              type="number"
              min={MIN_DAYS}
              max={MAX_DAYS}
              value={days}
              onChange={(e) => edit(setDays, e.target.value)}
              {...blameProps(createError?.field === 'days', createErrorId)}
            />
          </label>
          <label className="field">
            <span>Number of uses</span>
            <input
              ref={fieldRefs.uses}
              type="number"
              min={CONNECT_LINK_CLICKS_RANGE.min}
              max={CONNECT_LINK_CLICKS_RANGE.max}
              value={uses}
              onChange={(e) => edit(setUses, e.target.value)}
              {...blameProps(createError?.field === 'uses', createErrorId)}
            />
          </label>
          <button type="submit" className="primary" disabled={creating}>
            Create link
          </button>
        </form>
        {createError && (
          <p id={createErrorId} role="alert" className="error">
            {createError.message}
          </p>
        )}
        {links.length > 0 && (
          <ul className="links" aria-label="Your connect links">
            {links.map((l) => {
              const url = `${window.location.origin}${l.path}`;
              const expired = l.usedUp || l.expires <= Date.now();
              return (
                <li key={l.cl_guid}>
                  <label className="field">
                    <span>Link {l.code}</span>
                    <input readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
                  </label>
                  <span className="hint">
                    {expired ? 'No longer works' : `Used ${l.clicks} of ${l.max_clicks} times, until ${new Date(l.expires).toLocaleDateString()}`}
                  </span>
                  <button type="button" aria-label={`Copy link ${l.code}`} onClick={() => void copy(l.cl_guid, url)}>
                    {copied === l.cl_guid ? 'Copied' : 'Copy'}
                  </button>
                  <button type="button" className="danger" aria-label={`Delete link ${l.code}`} onClick={() => void core.$deleteConnectLink(l.cl_guid)}>
                    Delete
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="use-link-heading">
        <h2 id="use-link-heading">Use a connect link</h2>
        <form className="inline-form" aria-label="Use a connect link" onSubmit={(e) => void use(e)}>
          <label className="field">
            <span>Connect link</span>
            <input ref={linkRef} value={link} onChange={(e) => setLink(e.target.value)} placeholder="https://…/connect/…" {...blameProps(useError !== null, useErrorId)} />
          </label>
          <button type="submit" className="primary" disabled={busy || link.trim() === ''}>
            Connect
          </button>
        </form>
        {useError && (
          <p id={useErrorId} role="alert" className="error">
            {useError}
          </p>
        )}
      </section>
    </>
  );
}
