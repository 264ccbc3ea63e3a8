/**
 * The conversation list: options (all / unread only, sort a–z / recent, how
 * many recent ones to show, mark all read), then the groups — mentions first —
 * virtualized as one flat list of headings and entries, so thousands of
 * conversations stay cheap. The rows are derived from the sorted groups by
 * ui/client/sidebar-model.ts.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, useState } from 'react';
import type { SidebarSort } from '../../protocol/events';
import type { ChannelEntryView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { conversationPath } from '../client/router';
import { sidebarRows, type SidebarRow } from '../client/sidebar-model';
import { Link } from './Link';
import { StartDmDialog } from './StartDmDialog';
import { fallbackRect, observeRectWithFallback } from './virtual-rect';

const ROW_HEIGHT = 32;
const rowHeight = (): number => ROW_HEIGHT;

/** The show_last choices; null is "all". */
export const SHOW_LAST_CHOICES: readonly (number | null)[] = [null, 10, 20, 50, 100, 200];

export interface SidebarProps {
  activeAddress: string | null;
  onOpenSwitcher(): void;
}

/** Memoized: it re-renders when the list or its props change, not with the rest of the shell. */
export const Sidebar = memo(function Sidebar({ activeAddress, onOpenSwitcher }: SidebarProps) {
  useSignals();
  const { store, core } = usePlaza();
  const prefs = store.preferences.value;
  const indexVersion = store.channelIndex.value;
  const rows: readonly SidebarRow[] = useMemo(() => sidebarRows(indexVersion.index, prefs, activeAddress), [indexVersion, prefs, activeAddress]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const newMessageRef = useRef<HTMLButtonElement>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);

  // Every row is ROW_HEIGHT tall and keyed by its position, so a patch that reorders or changes
  // entries (a burst of messages) costs no re-measuring: only a change of the row count does, O(rows).
  // Re-measuring 5,000 rows per patch was the main thread's largest cost during a burst (profiled).
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: rowHeight,
    overscan: 12,
    initialRect: fallbackRect(),
    observeElementRect: observeRectWithFallback,
  });

  const closeDialog = (): void => {
    setDialogOpen(false);
    newMessageRef.current?.focus();
  };

  const markRead = async (addresses: readonly string[] | undefined, what: string): Promise<void> => {
    setStatus(null);
    const result = await core.$markAllRead(addresses);
    if (!result.ok) setStatus({ error: true, text: `Could not mark ${what} read: ${result.error.message}` });
    else setStatus({ error: false, text: result.value.marked === 0 ? 'Nothing unread.' : `Marked ${result.value.marked} ${result.value.marked === 1 ? 'conversation' : 'conversations'} read.` });
  };

  const totalUnread = rows.reduce((n, r) => (r.kind === 'heading' ? n + r.unread : n), 0);

  return (
    <nav className="sidebar" aria-label="Conversations">
      <div className="sidebar-actions">
        <button type="button" ref={newMessageRef} aria-haspopup="dialog" onClick={() => setDialogOpen(true)}>
          New message
        </button>
        <button type="button" aria-haspopup="dialog" aria-keyshortcuts="Control+K K Meta+K K" onClick={onOpenSwitcher}>
          Jump to…
        </button>
      </div>
      <div className="sidebar-tools" role="group" aria-label="List options">
        <div className="segmented" role="group" aria-label="Filter">
          <button type="button" aria-pressed={prefs.tab === 'all'} onClick={() => void core.$setSidebar({ tab: 'all' })}>
            All
          </button>
          <button type="button" aria-pressed={prefs.tab === 'unread'} onClick={() => void core.$setSidebar({ tab: 'unread' })}>
            Unread
          </button>
        </div>
        <label className="tool">
          <span>Sort</span>
          <select value={prefs.sort} onChange={(e) => void core.$setSidebar({ sort: e.target.value as SidebarSort })}>
            <option value="az">A–Z</option>
            <option value="recent">Recent</option>
          </select>
        </label>
        <label className="tool">
          <span>Show</span>
          <select
            value={prefs.showLast[prefs.sort] ?? 'all'}
            onChange={(e) => void core.$setShowLast(prefs.sort, e.target.value === 'all' ? null : Number(e.target.value))}
          >
            {SHOW_LAST_CHOICES.map((n) => (
              <option key={n ?? 'all'} value={n ?? 'all'}>
                {n === null ? 'All' : `Last ${n}`}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="mark-all" disabled={totalUnread === 0} onClick={() => void markRead(undefined, 'everything')}>
          Mark all read
        </button>
      </div>
      {status && (
        <p className={status.error ? 'sidebar-status error' : 'sidebar-status'} role={status.error ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
      <div ref={scrollRef} className="sidebar-scroller">
        {rows.length === 0 && <p className="empty">{prefs.tab === 'unread' ? 'No unread conversations.' : 'No conversations yet.'}</p>}
        <div className="sidebar-list" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <div key={item.key} className="sidebar-row" style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
                {row.kind === 'heading' ? (
                  <div className="group-heading-row">
                    <h2 className="group-heading">{row.label}</h2>
                    {row.unread > 0 && (
                      <button type="button" className="group-mark" aria-label={`Mark ${row.label} read`} onClick={() => void markRead(row.entries.map((e) => e.address), row.label)}>
                        Mark read
                      </button>
                    )}
                  </div>
                ) : (
                  <ChannelLink entry={row.entry} active={row.entry.address === activeAddress} />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {dialogOpen && <StartDmDialog onClose={closeDialog} />}
    </nav>
  );
});

/** One conversation; re-rendered only when its entry or active state changes. */
const ChannelLink = memo(function ChannelLink({ entry, active }: { entry: ChannelEntryView; active: boolean }) {
  const unread = entry.unread > 0;
  const classes = ['channel-link'];
  if (unread) classes.push('unread');
  if (active) classes.push('active');
  return (
    <Link href={conversationPath(entry.address)} className={classes.join(' ')} aria-current={active ? 'page' : undefined} title={entry.preview || undefined}>
      <span className="channel-name">{entry.name}</span>
      {/* The spaces keep the accessible name "Design 12 unread", not "Design12 unread". */}
      {entry.mentions > 0 && ' '}
      {entry.mentions > 0 && (
        <span className="mention-badge" aria-label={entry.mentions === 1 ? '1 mention' : `${entry.mentions} mentions`}>
          @
        </span>
      )}
      {unread && ' '}
      {unread && (
        <span className="badge" aria-label={`${entry.unread} unread`}>
          {entry.unread}
        </span>
      )}
    </Link>
  );
});
