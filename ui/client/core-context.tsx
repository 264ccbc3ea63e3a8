/** Gives components the view store, the core API, the router and the drafts (messages' and dialogs' forms'). */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { CoreApi } from '../../protocol/core-api';
import type { DebugApi } from '../../protocol/debug-api';
import { watchAttention } from './attention';
import { isMobileDevice } from './device';
import { createDrafts, watchDrafts, type Drafts } from './drafts';
import { watchNetwork } from './network';
import { watchOutboxHandoff } from './outbox-handoff';
import { watchPageEnd } from './page-end';
import { createRouter, type Router } from './router';
import { createFormDrafts, type FormDrafts } from './form-drafts';
import { createSessionImport, type SessionImport } from './session-import';
import { createStatusDrafts, type StatusDrafts } from './status-drafts';
import type { ViewStore } from './view-store';

export interface Plaza {
  store: ViewStore;
  core: CoreApi;
  router: Router;
  drafts: Drafts;
  /** Dialogs' unsaved forms, for the page's life (a new team, invitations by email). */
  formDrafts: FormDrafts;
  /** The status dialog's unsaved forms, for the page's life (kept among formDrafts). */
  statusDrafts: StatusDrafts;
  /** The session-replay debugger's worker API; started on first use when not given (tests pass a fake). */
  debug?: DebugApi;
  /** A session file chosen in the menu, handed to the debugger it opens. */
  sessionImport: SessionImport;
}

const PlazaContext = createContext<Plaza | null>(null);

export interface PlazaProviderProps {
  store: ViewStore;
  /** The worker's API (connectCore()) or, in tests, a fake. */
  core: CoreApi;
  router?: Router;
  drafts?: Drafts;
  debug?: DebugApi;
  /**
   * The debugger's replayed app: it shows recorded state and takes no part among the browser's tabs — it holds
   * no tab lock and says nothing on the handoff channel, or the recorded user's live tabs would take it for
   * one of theirs that went.
   */
  replayed?: boolean;
  children: ReactNode;
}

export function PlazaProvider({ store, core, router, drafts, debug, replayed = false, children }: PlazaProviderProps) {
  const [value] = useState<Plaza>(() => {
    const formDrafts = createFormDrafts();
    return {
      store,
      core,
      router: router ?? createRouter(),
      drafts: drafts ?? createDrafts(),
      formDrafts,
      statusDrafts: createStatusDrafts(formDrafts),
      sessionImport: createSessionImport(),
      ...(debug ? { debug } : {}),
    };
  });
  useEffect(() => value.router.listen(), [value]);
  useEffect(() => watchAttention(value.core), [value]);
  useEffect(() => watchNetwork(value.core), [value]);
  useEffect(() => watchDrafts(value.drafts, value.store), [value]);
  useEffect(() => (replayed ? undefined : watchOutboxHandoff(value.core, value.store)), [value, replayed]);
  // The replayed app's core is inert: it has nothing to store.
  useEffect(() => (replayed ? undefined : watchPageEnd(value.core)), [value, replayed]);
  useEffect(() => void value.core.$describeDevice({ mobile: isMobileDevice() }), [value]);
  return <PlazaContext.Provider value={value}>{children}</PlazaContext.Provider>;
}

/** The Plaza context; throws outside a PlazaProvider (a bug, not a state). */
export function usePlaza(): Plaza {
  const plaza = useContext(PlazaContext);
  if (!plaza) throw new Error('usePlaza() used outside <PlazaProvider>');
  return plaza;
}
