/** Renders the whole App against a FakeCore at a given URL, with the store subscribed as main.tsx does. */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ViewPatch } from '../../protocol/views';
import { App } from '../App';
import { PlazaProvider } from '../client/core-context';
import { createDrafts } from '../client/drafts';
import { createRouter } from '../client/router';
import { applyPatch, createViewStore } from '../client/view-store';
import { FakeCore } from './fake-core';
import { ALICE } from './views';

export interface RenderAppOptions {
  path?: string;
  /** Patches pushed before the first render (e.g. a snapshot). */
  patches?: ViewPatch[];
}

export function renderApp({ path = '/', patches = [] }: RenderAppOptions = {}) {
  window.history.replaceState(null, '', path);
  const core = new FakeCore();
  const store = createViewStore();
  void core.$subscribe((patch) => applyPatch(store, patch));
  for (const patch of patches) core.push(patch);
  const router = createRouter(window);
  // jsdom cannot navigate: a full navigation (App.tsx, at a session end) is noted and followed in the history only.
  const left: string[] = [];
  router.leave = (to) => {
    left.push(to);
    router.navigate(to, { replace: true });
  };
  const drafts = createDrafts(window.localStorage);
  const view = render(
    <PlazaProvider store={store} core={core} router={router} drafts={drafts}>
      <App />
    </PlazaProvider>,
  );
  return {
    ...view,
    core,
    store,
    router,
    drafts,
    /** Pushes a patch inside act(), so React has re-rendered when it returns. */
    push: (patch: ViewPatch) => act(() => core.push(patch)),
    location: () => window.location.pathname + window.location.search,
    /** Where the page went by full navigations (Router.leave), in order. */
    left: () => [...left],
  };
}

/** Chooses an action of the header's session menu (Export session, Recording settings…, Import session…, Sign out), as a person does: the menu under their name, then the item. */
export function chooseSessionAction(action: string, user: { name: string } = ALICE): void {
  fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: user.name }));
  fireEvent.click(screen.getByRole('menuitem', { name: action }));
}
