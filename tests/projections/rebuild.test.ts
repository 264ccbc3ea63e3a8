/**
 * Every incremental path has a from-scratch twin (STYLE.md principle 3): folding
 * a log event by event — resuming from a rebuilt prefix, as a reloaded page
 * does — gives exactly the state of folding the whole log at once.
 */
import { describe, expect, it } from 'vitest';
import { channel, LogBuilder, message, T0, user } from '../../fixtures/builders';
import { randomLog } from '../../fixtures/random-log';
import { canonicalize, canonicalJson } from '../../projections/canonical';
import { createChangeSet } from '../../projections/changes';
import { applyEnvelope, applyEveryFold, createProjections, foldAll } from '../../projections/fold';
import { recountTotal } from '../../projections/unread';

describe('incremental folding equals rebuilding from the log', () => {
  it('for 200 random logs, resumed from every kind of prefix', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { envelopes } = randomLog(seed, 120);
      const fromScratch = canonicalJson(foldAll(envelopes));
      // foldAll keeps no changes (nobody reads them): folding while noting every change gives the same state.
      const noted = createProjections();
      const all = createChangeSet();
      for (const envelope of envelopes) applyEnvelope(noted, envelope, all);
      expect(canonicalJson(noted), `seed ${seed}`).toBe(fromScratch);
      // Incremental: resume from a rebuilt prefix (a reload), then fold the tail one event at a time.
      const cut = seed % envelopes.length;
      const live = foldAll(envelopes.slice(0, cut));
      const changes = createChangeSet();
      for (const envelope of envelopes.slice(cut)) applyEnvelope(live, envelope, changes);
      expect(canonicalJson(live), `seed ${seed}`).toBe(fromScratch);
      expect(live.unread.total, `seed ${seed}`).toBe(recountTotal(live.unread));
      // Folding the same envelope twice changes nothing (seq guard).
      applyEnvelope(live, envelopes.at(-1)!, changes);
      expect(canonicalJson(live)).toBe(fromScratch);
    }
  });

  it('applyEnvelope’s shortcuts fold exactly as every fold does: the same state, the same changes noted (200 random logs; fold-shortcuts.test.ts has hostile ones)', () => {
    const asJson = (changes: ReturnType<typeof createChangeSet>) => JSON.stringify(canonicalize(changes));
    let typing = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const { envelopes } = randomLog(seed, 120);
      const short = createProjections();
      const every = createProjections();
      for (const envelope of envelopes) {
        const a = createChangeSet();
        const b = createChangeSet();
        applyEnvelope(short, envelope, a);
        applyEveryFold(every, envelope, b);
        if (envelope.event.type === 'typing.started') typing++;
        expect(asJson(a), `seed ${seed} seq ${envelope.seq} ${envelope.event.type}`).toBe(asJson(b));
      }
      expect(canonicalJson(short), `seed ${seed}`).toBe(canonicalJson(every));
    }
    expect(typing).toBeGreaterThan(1_000);
  });

  it('the rebuilt state is the one the events describe', () => {
    const log = new LogBuilder()
      .add({ type: 'session.started', user: user({ target_user_guid: 'me' }) })
      .add({ type: 'channels.listed', channels: [channel({ address: 'a' })] })
      .add({ type: 'message.received', message: message({ guid: 'x', address: 'a', created: T0 + 1, from_guid: 'alice' }) });
    expect(foldAll(log.envelopes).unread.byAddress.get('a')?.count).toBe(1);
  });
});
