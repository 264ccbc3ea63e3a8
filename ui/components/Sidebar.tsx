/**
 * The conversation list: actions (new message, team, folder, jump to…), the links to the Flagged messages and
 * Drafts pages (the latter with how many drafts there are),
 * options (all / unread only, sort a–z / recent, how many recent ones to show,
 * mark all read), then mentions first, the user's folders (collapsible, with
 * unread totals) and the kind groups — virtualized as one flat list of rows,
 * so thousands of conversations stay cheap. The rows are derived from the
 * sorted groups by ui/client/sidebar-model.ts. Each conversation, folder and
 * group has its actions in a menu or a button, so nothing depends on dragging.
 *
 * The list is one Tab stop (roving-tab-stop.ts): the open conversation, else the first row; ↑/↓ move between
 * conversations, folders and the groups' "Mark read", Home/End to the first and last, ←/→ close and open a
 * folder, and Tab goes on to the row's menu. All 4,000 rows are reachable so, though only a screenful is rendered.
 */
import { useComputed, useSignals } from '@preact/signals-react/runtime';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { SidebarSort } from '../../protocol/events';
import type { ChannelEntryView, FolderView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { countDrafts } from '../client/drafts-list';
import { BROWSE_TEAMS_PATH, conversationPath, DRAFTS_PATH, FLAGGED_PATH } from '../client/router';
import { sidebarRows, type SidebarRow } from '../client/sidebar-model';
import { ConfirmDialog } from './ConfirmDialog';
import { CreateTeamDialog } from './CreateTeamDialog';
import { FolderNameDialog, MoveToFolderDialog } from './FolderDialogs';
import { Link } from './Link';
import { Menu } from './Menu';
import { useRangeKeeping, useRovingTabStop } from './roving-tab-stop';
import { StartDmDialog } from './StartDmDialog';
import { fallbackRect, observeRectWithFallback } from './virtual-rect';
import { isBlocked } from './contacts';
import type { ListPanelProps } from './list-panel';

const ROW_HEIGHT = 32;
const rowHeight = (): number => ROW_HEIGHT;

/** The show_last choices; null is "all". */
export const SHOW_LAST_CHOICES: readonly (number | null)[] = [null, 10, 20, 50, 100, 200];

/** A row's key in the list's roving tab stop; null for a row with nothing to focus (a heading with nothing unread). */
function rovingKey(row: SidebarRow): string | null {
  switch (row.kind) {
    case 'entry':
      // A conversation with unread mentions is listed twice: under Mentions and in its group.
      return `${row.group}:${row.entry.address}`;
    case 'folder':
      return `folder:${row.folder.guid}`;
    case 'heading':
      return row.unread > 0 ? `heading:${row.group}` : null;
  }
}

/** The rows in the roving tab stop: their keys, each key's row, and the open conversation's key. */
function rovingRows(rows: readonly SidebarRow[], activeAddress: string | null): { keys: string[]; rowOf: number[]; activeKey: string | null } {
  const keys: string[] = [];
  const rowOf: number[] = [];
  let activeKey: string | null = null;
  rows.forEach((row, i) => {
    const key = rovingKey(row);
    if (key === null) return;
    keys.push(key);
    rowOf.push(i);
    if (activeKey === null && row.kind === 'entry' && row.entry.address === activeAddress) activeKey = key;
  });
  return { keys, rowOf, activeKey };
}

type Open =
  | { kind: 'dm' }
  | { kind: 'team' }
  | { kind: 'new-folder'; parent: FolderView | null }
  | { kind: 'rename-folder'; folder: FolderView }
  | { kind: 'move-folder'; folder: FolderView }
  | { kind: 'delete-folder'; folder: FolderView }
  | { kind: 'move-channel'; entry: ChannelEntryView }
  | null;

/**
 * Where the keyboard goes once a change made in a dialog shows in the list: to the conversation or folder
 * moved, in its new place; to the row now where a deleted folder was. The rows are keyed by position, so the element that
 * opened the dialog may by then be another conversation's.
 */
type Follow =
  | { kind: 'entry'; address: string; folder: string | null }
  | { kind: 'folder'; guid: string; parent: string | null }
  | { kind: 'place'; gone: string; index: number }
  | null;

export interface SidebarProps {
  activeAddress: string | null;
  /** The flagged-messages view is open. */
  flaggedActive?: boolean;
  /** The Drafts page is open. */
  draftsActive?: boolean;
  onOpenSwitcher(): void;
  /** In a narrow window the list is a panel the header shows and hides (list-panel.ts): its id, element and keys. */
  panel?: ListPanelProps;
}

/** Memoized: it re-renders when the list or its props change, not with the rest of the shell. */
export const Sidebar = memo(function Sidebar({ activeAddress, flaggedActive = false, draftsActive = false, onOpenSwitcher, panel }: SidebarProps) {
  useSignals();
  const { store, core, router } = usePlaza();
  const prefs = store.preferences.value;
  const indexVersion = store.channelIndex.value;
  const folders = store.folders.value;
  // Which folders are collapsed is the user's, kept by the core in their log on this device, so it is back
  // after a reload (projections/preferences.ts says why there): a click asks the core, and the patch shows it.
  const collapsed: ReadonlySet<string> = useMemo(() => new Set(prefs.collapsedFolders), [prefs.collapsedFolders]);
  const rows: readonly SidebarRow[] = useMemo(
    () => sidebarRows(indexVersion.index, prefs, activeAddress, folders, collapsed),
    [indexVersion, prefs, activeAddress, folders, collapsed],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<Open>(null);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);

  // Every row is ROW_HEIGHT tall and keyed by its position, so a patch that reorders or changes
  // entries (a burst of messages) costs no re-measuring: only a change of the row count does, O(rows).
  // Re-measuring 5,000 rows per patch was the main thread's largest cost during a burst (profiled).
  // The keyboard's place: the row last moved to or focused, else the open conversation, else the first row.
  // Kept rendered while scrolled away, so the list always has its Tab stop and the place survives scrolling.
  const roving = useMemo(() => rovingRows(rows, activeAddress), [rows, activeAddress]);
  const { chosenIndex, listProps, focusKey, forget } = useRovingTabStop(roving.keys, {
    start: roving.activeKey,
    reveal: (index) => virtualizer.scrollToIndex(roving.rowOf[index]!, { align: 'auto' }),
  });
  // A conversation opened from elsewhere (the quick switcher, Alt+Shift+↓, a search hit): Tab and Ctrl+K G reach
  // it, not the row the keyboard last left in the list. Opened from the list, the keyboard stays where it is.
  const shownActive = useRef(activeAddress);
  useLayoutEffect(() => {
    if (shownActive.current === activeAddress) return;
    shownActive.current = activeAddress;
    forget();
    // forget is new each render; the open conversation is what is watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeAddress]);
  const stopRow = roving.rowOf[Math.max(chosenIndex, 0)] ?? -1;
  const rangeExtractor = useRangeKeeping(stopRow);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: rowHeight,
    overscan: 12,
    initialRect: fallbackRect(),
    observeElementRect: observeRectWithFallback,
    rangeExtractor,
  });

  const setExpanded = (guid: string, expanded: boolean): void => void core.$setFolderCollapsed(guid, !expanded);

  // Focus goes back to the button that opened the dialog (Dialog.tsx), then on to `follow`'s row, if any.
  const close = (): void => setOpen(null);
  const [follow, setFollow] = useState<Follow>(null);
  useLayoutEffect(() => {
    if (!follow) return;
    if (follow.kind === 'entry') {
      const row = rows.find((r) => r.kind === 'entry' && r.entry.address === follow.address && r.entry.folder === follow.folder);
      if (!row) return; // not moved yet in the list
      focusKey(rovingKey(row)!);
    } else if (follow.kind === 'folder') {
      if (!folders.some((f) => f.guid === follow.guid && f.parent_guid === follow.parent)) return;
      // Not there if moved into a closed folder: the keyboard stays where the dialog left it.
      if (roving.keys.includes(`folder:${follow.guid}`)) focusKey(`folder:${follow.guid}`);
    } else {
      if (roving.keys.includes(follow.gone)) return; // not gone yet
      const key = roving.keys[Math.min(follow.index, roving.keys.length - 1)];
      if (key) focusKey(key);
    }
    setFollow(null);
    // focusKey is new each render; the rows are what is waited for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, follow]);
  const moveChannel = async (entry: ChannelEntryView, to: string | null) => {
    const result = await core.$moveChannelToFolder(entry.address, to);
    if (result.ok) setFollow({ kind: 'entry', address: entry.address, folder: to });
    return result;
  };
  const moveFolder = async (folder: FolderView, to: string | null) => {
    const result = await core.$moveFolder(folder.guid, to);
    if (result.ok) setFollow({ kind: 'folder', guid: folder.guid, parent: to });
    return result;
  };
  const deleteFolder = async (folder: FolderView) => {
    const gone = `folder:${folder.guid}`;
    const index = roving.keys.indexOf(gone);
    const result = await core.$deleteFolder(folder.guid);
    if (result.ok && index >= 0) setFollow({ kind: 'place', gone, index });
    return result;
  };

  const markRead = async (entries: readonly ChannelEntryView[] | undefined, what: string): Promise<void> => {
    setStatus(null);
    const result = await core.$markAllRead(entries?.map((e) => e.address));
    if (!result.ok) setStatus({ error: true, text: `Could not mark ${what} read: ${result.error.message}` });
    else setStatus({ error: false, text: result.value.marked === 0 ? 'Nothing unread.' : `Marked ${result.value.marked} ${result.value.marked === 1 ? 'conversation' : 'conversations'} read.` });
  };

  const folderMenu = (folder: FolderView, entries: readonly ChannelEntryView[]) => [
    { label: 'Mark all read', onSelect: () => void markRead(entries, folder.name) },
    { label: 'Rename…', onSelect: () => setOpen({ kind: 'rename-folder', folder }) },
    { label: 'New subfolder…', onSelect: () => setOpen({ kind: 'new-folder', parent: folder }) },
    { label: 'Move to…', onSelect: () => setOpen({ kind: 'move-folder', folder }) },
    { label: 'Delete…', onSelect: () => setOpen({ kind: 'delete-folder', folder }) },
  ];

  let totalUnread = 0;
  for (const e of indexVersion.index.all()) totalUnread += e.unread;

  return (
    <nav className="sidebar" aria-label="Conversations" id={panel?.id} ref={panel?.ref} onKeyDown={panel?.onKeyDown} onClick={panel?.onClick}>
      <div className="sidebar-actions">
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
        <button type="button" aria-haspopup="dialog" aria-keyshortcuts="Control+K K Meta+K K" onClick={onOpenSwitcher}>
          Jump to…
        </button>
        <Link href={FLAGGED_PATH} className={flaggedActive ? 'flagged-link active' : 'flagged-link'} aria-current={flaggedActive ? 'page' : undefined}>
          Flagged messages
        </Link>
        <DraftsLink active={draftsActive} />
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
        {/* Entries still on their way (the first channel list after a first sign-in) are not "no conversations". */}
        {rows.length === 0 &&
          (store.channelsPending.value ? (
            <p className="empty" role="status">
              Loading conversations…
            </p>
          ) : (
            <p className="empty">{prefs.tab === 'unread' ? 'No unread conversations.' : 'No conversations yet.'}</p>
          ))}
        <div {...listProps} className="sidebar-list" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const tabIndex = item.index === stopRow ? 0 : -1;
            return (
              <div key={item.key} className="sidebar-row" data-roving-row={rovingKey(row) ?? undefined} style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
                {row.kind === 'heading' && (
                  <div className="group-heading-row">
                    <h2 className="group-heading">{row.label}</h2>
                    {row.unread > 0 && (
                      <button
                        type="button"
                        className="group-mark"
                        aria-label={`Mark read in ${row.label}`}
                        tabIndex={tabIndex}
                        data-roving-target
                        onClick={() => void markRead(row.entries, row.label)}
                      >
                        Mark read
                      </button>
                    )}
                  </div>
                )}
                {row.kind === 'folder' && (
                  <FolderRow
                    folder={row.folder}
                    expanded={row.expanded}
                    onExpand={(e) => setExpanded(row.folder.guid, e)}
                    menu={folderMenu(row.folder, row.entries)}
                    tabIndex={tabIndex}
                  />
                )}
                {row.kind === 'entry' && (
                  <ChannelRow
                    entry={row.entry}
                    depth={row.depth}
                    active={row.entry.address === activeAddress}
                    muted={store.channelNotify.value.get(row.entry.address)?.mute.kind != null}
                    onMove={setOpen}
                    tabIndex={tabIndex}
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
          form={`new-folder:${open.parent?.guid ?? ''}`}
          title={open.parent ? `New folder in ${open.parent.name}` : 'New folder'}
          submitLabel="Create"
          onSubmit={(name) => core.$createFolder(name, open.parent?.guid ?? null)}
          onClose={close}
        />
      )}
      {open?.kind === 'rename-folder' && (
        <FolderNameDialog
          form={`rename-folder:${open.folder.guid}`}
          title={`Rename ${open.folder.name}`}
          initial={open.folder.name}
          submitLabel="Rename"
          onSubmit={(name) => core.$renameFolder(open.folder.guid, name)}
          onClose={close}
        />
      )}
      {open?.kind === 'move-folder' && (
        <MoveToFolderDialog
          title={`Move ${open.folder.name} to…`}
          current={open.folder.parent_guid}
          exclude={open.folder.guid}
          onMove={(to) => moveFolder(open.folder, to)}
          onClose={close}
        />
      )}
      {open?.kind === 'delete-folder' && (
        <ConfirmDialog
          title={`Delete ${open.folder.name}?`}
          message="Its conversations and folders move up one level. Nothing else is deleted."
          confirmLabel="Delete folder"
          onConfirm={() => deleteFolder(open.folder)}
          onClose={close}
        />
      )}
      {open?.kind === 'move-channel' && (
        <MoveToFolderDialog
          title={`Move ${open.entry.name} to folder`}
          current={open.entry.folder}
          onMove={(to) => moveChannel(open.entry, to)}
          onClose={close}
        />
      )}
    </nav>
  );
});

/**
 * "Drafts", with how many there are when there are any: its accessible name is "Drafts 3". Its own component, so
 * that typing (a new draft text per key) re-renders it only when the count changes, not the sidebar.
 */
function DraftsLink({ active }: { active: boolean }) {
  useSignals();
  const { drafts } = usePlaza();
  const count = useComputed(() => countDrafts(drafts.byAddress.value)).value;
  return (
    <Link href={DRAFTS_PATH} className={active ? 'flagged-link drafts-link active' : 'flagged-link drafts-link'} aria-current={active ? 'page' : undefined}>
      Drafts
      {count > 0 && ' '}
      {count > 0 && <span className="badge">{count}</span>}
    </Link>
  );
}

function FolderRow({
  folder,
  expanded,
  onExpand,
  menu,
  tabIndex,
}: {
  folder: FolderView;
  expanded: boolean;
  onExpand: (expanded: boolean) => void;
  menu: { label: string; onSelect: () => void }[];
  tabIndex: 0 | -1;
}) {
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
      <button
        type="button"
        className={`folder-toggle${unread ? ' unread' : ''}`}
        aria-expanded={expanded}
        tabIndex={tabIndex}
        data-roving-target
        onClick={() => onExpand(!expanded)}
        onKeyDown={onKeyDown}
      >
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
      <Menu label={`Folder actions for ${folder.name}`} items={menu} tabIndex={tabIndex} />
    </div>
  );
}

/**
 * "Blocked" after a direct message's name while its other person is blocked (spec 3 §4.1: a blocked user shows as
 * blocked) — in words, not a colour alone, so the link reads "Gina Garcia Blocked". Read through a computed: the
 * directory changes with every presence report, and only this person's being blocked may re-render the row.
 */
function PeerBlocked({ userGuid }: { userGuid: string }) {
  useSignals();
  const { store } = usePlaza();
  const blocked = useComputed(() => isBlocked(store.usersByGuid.value.get(userGuid))).value;
  if (!blocked) return null;
  return (
    <>
      {' '}
      <span className="blocked-tag">Blocked</span>
    </>
  );
}

/** One conversation; re-rendered only when its entry, depth, active or muted state, or its place in the Tab order changes. */
const ChannelRow = memo(function ChannelRow({
  entry,
  depth,
  active,
  muted,
  onMove,
  tabIndex,
}: {
  entry: ChannelEntryView;
  depth: number;
  active: boolean;
  muted: boolean;
  onMove: (open: Open) => void;
  tabIndex: 0 | -1;
}) {
  const unread = entry.unread > 0;
  const classes = ['channel-link'];
  if (unread) classes.push('unread');
  if (active) classes.push('active');
  return (
    <div className="channel-row" style={depth ? { paddingLeft: `${depth * 1}rem` } : undefined}>
      <Link
        href={conversationPath(entry.address)}
        className={classes.join(' ')}
        aria-current={active ? 'page' : undefined}
        // Hovering shows the whole name (a long one is cut off in the row) and, under it, the last message.
        title={entry.preview ? `${entry.name}\n${entry.preview}` : entry.name}
        tabIndex={tabIndex}
        data-roving-target
      >
        <span className="channel-name">{entry.name}</span>
        {/* Keyed by the person: rows are keyed by position, and the mark reads one person's state. */}
        {entry.target_user_guid !== null && <PeerBlocked key={entry.target_user_guid} userGuid={entry.target_user_guid} />}
        {muted && (
          <span className="muted-mark" role="img" aria-label="muted">
            {' '}
            🔕
          </span>
        )}
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
      <Menu label={`Actions for ${entry.name}`} items={[{ label: 'Move to folder…', onSelect: () => onMove({ kind: 'move-channel', entry }) }]} tabIndex={tabIndex} />
    </div>
  );
});
