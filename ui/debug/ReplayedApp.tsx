/**
 * The real app UI at the debugger's position: AppShell inside its own
 * provider, whose store is filled only by applying the snapshot patch and
 * whose core does nothing. Its router lives in memory, so clicks inside never
 * move the debugger page, and its overlays (dialogs, menus, pickers) render in
 * a layer inside its frame, so they cover the frame and not the debugger.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useLayoutEffect, useState } from 'react';
import type { ViewPatch } from '../../protocol/views';
import { PlazaProvider, usePlaza } from '../client/core-context';
import { conversationPath, createMemoryRouter } from '../client/router';
import { applyPatch, createViewStore } from '../client/view-store';
import { AppShell } from '../components/AppShell';
import { OverlayLayerProvider } from '../components/overlay-layer';
import { createInertCore } from './inert-core';

function ReplayedShell() {
  useSignals();
  const { store, router } = usePlaza();
  const status = store.session.value.status;
  if (status !== 'signed-in') return <p className="empty-state">Not signed in at this point ({status}).</p>;
  return <AppShell route={router.route.value} sessionActions={false} shortcutsFrom="shell" embedded />;
}

export function ReplayedApp({ view }: { view: ViewPatch }) {
  const [store] = useState(createViewStore);
  const [router] = useState(() => createMemoryRouter('/'));
  const [core] = useState(createInertCore);
  const [layer, setLayer] = useState<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    applyPatch(store, view);
    const address = view.conversation?.address ?? null;
    router.navigate(address ? conversationPath(address) : '/');
  }, [view, store, router]);
  return (
    <section className="replayed-app" aria-label="Replayed app">
      <PlazaProvider store={store} core={core} router={router} replayed>
        <OverlayLayerProvider value={layer}>
          <ReplayedShell />
        </OverlayLayerProvider>
      </PlazaProvider>
      <div ref={setLayer} />
    </section>
  );
}
