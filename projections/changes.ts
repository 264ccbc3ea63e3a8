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
  /** Channel addresses whose outbox entries (unsent posts, pending deletions) changed. */
  outbox: Set<string>;
  /** The open conversation changed. */
  openConversation: boolean;
  /** The sidebar preferences changed. */
  preferences: boolean;
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
  /** Notification settings, the global mute, or attention (the badge's idle star) changed. */
  notify: boolean;
  /** Channel addresses whose channel_on or mute changed. */
  channelNotify: Set<string>;
  /** A sound was decided. */
  sound: boolean;
  /** The popover queue changed. */
  popover: boolean;
  /** Two-factor reset requests changed. */
  mfa: boolean;
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
    outbox: new Set(),
    openConversation: false,
    preferences: false,
    threads: new Set(),
    threadOpen: false,
    flagged: false,
    messageSettings: false,
    userGuids: new Set(),
    people: false,
    search: false,
    alerts: new Set(),
    toasts: false,
    notify: false,
    channelNotify: new Set(),
    sound: false,
    popover: false,
    mfa: false,
    folderTree: false,
    teamDirectory: false,
    teamMembers: new Set(),
  };
}

/** A Set that keeps nothing. */
class DiscardingSet<T> extends Set<T> {
  override add(): this {
    return this;
  }
}

/** A Map that keeps nothing. */
class DiscardingMap<K, V> extends Map<K, V> {
  override set(): this {
    return this;
  }
}

/**
 * A change set that keeps nothing, for while no one will read one: before a UI subscribes (it then gets
 * a snapshot of everything), and in a replay, which has no UI. Folds write their changes into it as
 * usual; collecting them would grow without end (every message guid touched) and cost the collector.
 */
export function createDiscardingChangeSet(): ChangeSet {
  // Derived from createChangeSet, so a collection added there discards here too.
  const changes: Record<string, unknown> = { ...createChangeSet() };
  for (const [key, value] of Object.entries(changes)) {
    if (value instanceof Map) changes[key] = new DiscardingMap();
    else if (value instanceof Set) changes[key] = new DiscardingSet();
  }
  return changes as unknown as ChangeSet;
}

export function touchMessage(changes: ChangeSet, address: string, guid: string): void {
  if (changes.messages instanceof DiscardingMap) return;
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
    !changes.preferences &&
    !changes.threadOpen &&
    !changes.flagged &&
    !changes.messageSettings &&
    changes.threads.size === 0 &&
    !changes.toasts &&
    !changes.notify &&
    !changes.sound &&
    !changes.popover &&
    !changes.mfa &&
    changes.channelNotify.size === 0 &&
    !changes.folderTree &&
    !changes.teamDirectory &&
    changes.teamMembers.size === 0 &&
    changes.alerts.size === 0 &&
    changes.channels.size === 0 &&
    changes.messages.size === 0 &&
    changes.conversationMeta.size === 0 &&
    changes.typing.size === 0 &&
    changes.outbox.size === 0 &&
    changes.userGuids.size === 0 &&
    !changes.people &&
    !changes.search
  );
}
