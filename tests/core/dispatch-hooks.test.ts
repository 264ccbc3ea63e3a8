/**
 * The features' afterDispatch hooks (core-worker/dispatch-hooks.ts): every hook after a dispatch of several
 * events; after a dispatch of one, only those acting on its type (FeatureHooks.afterDispatchOf), handed a
 * reused array of one — which a hook dispatching in turn must not take from the hooks after it.
 */
import { describe, expect, it } from 'vitest';
import type { FeatureHooks } from '../../core-worker/core-context';
import { createDispatchHooks, type DispatchHooks } from '../../core-worker/dispatch-hooks';
import type { DomainEvent } from '../../protocol/events';

const tick: DomainEvent = { type: 'clock.ticked' };
const typing: DomainEvent = { type: 'typing.started', address: 'c1', user_guid: 'u1', name: 'U' };
const listed: DomainEvent = { type: 'statuses.listed', statuses: [] };

/** A feature whose hook notes, under its name, the types of the events it is handed. */
function noting(seen: string[], name: string, of?: DomainEvent['type'][], also?: (events: readonly DomainEvent[]) => void): FeatureHooks {
  return {
    ...(of ? { afterDispatchOf: new Set(of) } : {}),
    afterDispatch(events) {
      seen.push(`${name}:${events.map((e) => e.type).join('+')}`);
      also?.(events);
    },
  };
}

describe('the features\' afterDispatch hooks', () => {
  it('calls every hook, in the features\' order, after a dispatch of several events', () => {
    const seen: string[] = [];
    const hooks = createDispatchHooks([noting(seen, 'a'), {}, noting(seen, 'b', ['statuses.listed']), noting(seen, 'c')]);
    hooks.after([tick, typing]);
    expect(seen).toEqual(['a:clock.ticked+typing.started', 'b:clock.ticked+typing.started', 'c:clock.ticked+typing.started']);
  });

  it('after one event calls the hooks that act on its type, and those that name none', () => {
    const seen: string[] = [];
    const hooks = createDispatchHooks([noting(seen, 'a'), noting(seen, 'b', ['statuses.listed', 'users.listed']), noting(seen, 'c')]);
    hooks.afterOne(typing);
    hooks.afterOne(listed);
    hooks.afterOne(typing);
    expect(seen).toEqual(['a:typing.started', 'c:typing.started', 'a:statuses.listed', 'b:statuses.listed', 'c:statuses.listed', 'a:typing.started', 'c:typing.started']);
  });

  it('hands a dispatch of one its own array when it has one, else an array of the event', () => {
    const handed: (readonly DomainEvent[])[] = [];
    const hooks = createDispatchHooks([{ afterDispatch: (events) => void handed.push(events) }]);
    const own = [typing];
    hooks.afterOne(typing, own);
    hooks.afterOne(tick);
    expect(handed[0]).toBe(own);
    expect(handed[1]).toEqual([tick]);
  });

  it('gives a dispatch made by a hook an array of its own: the hooks after it still see their event', () => {
    const seen: string[] = [];
    let hooks: DispatchHooks | null = null;
    let nested = false;
    const dispatchingOnce = (events: readonly DomainEvent[]): void => {
      // As a hook showing a toast does: a dispatch while the hooks of another run.
      if (nested || events[0]!.type !== 'typing.started') return;
      nested = true;
      hooks!.afterOne(tick);
    };
    hooks = createDispatchHooks([noting(seen, 'a'), noting(seen, 'b', undefined, dispatchingOnce), noting(seen, 'c')]);
    hooks.afterOne(typing);
    expect(seen).toEqual(['a:typing.started', 'b:typing.started', 'a:clock.ticked', 'b:clock.ticked', 'c:clock.ticked', 'c:typing.started']);
  });

  it('is ready for the next dispatch after a hook threw', () => {
    const seen: string[] = [];
    let throwing = true;
    const hooks = createDispatchHooks([
      {
        afterDispatch() {
          if (throwing) throw new Error('a bug in a hook');
        },
      },
      noting(seen, 'b'),
    ]);
    expect(() => hooks.afterOne(typing)).toThrow('a bug in a hook');
    throwing = false;
    hooks.afterOne(tick);
    expect(seen).toEqual(['b:clock.ticked']);
  });
});
