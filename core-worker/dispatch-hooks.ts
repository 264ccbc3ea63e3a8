/**
 * The features' afterDispatch hooks, called after every dispatch's folds in the features' order. A busy
 * socket's frames are dispatched one event at a time — a million-frame replay made a million dispatches —
 * so a dispatch of one event is spared two costs of the general case: a hook that names the event types it
 * acts on (FeatureHooks.afterDispatchOf) is called only for those, and the hooks are handed one array kept
 * for the purpose instead of a new array of one.
 */
import type { DomainEvent } from '../protocol/events';
import type { FeatureHooks } from './core-context';

export type DispatchHook = (events: readonly DomainEvent[]) => void;

export interface DispatchHooks {
  /** After a dispatch of any number of events: every hook. */
  after(events: readonly DomainEvent[]): void;
  /**
   * After a dispatch of one event: the hooks that act on its type. `events` is the dispatch's own array of
   * it when there is one; without it, the hooks are handed an array that is reused — they must not keep it.
   */
  afterOne(event: DomainEvent, events?: readonly DomainEvent[]): void;
}

export function createDispatchHooks(features: readonly FeatureHooks[]): DispatchHooks {
  // Each hook bound once: called through the feature objects (a dozen shapes), every dispatch looked each one up first.
  const entries = features.flatMap((f) => (f.afterDispatch ? [{ hook: f.afterDispatch.bind(f) as DispatchHook, of: f.afterDispatchOf }] : []));
  const every: readonly DispatchHook[] = entries.map((e) => e.hook);
  // The hooks for one event of each type, found at the first such dispatch. Found apart from hooksOf: a closure
  // there that used `type` made every call allocate a scope for it (a million-frame replay: 34 MB, one per dispatch).
  const byType = new Map<DomainEvent['type'], readonly DispatchHook[]>();
  const hooksFor = (type: DomainEvent['type']): readonly DispatchHook[] => entries.filter((e) => e.of === undefined || e.of.has(type)).map((e) => e.hook);
  const hooksOf = (type: DomainEvent['type']): readonly DispatchHook[] => {
    let hooks = byType.get(type);
    if (!hooks) byType.set(type, (hooks = hooksFor(type)));
    return hooks;
  };
  const call = (hooks: readonly DispatchHook[], events: readonly DomainEvent[]): void => {
    for (let i = 0; i < hooks.length; i++) hooks[i]!(events);
  };

  // The reused array of one event, and whether hooks are being handed it now: a hook that dispatches in turn
  // (a toast it shows) gets an array of its own, so the hooks after it still see their event.
  const one: DomainEvent[] = [{ type: 'clock.ticked' }];
  let oneInUse = false;

  return {
    after: (events) => call(every, events),
    afterOne(event, events) {
      const hooks = hooksOf(event.type);
      let handed: readonly DomainEvent[];
      if (events !== undefined) handed = events;
      else if (oneInUse) handed = [event];
      else {
        // Replaced, never emptied: an array emptied (length 0) gives up its storage, and the next store made it anew.
        one[0] = event;
        handed = one;
        oneInUse = true;
      }
      for (let i = 0; i < hooks.length; i++) hooks[i]!(handed);
      if (handed === one) oneInUse = false;
    },
  };
}
