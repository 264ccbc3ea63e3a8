/**
 * The quick switcher (Ctrl/Cmd+K K, or "Jump to…"): type a few letters of a
 * conversation or a person, move with the arrow keys, Enter opens it, with
 * the keyboard in its composer. A
 * combobox with a listbox (WAI-ARIA combobox pattern, focus stays in the
 * input, the active option is announced through aria-activedescendant). The
 * worker ranks the list ($quickSwitch); this only shows it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { CHANNEL_GROUP_LABELS, type QuickSwitchItem } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { openWithKeyboardInComposer } from './composer-focus';
import { Dialog } from './Dialog';

const LIMIT = 20;

/** The name with its matched letters marked. */
function Highlighted({ name, matches }: { name: string; matches: number[] }) {
  if (matches.length === 0) return <>{name}</>;
  const marked = new Set(matches);
  const pieces: { text: string; mark: boolean }[] = [];
  for (let i = 0; i < name.length; i++) {
    const mark = marked.has(i);
    const last = pieces[pieces.length - 1];
    if (last && last.mark === mark) last.text += name[i];
    else pieces.push({ text: name[i]!, mark });
  }
  return (
    <>
      {pieces.map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </>
  );
}

function describe(item: QuickSwitchItem): string {
  if (item.kind === 'person') return item.email ? `Person · ${item.email}` : 'Person';
  const parts: string[] = [CHANNEL_GROUP_LABELS[item.group]];
  if (item.mentions > 0) parts.push(item.mentions === 1 ? '1 mention' : `${item.mentions} mentions`);
  if (item.unread > 0) parts.push(`${item.unread} unread`);
  return parts.join(' · ');
}

export function QuickSwitcher({ onClose }: { onClose: () => void }) {
  const { core, router } = usePlaza();
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<QuickSwitchItem[]>([]);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(0);
  /** The worker's latest answer: until it answers what is typed, the list is an earlier query's (and an answer may not be rendered yet). */
  const answer = useRef<{ query: string; items: QuickSwitchItem[] } | null>(null);
  /** Enter was pressed before the list answered what is typed: the first match opens when it does. */
  const enterPending = useRef(false);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  // Ask the worker on every change; a slower earlier answer never replaces a later one.
  useEffect(() => {
    const n = ++asked.current;
    core.$quickSwitch(query, LIMIT).then(
      (found) => {
        if (n !== asked.current) return;
        answer.current = { query, items: found };
        setItems(found);
        setActive(0);
        setError(null);
        if (enterPending.current) {
          enterPending.current = false;
          void choose(found[0]);
        }
      },
      (failure: unknown) => {
        if (n !== asked.current) return;
        enterPending.current = false;
        setError(`Could not search: ${failure instanceof Error ? failure.message : String(failure)}`);
      },
    );
    // choose is new each render; the query is what is asked about.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [core, query]);

  // The conversation chosen is where the keyboard goes, in its composer (as the skip link does): the control that
  // opened the switcher is elsewhere, or gone — the previous conversation's composer, the usual place of Ctrl+K K.
  // Rendered at once, so that the composer is there to take it.
  const open = (address: string): void => {
    openWithKeyboardInComposer(router, address, onClose);
  };

  const choose = async (item: QuickSwitchItem | undefined): Promise<void> => {
    if (!item) return;
    if (item.kind === 'conversation') return open(item.address);
    const result = await core.$startDirectMessage(item.user_guid);
    if (!result.ok) return setError(result.error.message);
    open(result.value.address);
  };

  // Escape, Tab, the focus moving in and back out are the dialog's (Dialog.tsx); focus stays in the field.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (items.length) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Typed (or pasted) faster than the worker answered: Enter means the first match of what is typed, not of
      // the earlier query still listed (another conversation) — it opens when the answer comes.
      if (answer.current?.query !== query) enterPending.current = true;
      else void choose(answer.current.items === items ? items[active] : answer.current.items[0]);
    }
  };

  return (
    <Dialog title="Jump to a conversation or person" heading={null} className="switcher" onClose={onClose} onKeyDown={onKeyDown}>
      <input
        type="text"
        role="combobox"
        aria-label="Conversation or person"
        aria-autocomplete="list"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-activedescendant={items.length ? optionId(active) : undefined}
        placeholder="Jump to…"
        value={query}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul id={listId} role="listbox" aria-label="Matches" className="switcher-list">
        {items.map((item, i) => (
          <li
            key={item.kind === 'person' ? `p:${item.user_guid}` : `c:${item.address}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'switcher-option active' : 'switcher-option'}
            onMouseMove={() => setActive(i)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void choose(item)}
          >
            <span className="switcher-name">
              <Highlighted name={item.name} matches={item.matches} />
            </span>{' '}
            <span className="switcher-detail">{describe(item)}</span>
          </li>
        ))}
      </ul>
      {items.length === 0 && query.trim() !== '' && <p className="empty">Nothing matches “{query.trim()}”.</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p className="hint">↑ ↓ to move, Enter to open, Esc to close</p>
    </Dialog>
  );
}
