/**
 * What a fold touched, so the publisher can send only those records to the UI.
 * Folds mutate their own state in place and note the keys they changed here:
 * copying a 5,000-channel map per event (as an Immer `produce` would) is the
 * cost Plaza exists to avoid.
 */
export interface ChangeSet {
  session: boolean;
  connection: boolean;
  users: boolean;
  /** Channel addresses whose sidebar entry changed. */
  channels: Set<string>;
  /** Every channel may have changed (a full channel list arrived). */
  allChannels: boolean;
  /** Per channel: message guids that changed, or 'all' when the store was rebuilt. */
  messages: Map<string, Set<string> | 'all'>;
  /** Channel addresses whose paged-store metadata changed. */
  conversationMeta: Set<string>;
  /** Channel addresses whose typing list changed. */
  typing: Set<string>;
  /** The open conversation changed. */
  openConversation: boolean;
  /** Threads (by the guid of their first message) whose replies or first message changed. */
  threads: Set<string>;
  /** The open thread changed. */
  threadOpen: boolean;
  /** The flagged-messages list changed. */
  flagged: boolean;
  /** The local message settings (skin tone, emoji use) changed. */
  messageSettings: boolean;
  /** Users whose presence, custom status or details changed (the users section resends only these). */
  userGuids: Set<string>;
  /** The people view changed (own statuses, directory search, connections, the bot's error). */
  people: boolean;
  /** The search view changed. */
  search: boolean;
  /** Alert guids that appeared, changed or went away. */
  alerts: Set<string>;
  /** The toast stack changed. */
  toasts: boolean;
  /** A folder appeared, changed or went away: folder views and their totals are rebuilt. */
  folderTree: boolean;
  /** The "Browse teams" directory changed. */
  teamDirectory: boolean;
  /** Channel addresses whose members panel data changed. */
  teamMembers: Set<string>;
}

export function createChangeSet(): ChangeSet {
  return {
    session: false,
    connection: false,
    users: false,
    channels: new Set(),
    allChannels: false,
    messages: new Map(),
    conversationMeta: new Set(),
    typing: new Set(),
    openConversation: false,
    threads: new Set(),
    threadOpen: false,
    flagged: false,
    messageSettings: false,
    userGuids: new Set(),
    people: false,
    search: false,
    alerts: new Set(),
    toasts: false,
    folderTree: false,
    teamDirectory: false,
    teamMembers: new Set(),
  };
}

export function touchMessage(changes: ChangeSet, address: string, guid: string): void {
  const current = changes.messages.get(address);
  if (current === 'all') return;
  if (current) current.add(guid);
  else changes.messages.set(address, new Set([guid]));
}

export function isEmpty(changes: ChangeSet): boolean {
  return (
    !changes.session &&
    !changes.connection &&
    !changes.users &&
    !changes.allChannels &&
    !changes.openConversation &&
    !changes.threadOpen &&
    !changes.flagged &&
    !changes.messageSettings &&
    changes.threads.size === 0 &&
    !changes.toasts &&
    !changes.folderTree &&
    !changes.teamDirectory &&
    changes.teamMembers.size === 0 &&
    changes.alerts.size === 0 &&
    changes.channels.size === 0 &&
    changes.messages.size === 0 &&
    changes.conversationMeta.size === 0 &&
    changes.typing.size === 0 &&
    changes.userGuids.size === 0 &&
    !changes.people &&
    !changes.search
  );
}
