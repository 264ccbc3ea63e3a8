/**
 * The conversation list: the user's folders (collapsible, with unread totals)
 * and the kind groups in the worker's order, virtualized as one flat list of
 * rows (thousands of channels stay cheap). Each conversation and folder has a
 * menu of actions, so nothing depends on dragging.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ChannelEntryView, FolderView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { BROWSE_TEAMS_PATH, conversationPath, FLAGGED_PATH } from '../client/router';
import { CreateTeamDialog } from './CreateTeamDialog';
import { FolderNameDialog, MoveToFolderDialog } from './FolderDialogs';
import { ConfirmDialog } from './ConfirmDialog';
import type { ChannelGroupView } from '../client/view-store';
import { Link } from './Link';
import { Menu } from './Menu';
import { sidebarRows } from './sidebar-rows';
import { StartDmDialog } from './StartDmDialog';
import { fallbackRect, observeRectWithFallback } from './virtual-rect';

type Open =
  | { kind: 'dm' }
  | { kind: 'team' }
  | { kind: 'new-folder'; parent: FolderView | null }
  | { kind: 'rename-folder'; folder: FolderView }
  | { kind: 'move-folder'; folder: FolderView }
  | { kind: 'delete-folder'; folder: FolderView }
  | { kind: 'move-channel'; entry: ChannelEntryView }
  | null;

export function Sidebar({ activeAddress, flaggedActive = false }: { activeAddress: string | null; flaggedActive?: boolean }) {
  useSignals();
  const { store, core, router } = usePlaza();
  const groups = store.channelGroups.value;
  const folders = store.folders.value;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => sidebarRows(groups, folders, collapsed), [groups, folders, collapsed]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<Open>(null);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'heading' ? 36 : 32),
    getItemKey: (i) => rows[i]!.key,
    overscan: 12,
    initialRect: fallbackRect(),
    observeElementRect: observeRectWithFallback,
  });

  const setExpanded = (guid: string, expanded: boolean): void =>
    setCollapsed((prev) => {
      if (expanded === !prev.has(guid)) return prev;
      const next = new Set(prev);
      if (expanded) next.delete(guid);
      else next.add(guid);
      return next;
    });

  const close = (): void => {
    setOpen(null);
    actionsRef.current?.querySelector<HTMLElement>('button')?.focus();
  };

  const folderMenu = (folder: FolderView) => [
    { label: 'Rename…', onSelect: () => setOpen({ kind: 'rename-folder', folder }) },
    { label: 'New subfolder…', onSelect: () => setOpen({ kind: 'new-folder', parent: folder }) },
    { label: 'Move to…', onSelect: () => setOpen({ kind: 'move-folder', folder }) },
    { label: 'Delete…', onSelect: () => setOpen({ kind: 'delete-folder', folder }) },
  ];

  return (
    <nav className="sidebar" aria-label="Conversations">
      <div className="sidebar-actions" ref={actionsRef}>
        <button type="button" aria-haspopup="dialog" onClick={() => setOpen({ kind: 'dm' })}>
          New message
        </button>
        <button type="button" aria-haspopup="dialog" onClick={() => setOpen({ kind: 'team' })}>
          New team
        </button>
        <button type="button" onClick={() => router.navigate(BROWSE_TEAMS_PATH)}>
          Browse teams
        </button>
        <button type="button" aria-haspopup="dialog" onClick={() => setOpen({ kind: 'new-folder', parent: null })}>
          New folder
        </button>
        <Link href={FLAGGED_PATH} className={flaggedActive ? 'flagged-link active' : 'flagged-link'} aria-current={flaggedActive ? 'page' : undefined}>
          Flagged messages
        </Link>
      </div>
      <div ref={scrollRef} className="sidebar-scroller">
        {rows.length === 0 && <p className="empty">No conversations yet.</p>}
        <div className="sidebar-list" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <div key={item.key} className="sidebar-row" style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
                {row.kind === 'heading' && <h2 className="group-heading">{row.label}</h2>}
                {row.kind === 'folder' && (
                  <FolderRow folder={row.folder} expanded={row.expanded} onExpand={(e) => setExpanded(row.folder.guid, e)} menu={folderMenu(row.folder)} />
                )}
                {row.kind === 'entry' && (
                  <ChannelRow
                    entry={row.entry}
                    depth={row.depth}
                    active={row.entry.address === activeAddress}
                    onMove={() => setOpen({ kind: 'move-channel', entry: row.entry })}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {open?.kind === 'dm' && <StartDmDialog onClose={close} />}
      {open?.kind === 'team' && <CreateTeamDialog onClose={close} />}
      {open?.kind === 'new-folder' && (
        <FolderNameDialog
          title={open.parent ? `New folder in ${open.parent.name}` : 'New folder'}
          submitLabel="Create"
          onSubmit={(name) => core.$createFolder(name, open.parent?.guid ?? null)}
          onClose={close}
        />
      )}
      {open?.kind === 'rename-folder' && (
        <FolderNameDialog title={`Rename ${open.folder.name}`} initial={open.folder.name} submitLabel="Rename" onSubmit={(name) => core.$renameFolder(open.folder.guid, name)} onClose={close} />
      )}
      {open?.kind === 'move-folder' && (
        <MoveToFolderDialog
          title={`Move ${open.folder.name} to…`}
          current={open.folder.parent_guid}
          exclude={open.folder.guid}
          onMove={(to) => core.$moveFolder(open.folder.guid, to)}
          onClose={close}
        />
      )}
      {open?.kind === 'delete-folder' && (
        <ConfirmDialog
          title={`Delete ${open.folder.name}?`}
          message="Its conversations and folders move up one level. Nothing else is deleted."
          confirmLabel="Delete folder"
          onConfirm={() => core.$deleteFolder(open.folder.guid)}
          onClose={close}
        />
      )}
      {open?.kind === 'move-channel' && (
        <MoveToFolderDialog
          title={`Move ${open.entry.name} to folder`}
          current={open.entry.folder}
          onMove={(to) => core.$moveChannelToFolder(open.entry.address, to)}
          onClose={close}
        />
      )}
    </nav>
  );
}

function FolderRow({ folder, expanded, onExpand, menu }: { folder: FolderView; expanded: boolean; onExpand: (expanded: boolean) => void; menu: { label: string; onSelect: () => void }[] }) {
  const unread = folder.unread > 0;
  // Arrow keys as in a tree: right opens, left closes; Enter and Space toggle (it is a button).
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>): void => {
    if (e.key === 'ArrowRight' && !expanded) {
      e.preventDefault();
      onExpand(true);
    } else if (e.key === 'ArrowLeft' && expanded) {
      e.preventDefault();
      onExpand(false);
    }
  };
  return (
    <div className="folder-row" style={{ paddingLeft: `${0.5 + folder.depth * 1}rem` }}>
      <button type="button" className={`folder-toggle${unread ? ' unread' : ''}`} aria-expanded={expanded} onClick={() => onExpand(!expanded)} onKeyDown={onKeyDown}>
        <span className="folder-caret" aria-hidden="true">
          {expanded ? '▾' : '▸'}
        </span>
        <span className="channel-name">{folder.name}</span>
        {unread && ' '}
        {unread && (
          <span className="badge" aria-label={`${folder.unread} unread`}>
            {folder.unread}
          </span>
        )}
      </button>
      <Menu label={`Folder actions for ${folder.name}`} items={menu} />
    </div>
  );
}

function ChannelRow({ entry, depth, active, onMove }: { entry: ChannelEntryView; depth: number; active: boolean; onMove: () => void }) {
  const unread = entry.unread > 0;
  const classes = ['channel-link'];
  if (unread) classes.push('unread');
  if (active) classes.push('active');
  return (
    <div className="channel-row" style={depth ? { paddingLeft: `${depth * 1}rem` } : undefined}>
      <Link href={conversationPath(entry.address)} className={classes.join(' ')} aria-current={active ? 'page' : undefined} title={entry.preview || undefined}>
        <span className="channel-name">{entry.name}</span>
        {/* The space keeps the accessible name "Design 12 unread", not "Design12 unread". */}
        {unread && ' '}
        {unread && (
          <span className="badge" aria-label={`${entry.unread} unread`}>
            {entry.unread}
          </span>
        )}
      </Link>
      <Menu label={`Actions for ${entry.name}`} items={[{ label: 'Move to folder…', onSelect: onMove }]} />
    </div>
  );
}
