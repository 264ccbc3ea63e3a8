/**
 * The emoji picker: a modal dialog with a search by short code or name, the
 * skin tone, and grids (Recent — the worker's top 36 by use — then all emoji)
 * navigated with the arrow keys, Home and End (one tab stop per grid).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { EMOJI, emojiEntry, SKIN_TONES, withSkinTone } from '../../protocol/emoji';
import { usePlaza } from '../client/core-context';
import { Dialog } from './Dialog';

const COLUMNS = 8;

interface Cell {
  emoji: string;
  label: string;
}

export interface EmojiPickerProps {
  /** The dialog's name, e.g. "Add reaction" or "Insert emoji". */
  label: string;
  onPick(emoji: string): void;
  onClose(): void;
}

function cellOf(emoji: string, tone: number): Cell {
  const entry = emojiEntry(emoji);
  const shown = withSkinTone(emoji, tone);
  return { emoji: shown, label: entry ? `${entry.name} :${entry.code}:` : emoji };
}

export function EmojiPicker({ label, onPick, onClose }: EmojiPickerProps) {
  useSignals();
  const { store, core } = usePlaza();
  const [query, setQuery] = useState('');
  const dialogRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const { skinTone, recent } = store.messageSettings.value;
  const toneName = useId();

  useEffect(() => {
    searchRef.current?.focus();
  }, []);

  const needle = query.trim().toLowerCase().replace(/^:|:$/g, '');
  const all = useMemo(() => {
    const matching = needle === '' ? EMOJI : EMOJI.filter((e) => e.code.includes(needle) || e.aliases.some((a) => a.includes(needle)) || e.name.toLowerCase().includes(needle));
    return matching.map((e) => cellOf(e.emoji, skinTone));
  }, [needle, skinTone]);
  const recentCells = needle === '' ? recent.map((e) => cellOf(e, skinTone)) : [];

  const pick = (emoji: string): void => {
    onPick(emoji);
    onClose();
  };

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      dialogRef.current?.querySelector<HTMLButtonElement>('[role="grid"] button[tabindex="0"]')?.focus();
    } else if (e.key === 'Enter' && all[0]) {
      e.preventDefault();
      pick(all[0].emoji);
    }
  };

  return (
    <Dialog title={label} className="emoji-picker" onClose={onClose} dialogRef={dialogRef}>
      <label className="field">
        <span>Search emoji</span>
        <input ref={searchRef} type="search" value={query} autoComplete="off" placeholder=":short_code: or name" onChange={(e) => setQuery(e.target.value)} onKeyDown={onSearchKey} />
      </label>
      <fieldset className="skin-tones">
        <legend>Skin tone</legend>
        {SKIN_TONES.map((t) => (
          <label key={t.tone} className="skin-tone" title={t.label}>
            <input type="radio" name={toneName} checked={skinTone === t.tone} onChange={() => void core.$setSkinTone(t.tone)} aria-label={t.label} />
            <span aria-hidden="true">{t.swatch}</span>
          </label>
        ))}
      </fieldset>
      <div className="emoji-grids">
        {recentCells.length > 0 && <EmojiGrid label="Recent" cells={recentCells} onPick={pick} />}
        {all.length > 0 ? (
          <EmojiGrid label={needle === '' ? 'All emoji' : 'Search results'} cells={all} onPick={pick} />
        ) : (
          <p className="empty">No emoji match “{query.trim()}”.</p>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

/** One grid of emoji: rows of 8, a single tab stop, arrows/Home/End move, Enter or Space picks. */
function EmojiGrid({ label, cells, onPick }: { label: string; cells: Cell[]; onPick(emoji: string): void }) {
  const [active, setActive] = useState(0);
  const gridRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const current = Math.min(active, cells.length - 1);

  const move = (e: KeyboardEvent<HTMLDivElement>): void => {
    const last = cells.length - 1;
    const next: Record<string, number> = {
      ArrowRight: Math.min(last, current + 1),
      ArrowLeft: Math.max(0, current - 1),
      ArrowDown: Math.min(last, current + COLUMNS),
      ArrowUp: Math.max(0, current - COLUMNS),
      Home: e.ctrlKey ? 0 : current - (current % COLUMNS),
      End: e.ctrlKey ? last : Math.min(last, current - (current % COLUMNS) + COLUMNS - 1),
    };
    const to = next[e.key];
    if (to === undefined) return;
    e.preventDefault();
    setActive(to);
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-index="${to}"]`)?.focus();
  };

  const rows: Cell[][] = [];
  for (let i = 0; i < cells.length; i += COLUMNS) rows.push(cells.slice(i, i + COLUMNS));

  return (
    <section className="emoji-section">
      <h3 id={headingId}>{label}</h3>
      <div ref={gridRef} role="grid" aria-labelledby={headingId} className="emoji-grid" onKeyDown={move}>
        {rows.map((row, r) => (
          <div role="row" key={r} className="emoji-row">
            {row.map((cell, c) => {
              const index = r * COLUMNS + c;
              return (
                <div role="gridcell" key={index}>
                  <button
                    type="button"
                    className="emoji-cell"
                    data-index={index}
                    tabIndex={index === current ? 0 : -1}
                    aria-label={cell.label}
                    title={cell.label}
                    onFocus={() => setActive(index)}
                    onClick={() => onPick(cell.emoji)}
                  >
                    {cell.emoji}
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}
