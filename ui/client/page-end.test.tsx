// @vitest-environment jsdom
/** The page tells the core when it goes or is hidden, so the worker stores what only it holds (core-api.ts $pageHidden). */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeCore } from '../testing/fake-core';
import { PlazaProvider } from './core-context';
import { watchPageEnd } from './page-end';
import { createViewStore } from './view-store';

afterEach(cleanup);

/** Sets what document.visibilityState reads, and says so as the browser does. */
function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('watchPageEnd', () => {
  it('asks the core to store what is pending when the page is left, goes, or is hidden — not when it is shown', () => {
    const core = new FakeCore();
    const stop = watchPageEnd(core);
    window.dispatchEvent(new Event('beforeunload'));
    window.dispatchEvent(new Event('pagehide'));
    expect(core.callsTo('$pageHidden')).toHaveLength(2);
    setVisibility('hidden');
    expect(core.callsTo('$pageHidden')).toHaveLength(3);
    setVisibility('visible');
    expect(core.callsTo('$pageHidden')).toHaveLength(3);
    stop();
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('hidden');
    expect(core.callsTo('$pageHidden')).toHaveLength(3);
    setVisibility('visible');
  });

  it('is watched by the app’s provider, and not by the debugger’s replayed app (an inert core)', () => {
    const live = new FakeCore();
    const view = render(<PlazaProvider store={createViewStore()} core={live}>{null}</PlazaProvider>);
    window.dispatchEvent(new Event('pagehide'));
    expect(live.callsTo('$pageHidden')).toHaveLength(1);
    view.unmount();

    const replayed = new FakeCore();
    render(<PlazaProvider store={createViewStore()} core={replayed} replayed>{null}</PlazaProvider>);
    window.dispatchEvent(new Event('pagehide'));
    expect(replayed.callsTo('$pageHidden')).toHaveLength(0);
    expect(live.callsTo('$pageHidden')).toHaveLength(1);
  });
});
