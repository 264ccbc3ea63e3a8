/**
 * The conversation list: groups in the worker's order, virtualized as one
 * flat list of group headings and entries (thousands of channels stay cheap).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import type { ChannelEntryView, ChannelGroup } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { conversationPath } from '../client/router';
import type { ChannelGroupView } from '../client/view-store';
import { Link } from './Link';
import { StartDmDialog } from './StartDmDialog';
import { fallbackRect, observeRectWithFallback } from './virtual-rect';

type Row = { kind: 'heading'; group: ChannelGroup; label: string } | { kind: 'entry'; entry: ChannelEntryView };

function flatten(groups: ChannelGroupView[]): Row[] {
  const rows: Row[] = [];
  for (const g of groups) {
    rows.push({ kind: 'heading', group: g.group, label: g.label });
    for (const entry of g.entries) rows.push({ kind: 'entry', entry });
  }
  return rows;
}

export function Sidebar({ activeAddress }: { activeAddress: string | null }) {
  useSignals();
  const { store } = usePlaza();
  const groups = store.channelGroups.value;
  const rows = useMemo(() => flatten(groups), [groups]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const newMessageRef = useRef<HTMLButtonElement>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'heading' ? 36 : 32),
    getItemKey: (i) => {
      const row = rows[i]!;
      return row.kind === 'heading' ? `group:${row.group}` : `channel:${row.entry.address}`;
    },
    overscan: 12,
    initialRect: fallbackRect(),
    observeElementRect: observeRectWithFallback,
  });

  const closeDialog = (): void => {
    setDialogOpen(false);
    newMessageRef.current?.focus();
  };

  return (
    <nav className="sidebar" aria-label="Conversations">
      <div className="sidebar-actions">
        <button type="button" ref={newMessageRef} aria-haspopup="dialog" onClick={() => setDialogOpen(true)}>
          New message
        </button>
      </div>
      <div ref={scrollRef} className="sidebar-scroller">
        {rows.length === 0 && <p className="empty">No conversations yet.</p>}
        <div className="sidebar-list" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <div key={item.key} className="sidebar-row" style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
                {row.kind === 'heading' ? (
                  <h2 className="group-heading">{row.label}</h2>
                ) : (
                  <ChannelLink entry={row.entry} active={row.entry.address === activeAddress} muted={store.channelNotify.value.get(row.entry.address)?.mute.kind != null} />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {dialogOpen && <StartDmDialog onClose={closeDialog} />}
    </nav>
  );
}

function ChannelLink({ entry, active, muted }: { entry: ChannelEntryView; active: boolean; muted: boolean }) {
  const unread = entry.unread > 0;
  const classes = ['channel-link'];
  if (unread) classes.push('unread');
  if (active) classes.push('active');
  return (
    <Link href={conversationPath(entry.address)} className={classes.join(' ')} aria-current={active ? 'page' : undefined} title={entry.preview || undefined}>
      <span className="channel-name">{entry.name}</span>
      {muted && (
        <span className="muted-mark" role="img" aria-label="muted">
          {' '}
          🔕
        </span>
      )}
      {/* The space keeps the accessible name "Design 12 unread", not "Design12 unread". */}
      {unread && ' '}
      {unread && (
        <span className="badge" aria-label={`${entry.unread} unread`}>
          {entry.unread}
        </span>
      )}
    </Link>
  );
}
