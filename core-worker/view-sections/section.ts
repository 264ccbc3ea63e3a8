/**
 * One part of the view patch (protocol/views.ts): it knows what the UI holds
 * of its records, and adds to a patch what changed since. New screens add a
 * section file and one line in publisher.ts.
 */
import type { ChangeSet } from '../../projections/changes';
import type { Projections } from '../../projections/fold';
import type { ViewPatch } from '../../protocol/views';
import type { RuntimeState } from '../publisher';

export interface SectionInput {
  p: Projections;
  changes: ChangeSet;
  runtime: RuntimeState;
  /** A full snapshot for a new subscriber (or after another user's log was loaded). */
  reset: boolean;
}

export interface ViewSection {
  /** Adds this section's fields to `patch` when something it shows changed (always on reset). */
  build(patch: ViewPatch, input: SectionInput): void;
  /** Forgets what the UI holds: the next build is a snapshot. */
  forget(): void;
  /** Whether changes are still waiting for a later patch (the publisher then schedules another frame). */
  hasBacklog?(): boolean;
}

/** Structural equality of two view records (they are small, plain and JSON-safe). */
export function sameView(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
