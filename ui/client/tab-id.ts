/**
 * This tab's id, made once per page: the core worker is named by it (connect-core.ts), so the outbox entries
 * it stores say which tab stored them, and the tab's Web Lock carries it (outbox-handoff.ts), so the user's other
 * tabs, told this one is gone, take over only its entries.
 */
// randomUUID exists only in secure contexts; a page served over plain http on a LAN has none.
export const TAB_ID: string = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
